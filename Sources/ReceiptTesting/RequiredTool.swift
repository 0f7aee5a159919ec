import Foundation

/// Tests that need a tool a machine may lack (PostgreSQL, the neural reader): where it is missing
/// they show as skipped, except under `CI=true`, where they run and fail, so a missing tool is
/// never a quiet pass. A test writes `@Test(.enabled(if: RequiredTool.runs(available: …)))` and
/// takes the tool with `try #require(…)`, which fails under CI when it is not there.
public enum RequiredTool {
    public static let isCI = ProcessInfo.processInfo.environment["CI"] == "true"

    /// Whether a test that needs a tool runs: when the tool is there, and always under CI.
    public static func runs(available: Bool) -> Bool { available || isCI }

    /// PostgreSQL at `RECEIPTS_TEST_POSTGRES_URL` (scripts/with-postgres.sh, which `make test` runs).
    public static var postgres: Bool { runs(available: TemporaryStores.postgresURL != nil) }
}
