extension AsyncThrowingStream where Failure == any Error, Element: Sendable {
    /// A stream whose elements `produce` yields from a task of its own: it finishes when `produce`
    /// returns, with the error `produce` throws, and the task is cancelled when the reader stops.
    public static func produced(by produce: @escaping @Sendable (_ yield: @Sendable (Element) -> Void) async throws -> Void) -> Self {
        let (stream, continuation) = Self.makeStream()
        let task = Task {
            do {
                try await produce { continuation.yield($0) }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }
}
