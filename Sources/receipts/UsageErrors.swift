import ArgumentParser
import ReceiptPipeline

extension ValidationError {
    /// The value of `body`, with a `PipelineError` it throws (a path or file the user gave is
    /// missing, unreadable or not what it should be) as a usage error carrying its message.
    static func reading<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as PipelineError {
            throw ValidationError(error.message)
        }
    }
}
