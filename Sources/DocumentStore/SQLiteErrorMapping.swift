import GRDB

extension SQLiteDocumentStore {
    /// A GRDB or SQLite error said as a ``StoreError`` with a stable code and what to do;
    /// `path` names the file when the error came from opening it.
    static func mapError(_ error: any Error, opening path: String?) -> any Error {
        if error is StoreError { return error }
        guard let dbError = error as? DatabaseError else { return error }
        let detail = "\(dbError.resultCode): \(dbError.message ?? "")"
        switch dbError.resultCode {
        case .SQLITE_FULL:
            return StoreError.diskFull(detail)
        case .SQLITE_READONLY:
            return StoreError.readOnly(detail)
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return StoreError(
                .unavailable,
                "The store is busy: another process held its write lock for too long. Retry when the other command has finished.",
                underlying: detail
            )
        case .SQLITE_CORRUPT, .SQLITE_NOTADB:
            return StoreError(
                .corrupt,
                "The store file\(path.map { " \($0)" } ?? "") is damaged or is not a SQLite database. Restore it from a backup or an export, or use another store location.",
                underlying: detail
            )
        case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_AUTH:
            return StoreError(
                .invalidLocation,
                "Cannot open the store\(path.map { " at \($0)" } ?? ""): check that the folder exists and is writable, or use another store location.",
                underlying: detail
            )
        case .SQLITE_IOERR:
            return StoreError(
                .unavailable,
                "The store file could not be read or written (I/O error). Check the disk, then re-run.",
                underlying: detail
            )
        default:
            return StoreError(.failed, "The store failed: \(detail)", underlying: detail)
        }
    }
}
