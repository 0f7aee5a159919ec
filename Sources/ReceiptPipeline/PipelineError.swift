import ReceiptModel

/// What can go wrong in the pipeline itself (the parts report their own errors).
public struct PipelineError: Error, Sendable, Hashable, CustomStringConvertible {
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// A path given on the command line does not exist.
        public static let inputNotFound = Code(rawValue: "input.not-found")
        /// A file could not be read (permissions, I/O error).
        public static let fileUnreadable = Code(rawValue: "file.unreadable")
        /// A file is larger than the ingest limit, before any decoding.
        public static let fileTooLarge = Code(rawValue: "image.too-large")
        /// No cart or failure matches an id.
        public static let notFound = Code(rawValue: "cart.not-found")
        /// A shopping list file is not a list.
        public static let listInvalid = Code(rawValue: "list.invalid")
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code): \(message)" }
}

extension PipelineError: CodedError {
    public var errorCode: String { code.rawValue }
}
