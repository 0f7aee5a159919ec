internal import CTesseract
import Foundation

/// The crop stage: find the paper in a photo, crop to it, and whiten the table around a receipt
/// lying at an angle, without ever cutting away text.
extension Preprocessor {
    /// Finds the largest bright region (the paper) on a downscaled copy and crops to it with a margin.
    /// Returns nil when the receipt already fills the frame or nothing receipt-like is found.
    static func cropToReceipt(_ pix: PixHandle) -> (PixHandle, OCRBox)? {
        guard let gray = grayView(pix) else { return nil }
        let width = gray.width
        let height = gray.height
        let factor = min(1.0, 600.0 / Double(max(width, height)))
        guard let small = factor < 1 ? PixHandle(pixScaleGeneral(gray.pointer, Float(factor), Float(factor), 0, 0)) : gray
        else { return nil }
        // Global Otsu split: the paper is the bright class.
        var threshold: Int32 = 0
        guard pixSplitDistributionFgBg(small.pointer, 0.1, 1, &threshold, nil, nil, nil) == 0,
            let dark = PixHandle(pixThresholdToBinary(small.pointer, threshold)),
            let bright = PixHandle(pixInvert(nil, dark.pointer)),
            // Close the holes of the printed text, then cut thin bridges to bright clutter.
            let closed = PixHandle(pixCloseBrick(nil, bright.pointer, 9, 9)),
            let opened = PixHandle(pixOpenBrick(nil, closed.pointer, 7, 7))
        else { return nil }
        var pixa: UnsafeMutablePointer<Pixa>?
        guard let boxa = pixConnComp(opened.pointer, &pixa, 8) else { return nil }
        var boxaOptional: UnsafeMutablePointer<Boxa>? = boxa
        defer {
            boxaDestroy(&boxaOptional)
            pixaDestroy(&pixa)
        }
        let count = boxaGetCount(boxa)
        guard count > 0, let pixa else { return nil }
        var best: (pixels: Int32, x: Int32, y: Int32, w: Int32, h: Int32) = (0, 0, 0, 0, 0)
        for i in 0..<count {
            var x: Int32 = 0
            var y: Int32 = 0
            var w: Int32 = 0
            var h: Int32 = 0
            boxaGetBoxGeometry(boxa, i, &x, &y, &w, &h)
            guard w * h > best.pixels else { continue }
            var pixels: Int32 = 0
            if let component = pixaGetPix(pixa, i, Int32(L_CLONE)) {
                var c: UnsafeMutablePointer<Pix>? = component
                pixCountPixels(component, &pixels, nil)
                pixDestroy(&c)
            }
            if pixels > best.pixels { best = (pixels, x, y, w, h) }
        }
        let smallArea = Double(small.width * small.height)
        let boxArea = Double(best.w * best.h)
        // Receipt already fills the frame, or nothing big and paper-like: leave the image alone.
        guard boxArea < 0.85 * smallArea, boxArea > 0.08 * smallArea,
            Double(best.pixels) > 0.5 * boxArea
        else { return nil }
        // A shadow can split a receipt that fills the frame into a bright and a dark part: never
        // crop away text. Glyphs are counted on a larger copy (text is too small at 600 px).
        let glyphs = glyphBoxes(gray, maxSide: 1600)
        if glyphs.boxes.count >= 20 {
            let scale = factor / glyphs.factor
            let outside = glyphs.boxes.filter { g in
                let cx = (Double(g.x) + Double(g.width) / 2) * scale
                let cy = (Double(g.y) + Double(g.height) / 2) * scale
                return cx < Double(best.x) || cx > Double(best.x + best.w) || cy < Double(best.y) || cy > Double(best.y + best.h)
            }
            if Double(outside.count) > 0.1 * Double(glyphs.boxes.count) { return nil }
        }
        let margin = 0.02 * Double(max(small.width, small.height))
        let x0 = max(0, (Double(best.x) - margin) / factor)
        let y0 = max(0, (Double(best.y) - margin) / factor)
        let x1 = min(Double(width), (Double(best.x + best.w) + margin) / factor)
        let y1 = min(Double(height), (Double(best.y + best.h) + margin) / factor)
        let box = OCRBox(x: Int(x0), y: Int(y0), width: Int(x1 - x0), height: Int(y1 - y0))
        guard let lbox = boxCreate(Int32(box.x), Int32(box.y), Int32(box.width), Int32(box.height)) else { return nil }
        var lboxOptional: UnsafeMutablePointer<Box>? = lbox
        defer { boxDestroy(&lboxOptional) }
        guard let cropped = PixHandle(pixClipRectangle(pix.pointer, lbox, nil)) else { return nil }
        // A receipt lying at an angle leaves the table in the corners of its upright box; binarised,
        // wood grain or a patterned cloth becomes columns of noise that Tesseract reads as text
        // and that breaks its lines. Paint everything left and right of the paper white.
        let paper = paperSpans(opened, inside: (best.x, best.y, best.w, best.h))
        if cropped.depth >= 8, let paper, !erasesText(glyphs, scale: factor / glyphs.factor, spans: paper) {
            let margin = Int(((0.006 * Double(max(small.width, small.height))) / factor).rounded(.up))
            whiten(cropped, outside: paper, factor: factor, origin: (box.x, box.y), margin: margin)
        }
        return (cropped, box)
    }

