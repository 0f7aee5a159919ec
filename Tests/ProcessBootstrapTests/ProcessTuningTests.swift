import Testing

@testable import ProcessBootstrap

@Suite struct ProcessTuningTests {
    @Test func twoMallocArenasPerJobAndNeverFewerThanTwo() {
        #expect(ProcessTuning.mallocArenas(forJobs: 1) == 2)
        #expect(ProcessTuning.mallocArenas(forJobs: 2) == 4)
        #expect(ProcessTuning.mallocArenas(forJobs: 8) == 16)
        #expect(ProcessTuning.mallocArenas(forJobs: 0) == 2)
        #expect(ProcessTuning.mallocArenas(forJobs: .max) == Int32.max - 1)
    }
}
