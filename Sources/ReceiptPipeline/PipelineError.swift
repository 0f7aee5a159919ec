import ReceiptModel

/// What can go wrong in the pipeline itself (the parts report their own errors).
public struct PipelineError: DomainError, Hashable {
    public typealias Code = ErrorCode<PipelineError>

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }
}

extension ErrorCode where Domain == PipelineError {
    /// A path given on the command line does not exist.
    public static var inputNotFound: Self { Self(rawValue: "input.not-found") }
    /// A file could not be read (permissions, I/O error).
    public static var fileUnreadable: Self { Self(rawValue: "file.unreadable") }
    /// A file is larger than the ingest limit, before any decoding.
    public static var fileTooLarge: Self { Self(rawValue: "image.too-large") }
    /// No cart or failure matches an id.
    public static var notFound: Self { Self(rawValue: "cart.not-found") }
    /// A shopping list file is not a list.
    public static var listInvalid: Self { Self(rawValue: "list.invalid") }
}
