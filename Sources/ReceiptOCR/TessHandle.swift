internal import CTesseract
import Foundation

/// Owns one `TessBaseAPI*`: `End` + `Delete` in `deinit`. Never shared between threads.
final class TessHandle {
    let pointer: OpaquePointer

    private init(_ pointer: OpaquePointer) {
        self.pointer = pointer
        OCRResources.opened()
    }

    /// Creates and initialises the handle; on failure the C handle is freed here,
    /// before any Swift object owns it (so no deinit can free it twice).
    static func make(directory: String, languages: String, variables: [String: String]) throws -> TessHandle {
        guard let raw = TessBaseAPICreate() else {
            throw OCRError(.initFailed, "could not create a Tesseract engine: out of memory?")
        }
        let initOnly = variables.filter { $0.key.hasPrefix("load_") }
        var names = initOnly.keys.sorted().map { strdup($0) }
        var values = initOnly.keys.sorted().map { strdup(initOnly[$0] ?? "") }
        defer {
            names.forEach { free($0) }
            values.forEach { free($0) }
        }
        let status = names.withUnsafeMutableBufferPointer { n in
            values.withUnsafeMutableBufferPointer { v in
                TessBaseAPIInit4(raw, directory, languages, OEM_LSTM_ONLY, nil, 0, n.baseAddress, v.baseAddress, n.count, 0)
            }
        }
        if status != 0 {
            TessBaseAPIDelete(raw)
            throw OCRError(
                .initFailed,
                "Tesseract could not load \(languages) from \(directory): reinstall tesseract-ocr-\(languages) or set TESSDATA_PREFIX"
            )
        }
        for (name, value) in variables where !name.hasPrefix("load_") {
            _ = TessBaseAPISetVariable(raw, name, value)
        }
        return TessHandle(raw)
    }

    deinit {
        TessBaseAPIEnd(pointer)
        TessBaseAPIDelete(pointer)
        OCRResources.closed()
    }
}

@available(*, unavailable)
extension TessHandle: Sendable {}
