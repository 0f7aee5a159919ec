import Hummingbird

extension Request {
    /// The whole body, read once; past `limit` bytes, `tooLarge` (a 413 worded for what the route
    /// takes: JSON, a form, a photo).
    mutating func collectBody(upTo limit: Int, orRefuse tooLarge: @autoclosure () -> Problem) async throws -> ByteBuffer {
        do {
            return try await collectBody(upTo: limit)
        } catch {
            throw tooLarge()
        }
    }
}