    /// Per row of the downscaled paper mask, the leftmost and rightmost paper pixel inside `box`
    /// (nil for a row with no paper). Nil when the mask cannot be read.
    static func paperSpans(_ mask: PixHandle, inside box: (x: Int32, y: Int32, w: Int32, h: Int32)) -> [Int32: ClosedRange<Int32>]? {
        var spans: [Int32: ClosedRange<Int32>] = [:]
        var value: UInt32 = 0
        for y in box.y..<(box.y + box.h) {
            var left: Int32?
            var right: Int32?
            for x in box.x..<(box.x + box.w) {
                guard pixGetPixel(mask.pointer, x, y, &value) == 0 else { return nil }
                if value != 0 {
                    if left == nil { left = x }
                    right = x
                }
            }
            if let left, let right { spans[y] = left...right }
        }
        return spans
    }

    /// Whether masking to `spans` would erase more than a few glyphs (a shadow or a fold can
    /// split the paper in the mask; text is never given up for a cleaner background).
    static func erasesText(_ glyphs: (boxes: [OCRBox], factor: Double), scale: Double, spans: [Int32: ClosedRange<Int32>]) -> Bool {
        guard glyphs.boxes.count >= 20 else { return true }
        let outside = glyphs.boxes.filter { g in
            let cx = Int32(((Double(g.x) + Double(g.width) / 2) * scale).rounded())
            let cy = Int32(((Double(g.y) + Double(g.height) / 2) * scale).rounded())
            guard let span = spans[cy] else { return true }
            return cx < span.lowerBound - 2 || cx > span.upperBound + 2
        }
        return Double(outside.count) > 0.02 * Double(glyphs.boxes.count)
    }

    /// Sets to white every pixel of `cropped` outside the paper rows' spans (widened by `margin`).
    static func whiten(
        _ cropped: PixHandle,
        outside spans: [Int32: ClosedRange<Int32>],
        factor: Double,
        origin: (x: Int, y: Int),
        margin: Int
    ) {
        let width = cropped.width
        let height = cropped.height
        func paint(_ x: Int, _ y: Int, _ w: Int, _ h: Int) {
            let x0 = max(0, x)
            let y0 = max(0, y)
            let x1 = min(width, x + w)
            let y1 = min(height, y + h)
            guard x1 > x0, y1 > y0, let rect = boxCreate(Int32(x0), Int32(y0), Int32(x1 - x0), Int32(y1 - y0)) else { return }
            var optional: UnsafeMutablePointer<Box>? = rect
            pixSetInRect(cropped.pointer, rect)
            boxDestroy(&optional)
        }
        // Each row of the small mask covers 1/factor rows of the full image.
        var y = 0
        while y < height {
            let smallY = Int32(((Double(y + origin.y)) * factor).rounded(.down))
            let nextY = min(height, Int((Double(smallY + 1) / factor).rounded(.up)) - origin.y)
            let rows = max(1, nextY - y)
            // Neighbouring rows widen the span, so a ragged mask edge never cuts into the paper.
            let around = [spans[smallY - 1], spans[smallY], spans[smallY + 1]].compactMap { $0 }
            if let left = around.map(\.lowerBound).min(), let right = around.map(\.upperBound).max() {
                let x0 = Int((Double(left) / factor).rounded(.down)) - origin.x - margin
                let x1 = Int((Double(right + 1) / factor).rounded(.up)) - origin.x + margin
                paint(0, y, x0, rows)
                paint(x1, y, width - x1, rows)
            } else {
                paint(0, y, width, rows)
            }
            y += rows
        }
    }
}
