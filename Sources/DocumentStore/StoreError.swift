import Foundation
import ReceiptModel

/// The one error type of `DocumentStore`: a stable dotted ``code`` for scripts and tests,
/// and a ``message`` that tells the user what to do next.
///
/// Codes: `store.conflict`, `store.not-found`, `store.unavailable`, `store.disk-full`,
/// `store.read-only`, `store.corrupt`, `store.invalid-location`, `store.invalid-query`,
/// `store.failed`.
public struct StoreError: DomainError, Hashable {
    /// A stable error code; compare with the static members (`error.code == .conflict`).
    public typealias Code = ErrorCode<StoreError>

    public var code: Code
    /// What happened and what to do about it. Contains no document content.
    public var message: String
    /// The underlying engine error's description, for `--log-level debug`.
    public var underlying: String?

    public init(_ code: Code, _ message: String, underlying: String? = nil) {
        self.code = code
        self.message = message
        self.underlying = underlying
    }

    static func conflict(collection: String, id: String, expected: Int?, actual: Int?) -> StoreError {
        StoreError(
            .conflict,
            "Document \(collection)/\(id) was changed by someone else (expected revision \(expected.map(String.init) ?? "any"), found \(actual.map(String.init) ?? "none")). Re-read it, apply your change again and retry."
        )
    }

    static func diskFull(_ underlying: String?) -> StoreError {
        StoreError(
            .diskFull,
            "The disk holding the store is full. Free some space and re-run the command: nothing was half-written, the interrupted batch was rolled back.",
            underlying: underlying
        )
    }

    static func readOnly(_ underlying: String?) -> StoreError {
        StoreError(
            .readOnly,
            "The store is read-only (opened with mode=ro, or its file or folder is not writable). Use a writable store location, or fix the file's permissions.",
            underlying: underlying
        )
    }

    static func invalidQuery(_ message: String) -> StoreError {
        StoreError(.invalidQuery, message)
    }
}

extension ErrorCode where Domain == StoreError {
    /// Someone else wrote the document first (its revision is not the one you expected).
    /// Re-read the document, re-apply your change and put it again.
    public static var conflict: Self { Self(rawValue: "store.conflict") }
    /// The document does not exist.
    public static var notFound: Self { Self(rawValue: "store.not-found") }
    /// The database cannot be reached or is busy for too long.
    public static var unavailable: Self { Self(rawValue: "store.unavailable") }
    /// No space left for the database; nothing was half-written.
    public static var diskFull: Self { Self(rawValue: "store.disk-full") }
    /// The store was opened read-only or its file cannot be written.
    public static var readOnly: Self { Self(rawValue: "store.read-only") }
    /// The database file is damaged or is not a receipts store.
    public static var corrupt: Self { Self(rawValue: "store.corrupt") }
    /// `--store` / `RECEIPTS_STORE` is not a usable location.
    public static var invalidLocation: Self { Self(rawValue: "store.invalid-location") }
    /// A query used an invalid field path, collection name or argument.
    public static var invalidQuery: Self { Self(rawValue: "store.invalid-query") }
    /// Any other database failure.
    public static var failed: Self { Self(rawValue: "store.failed") }
}
