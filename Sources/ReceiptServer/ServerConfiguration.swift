import Catalog
import Foundation

/// How `receipts serve` runs.
public struct ServerConfiguration: Sendable {
    public var host: String
    public var port: Int
    /// In-process receipt readers (OCR engines). 0 runs none: jobs wait for `receipts worker`.
    public var workers: Int
    /// The largest receipt photo accepted.
    public var maxUploadBytes: Int
    /// bcrypt cost for new passwords (12 in production; tests lower it).
    public var bcryptCost: UInt8
    /// Set when the server sits behind TLS, so cookies are only sent over HTTPS.
    public var secureCookies: Bool
    /// How long a worker holds a job before another may take it.
    public var jobLease: Duration
    /// How often an idle worker looks for jobs (it is also woken at once by uploads to its process).
    public var jobPollInterval: Duration
    /// Read each receipt once (no rereads): faster, less accurate.
    public var fastReading: Bool
    /// Live updates: feed polling, per-client queue, replay limit, presence lifetime.
    public var live: LiveHub.Settings
    /// The Chomp Recipe API (its own key); `nil` offers presets only, and the page says why.
    public var recipes: ChompRecipeClient? = nil

    public init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        workers: Int = 1,
        maxUploadBytes: Int = 20 << 20,
        bcryptCost: UInt8 = 12,
        secureCookies: Bool = false,
        jobLease: Duration = .seconds(120),
        jobPollInterval: Duration = .seconds(1),
        fastReading: Bool = false,
        live: LiveHub.Settings = LiveHub.Settings()
    ) {
        self.host = host
        self.port = port
        self.workers = workers
        self.maxUploadBytes = maxUploadBytes
        self.bcryptCost = bcryptCost
        self.secureCookies = secureCookies
        self.jobLease = jobLease
        self.jobPollInterval = jobPollInterval
        self.fastReading = fastReading
        self.live = live
    }
}
