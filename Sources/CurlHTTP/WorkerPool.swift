import Foundation

/// A small pool of dedicated threads, each owning one ``CurlEasy`` handle.
///
/// `curl_easy_perform` blocks for the whole transfer; it runs here, never on
/// Swift's cooperative pool. Threads start on demand, up to `maxThreads`
/// (the client's concurrency bound), and keep their handle (and so their
/// open connections) between jobs.
///
/// `@unchecked Sendable`: every mutable stored property (`jobs`, `threads`,
/// `idle`, `closed`) is read and written only while `condition` is locked;
/// the handles never leave the thread that created them.
final class WorkerPool: @unchecked Sendable {
    typealias Job = @Sendable (CurlEasy?) -> Void

    private let condition = NSCondition()
    private var jobs: [Job] = []
    private var head = 0
    private var threads = 0
    private var idle = 0
    private var closed = false
    let maxThreads: Int

    init(maxThreads: Int) {
        self.maxThreads = max(1, maxThreads)
    }

    /// Queues `job`; it runs on a pool thread with that thread's handle
    /// (`nil` if libcurl could not create one, or after ``close()``).
    func submit(_ job: @escaping Job) {
        condition.lock()
        if closed {
            condition.unlock()
            job(nil)
            return
        }
        jobs.append(job)
        if idle == 0 && threads < maxThreads {
            threads += 1
            let thread = Thread { [self] in self.work() }
            thread.name = "curl-http-\(threads)"
            thread.start()
        }
        condition.signal()
        condition.unlock()
    }

    /// Lets the threads finish queued jobs and exit.
    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    private func nextJob() -> Job? {
        condition.lock()
        defer { condition.unlock() }
        while head == jobs.count && !closed {
            idle += 1
            condition.wait()
            idle -= 1
        }
        guard head < jobs.count else {
            threads -= 1
            return nil
        }
        let job = jobs[head]
        head += 1
        if head == jobs.count {
            jobs.removeAll(keepingCapacity: true)
            head = 0
        }
        return job
    }

    private func work() {
        let easy = CurlEasy()
        while let job = nextJob() {
            job(easy)
        }
    }
}
