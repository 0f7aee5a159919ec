internal import CTesseract

/// Sauvola binarisation in one pass over the page, bit for bit what Leptonica's
/// `pixSauvolaBinarize` (with a mirrored border) produces.
///
/// Why our own: Leptonica builds five full-page intermediates for it (a bordered copy, a 32-bit
/// and a 64-bit floating-point integral image, the mean and mean-square pages, the threshold
/// page), about 60 MB of memory traffic for an enlarged photo. Here the window sums come from
/// running column sums, and a pixel no darker than its window's mean is white without computing
/// the threshold (the threshold never exceeds the mean), so the square root is taken only for
/// the darker half. The arithmetic of the threshold is Leptonica's, in the same types, so that
/// readings do not change: `OCREngineTests` compares the two on photos and scans.
enum SauvolaThreshold {
    /// Black (1) where a pixel is darker than `mean * (1 - k * (1 - deviation / 128))` over the
    /// `(2 * halfWidth + 1)`-square window around it, the page mirrored at its edges. Nil when
    /// the page is not 8-bit gray or is too small for the window (as Leptonica refuses it).
    static func binarize(_ gray: PixHandle, halfWidth: Int, k: Float) -> PixHandle? {
        guard gray.depth == 8, pixGetColormap(gray.pointer) == nil, halfWidth >= 2, k >= 0 else { return nil }
        let width = gray.width
        let height = gray.height
        let window = 2 * halfWidth + 1
        guard width >= window + 2, height >= window + 2,
            let output = PixHandle(pixCreate(Int32(width), Int32(height), 1)),
            let source = pixGetData(gray.pointer), let target = pixGetData(output.pointer)
        else { return nil }
        pixCopyResolution(output.pointer, gray.pointer)
        let sourceWords = Int(pixGetWpl(gray.pointer))
        let targetWords = Int(pixGetWpl(output.pointer))

        // Leptonica's normalisations: a float for the mean (truncated), a double for the mean
        // square (rounded), and the factor promoted from float in the threshold.
        let meanNorm = Float(1.0 / Double(Float(window * window)))
        let squareNorm = 1.0 / Double(Float(window * window))
        let factor = Double(k)

        // Columns of the page widened by the mirrored border: index c is page column c - halfWidth.
        let paddedWidth = width + 2 * halfWidth
        let mirroredColumn = (0..<paddedWidth).map { mirror($0 - halfWidth, count: width) }
        var columnSums = [UInt32](repeating: 0, count: paddedWidth)
        var columnSquares = [UInt32](repeating: 0, count: paddedWidth)

        columnSums.withUnsafeMutableBufferPointer { sums in
            columnSquares.withUnsafeMutableBufferPointer { squares in
                mirroredColumn.withUnsafeBufferPointer { columns in
                    let bytes = UnsafeRawPointer(source).assumingMemoryBound(to: UInt8.self)
                    // Leptonica keeps 8-bit pixels in native 32-bit words, most significant byte
                    // first: on a little-endian machine pixel x is byte x ^ 3 of its row.
                    @inline(__always) func pixel(_ row: UnsafePointer<UInt8>, _ x: Int) -> UInt32 {
                        UInt32(row[x ^ 3])
                    }
                    func rowStart(_ y: Int) -> UnsafePointer<UInt8> {
                        bytes + mirror(y, count: height) * sourceWords * 4
                    }
                    func update(_ y: Int, adding: Bool) {
                        let row = rowStart(y)
                        for c in 0..<paddedWidth {
                            let value = pixel(row, columns[c])
                            if adding {
                                sums[c] &+= value
                                squares[c] &+= value * value
                            } else {
                                sums[c] &-= value
                                squares[c] &-= value * value
                            }
                        }
                    }
                    for y in -halfWidth...halfWidth { update(y, adding: true) }

                    for y in 0..<height {
                        if y > 0 {
                            update(y - 1 - halfWidth, adding: false)
                            update(y + halfWidth, adding: true)
                        }
                        let row = bytes + y * sourceWords * 4
                        let out = target + y * targetWords
                        var sum: UInt32 = 0
                        var square: UInt32 = 0
                        for c in 0..<window {
                            sum &+= sums[c]
                            square &+= squares[c]
                        }
                        var word: UInt32 = 0
                        for x in 0..<width {
                            let value = pixel(row, x)
                            let mean = UInt32(Float(sum) * meanNorm)
                            if value < mean {
                                let meanSquare = UInt32(squareNorm * Double(square) + 0.5)
                                let deviation = Float(meanSquare &- mean * mean).squareRoot()
                                let threshold = Int(Double(mean) * (1.0 - factor * (1.0 - Double(deviation) / 128.0))) & 0xff
                                if Int(value) < threshold { word |= 0x8000_0000 >> UInt32(x & 31) }
                            }
                            if x & 31 == 31 || x == width - 1 {
                                out[x >> 5] = word
                                word = 0
                            }
                            if x + 1 < width {
                                sum = sum &+ sums[x + window] &- sums[x]
                                square = square &+ squares[x + window] &- squares[x]
                            }
                        }
                    }
                }
            }
        }
        return output
    }

    /// The index a mirrored border reads for `index` (the edge pixel repeated, then the ones
    /// inside it): -1 reads 0, -2 reads 1, `count` reads `count - 1`.
    @inline(__always) static func mirror(_ index: Int, count: Int) -> Int {
        if index < 0 { return -1 - index }
        if index >= count { return 2 * count - 1 - index }
        return index
    }
}
