internal import CTesseract

/// Owns exactly one Leptonica `PIX*` and destroys it in `deinit`.
///
/// Not Sendable: a handle belongs to one thread at a time (Leptonica's
/// reference counts are not atomic). `OCRImage` wraps one behind a lock.
final class PixHandle {
    let pointer: UnsafeMutablePointer<Pix>

    /// Takes ownership of `pointer`; returns nil when Leptonica returned NULL.
    init?(_ pointer: UnsafeMutablePointer<Pix>?) {
        guard let pointer else { return nil }
        self.pointer = pointer
        OCRResources.opened()
    }

    deinit {
        var p: UnsafeMutablePointer<Pix>? = pointer
        pixDestroy(&p)
        OCRResources.closed()
    }

    var width: Int { Int(pixGetWidth(pointer)) }
    var height: Int { Int(pixGetHeight(pointer)) }
    var depth: Int { Int(pixGetDepth(pointer)) }

    /// A deep copy that shares nothing with this handle.
    func copy() -> PixHandle? { PixHandle(pixCopy(nil, pointer)) }

    /// Whether both images have the same size, depth and pixels.
    func hasSamePixels(as other: PixHandle) -> Bool {
        var same: Int32 = 0
        return pixEqual(pointer, other.pointer, &same) == 0 && same == 1
    }

    /// A new image of the part of this one inside `box`.
    func clipped(to box: OCRBox) -> PixHandle? {
        var leptonicaBox = boxCreate(Int32(box.x), Int32(box.y), Int32(box.width), Int32(box.height))
        guard leptonicaBox != nil else { return nil }
        defer { boxDestroy(&leptonicaBox) }
        return PixHandle(pixClipRectangle(pointer, leptonicaBox, nil))
    }
}

@available(*, unavailable)
extension PixHandle: Sendable {}

/// Leptonica prints its errors to stderr; we turn them into `OCRError`s instead.
enum LeptonicaSetup {
    static let silenced: Void = {
        _ = setMsgSeverity(Int32(L_SEVERITY_NONE))
    }()
}
