/// The shape every module's error shares: a stable dotted code (`store.conflict`,
/// `image.truncated`, `auth.required`) that scripts, tests and API clients compare, and a
/// message for a person that says what to do. Programs map codes once: the CLI to exit codes
/// and stderr lines, the server to HTTP statuses and problem documents.
public protocol CodedError: Error, Sendable, CustomStringConvertible {
    /// The stable code, e.g. `store.conflict`.
    var errorCode: String { get }
    /// What happened and what to do about it; no secrets, no document content.
    var message: String { get }
}

/// A stable dotted code of one module's error type (`store.conflict`): `Domain` is that error type,
/// which declares its codes as static members (`extension ErrorCode where Domain == StoreError`),
/// so `error.code == .conflict` reads well and a code of one module never passes for another's.
public struct ErrorCode<Domain>: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }
}

/// A module's error type whose ``code`` is an ``ErrorCode`` of its own: the ``CodedError`` code and
/// the `code: message` description follow from it.
public protocol DomainError: CodedError {
    var code: ErrorCode<Self> { get }
}

extension DomainError {
    public var errorCode: String { code.rawValue }
    public var description: String { "\(code): \(message)" }
}
