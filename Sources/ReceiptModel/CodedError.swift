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
