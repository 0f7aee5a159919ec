import Foundation

/// Tesseract page segmentation modes (mirrors `TessPageSegMode`).
public enum PageSegmentationMode: Int, Sendable, Hashable, CaseIterable, Codable {
    case auto = 3
    case singleColumn = 4
    case singleBlock = 6
    case singleLine = 7
    case singleWord = 8
    case sparseText = 11
    case rawLine = 13
}

/// How an `OCREngine` is set up.
public struct OCRConfiguration: Sendable, Hashable {
    /// Tesseract language codes, e.g. `["eng"]` or `["eng", "deu"]`.
    public var languages: [String]
    /// Directory holding `<lang>.traineddata`; nil searches `TESSDATA_PREFIX` and the standard locations.
    public var tessdataDirectory: String?
    public var pageSegmentationMode: PageSegmentationMode
    /// Tesseract variables. Init-only ones (`load_*_dawg`) are passed at initialisation.
    public var variables: [String: String]
    public var preprocessing: PreprocessingOptions
    public var imageLimits: ImageLimits

    /// Dictionaries off (they "correct" prices and codes), column gaps kept, resolution fixed.
    /// No second reading of each unsure word turned white on black: on a phone photo every speck
    /// of a cluttered background is an unsure word, so that second reading cost 15-17 % of
    /// `--fast` on the US photos (a receipt on a wooden table 2.5 → 1.6 s), and on the tuning
    /// part it changed one merchant and nothing else (docs/history/ingest-speed.md).
    public static let receiptVariables: [String: String] = [
        "tessedit_do_invert": "0",
        "load_system_dawg": "0",
        "load_freq_dawg": "0",
        "preserve_interword_spaces": "1",
        "user_defined_dpi": "300",
        "debug_file": "/dev/null",
    ]

    public init(
        languages: [String] = ["eng"],
        tessdataDirectory: String? = nil,
        pageSegmentationMode: PageSegmentationMode = .singleBlock,
        variables: [String: String] = OCRConfiguration.receiptVariables,
        preprocessing: PreprocessingOptions = .default,
        imageLimits: ImageLimits = .default
    ) {
        self.languages = languages
        self.tessdataDirectory = tessdataDirectory
        self.pageSegmentationMode = pageSegmentationMode
        self.variables = variables
        self.preprocessing = preprocessing
        self.imageLimits = imageLimits
    }

    /// Standard model locations, searched after `TESSDATA_PREFIX`.
    public static let standardTessdataDirectories = [
        "/usr/share/tesseract-ocr/5/tessdata",
        "/usr/share/tesseract-ocr/4.00/tessdata",
        "/usr/share/tessdata",
        "/usr/local/share/tessdata",
    ]

    /// The directory that holds every configured language's model.
    /// - Throws: `OCRError` `ocr.model-missing` naming the package to install.
    public func resolveTessdataDirectory() throws -> String {
        var candidates: [String] = []
        if let tessdataDirectory {
            candidates = [tessdataDirectory]
        } else {
            if let prefix = ProcessInfo.processInfo.environment["TESSDATA_PREFIX"], !prefix.isEmpty {
                candidates += [prefix, (prefix as NSString).appendingPathComponent("tessdata")]
            }
            candidates += Self.standardTessdataDirectories
        }
        let fm = FileManager.default
        for directory in candidates
        where languages.allSatisfy({ fm.fileExists(atPath: "\(directory)/\($0).traineddata") }) {
            return directory
        }
        let missing = languages.map { "tesseract-ocr-\($0)" }.joined(separator: " ")
        throw OCRError(
            .modelMissing,
            "no Tesseract model for \(languages.joined(separator: "+")) in \(candidates.joined(separator: ", ")): install \(missing) (apt-get install \(missing)) or set TESSDATA_PREFIX to the folder holding \(languages[0]).traineddata"
        )
    }
}
