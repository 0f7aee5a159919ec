/// A band of the page printed in tall, condensed glyphs: the double-height print that receipt
/// printers use for the total (`GRAND TOTAL`, `TOTALE`, `SUMME`). Tesseract's models have
/// seen few glyphs twice as high as they are wide; they misread such a line or drop it
/// altogether ("GANO TOTAL via" for "GRAND TOTAL $125.99"). Stretched back to ordinary
/// proportions the same line reads cleanly, so these bands are read again on their own.
struct TallBand: Equatable {
    /// The band in page coordinates, with a margin.
    var box: OCRBox
    /// Horizontal factor that gives the band's glyphs ordinary proportions.
    var stretch: Double
    /// Median glyph height in the band (pixels).
    var glyphHeight: Double
}

enum TallLines {
    /// A glyph this many times the page's ordinary capital height or more is tall.
    static let minHeightRatio = 1.6
    static let maxHeightRatio = 3.5
    /// Bands whose glyphs are at most this much narrower (relative to their height) than the
    /// page's ordinary glyphs are left alone: big text of ordinary proportions (a logo, a
    /// double-width-and-height heading) reads well as it is.
    static let maxAspectRatio = 0.75
    /// Glyphs needed for a band ("TOTAL" and a price).
    static let minGlyphs = 5
    /// The page's own reading of a band stands when its words' mean confidence is this or more.
    static let keepPageReadingAbove = 0.8
    /// Most bands read again on one page (each costs one single-line recognition).
    static let maxBands = 4

    /// Finds the tall condensed bands of a page from its glyph-like connected components.
    static func bands(in pix: PixHandle) -> [TallBand] {
        // At full size (no downscaled copy): the boxes are in page coordinates.
        let glyphs = Preprocessor.glyphBoxes(pix, maxSide: Double(max(pix.width, pix.height)))
        return bands(glyphs: glyphs.boxes, width: pix.width, height: pix.height)
    }

    /// The bands among `glyphs` (page coordinates) of a `width` x `height` page.
    static func bands(glyphs: [OCRBox], width: Int, height: Int) -> [TallBand] {
        guard glyphs.count >= 20 else { return [] }
        // The ordinary capital height: the median is the x-height on a page of lowercase text,
        // and capitals are 1.4 times that, the upper quartile is about the capitals.
        let heights = glyphs.map { Double($0.height) }.sorted()
        let ordinary = heights[heights.count * 3 / 4]
        let ordinaryAspect = Self.median(
            glyphs.filter { Double($0.height) < 1.3 * ordinary }.map { Double($0.width) / Double($0.height) }
        )
        let tall = glyphs.filter {
            let h = Double($0.height)
            return h >= minHeightRatio * ordinary && h <= maxHeightRatio * ordinary
        }.sorted { $0.y < $1.y }
        // Rows of tall glyphs: each glyph joins the row it overlaps vertically by half its height.
        var rows: [[OCRBox]] = []
        for glyph in tall {
            if let index = rows.lastIndex(where: { row in
                let span = row.dropFirst().reduce(row[0]) { $0.union($1) }
                return Double(span.verticalOverlap(glyph)) >= 0.5 * Double(glyph.height)
            }) {
                rows[index].append(glyph)
            } else {
                rows.append([glyph])
            }
        }
        var bands: [TallBand] = []
        for row in rows where row.count >= minGlyphs {
            let rowHeight = Self.median(row.map { Double($0.height) })
            // Glyphs of one printed line have about the same height: keep those, drop strays.
            let members = row.filter { abs(Double($0.height) - rowHeight) <= 0.25 * rowHeight }
            guard members.count >= minGlyphs else { continue }
            let aspect = Self.median(members.map { Double($0.width) / Double($0.height) })
            guard ordinaryAspect > 0, aspect <= maxAspectRatio * ordinaryAspect else { continue }
            let span = members.dropFirst().reduce(members[0]) { $0.union($1) }
            // Two ordinary lines printed close together merge some glyphs into double-height
            // blobs, but most of their glyphs stay ordinary; a real tall line holds none.
            let ordinaryInside = glyphs.filter { g in
                let h = Double(g.height)
                return h >= 0.6 * ordinary && h < 1.3 * ordinary
                    && (span.x...span.maxX).contains(g.x + g.width / 2) && (span.y...span.maxY).contains(g.y + g.height / 2)
            }
            guard 2 * ordinaryInside.count < members.count else { continue }
            let margin = rowHeight * 0.3
            let x0 = max(0, Double(span.x) - 2 * margin)
            let y0 = max(0, Double(span.y) - margin)
            let x1 = min(Double(width), Double(span.maxX) + 2 * margin)
            let y1 = min(Double(height), Double(span.maxY) + margin)
            guard x1 > x0 + 1, y1 > y0 + 1 else { continue }
            bands.append(
                TallBand(
                    box: OCRBox(x: Int(x0), y: Int(y0), width: Int(x1 - x0), height: Int(y1 - y0)),
                    stretch: min(3, ordinaryAspect / aspect),
                    glyphHeight: rowHeight
                )
            )
        }
        return Array(bands.prefix(maxBands))
    }

    /// The page's lines with the band's own reading in place of the words the page reading
    /// made of it (those mostly inside the band). A band is found from the shape of its glyphs,
    /// not from what Tesseract made of them, and Tesseract's confidence in a stretched line runs
    /// low even when it reads right (0.2 for a clean "TOTALE 82.00"), so the band's reading wins
    /// whenever it holds some text, unless the page already read the band confidently (a
    /// stretched reading can lose a decimal point that the page reading kept).
    static func merge(_ band: OCRBox, reading words: [OCRWord], into page: OCRPage) -> OCRPage? {
        let letters = words.reduce(0) { $0 + $1.text.filter { $0.isLetter || $0.isNumber }.count }
        guard letters >= 3 else { return nil }
        func inBand(_ word: OCRWord) -> Bool {
            let cx = Double(word.box.x) + Double(word.box.width) / 2
            return (Double(band.x)...Double(band.maxX)).contains(cx) && onBandRow(word)
        }
        func onBandRow(_ word: OCRWord) -> Bool { Double(word.box.verticalOverlap(band)) >= 0.5 * Double(word.box.height) }
        guard page.words.filter(inBand).meanConfidence < keepPageReadingAbove else { return nil }
        let kept = page.words.filter { !inBand($0) }
        var merged = page
        // The band's words are one line by construction, with the words of the page beside the
        // band on the same row (a label left of a tall amount): added as one, not regrouped.
        let beside = kept.filter(onBandRow)
        var lines = LineBuilder.lines(from: kept.filter { !onBandRow($0) })
        lines.append(LineBuilder.makeLine((beside + words).sorted { $0.box.x < $1.box.x }))
        lines.sort { ($0.box.midY, $0.box.x) < ($1.box.midY, $1.box.x) }
        merged.lines = lines
        merged.confidence = merged.words.meanConfidence
        return merged
    }

    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        return values.sorted()[values.count / 2]
    }
}
