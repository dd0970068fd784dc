import Testing

@testable import HTTPServer
@testable import StationListeners

/// The backlog between a listener's thread and its reader, and the listener's notice budget.
@Suite("Listener backlog and notices")
struct ListenerBacklogTests {
    @Test("full: the request of the source with the least budget left goes, not the quiet station's")
    func fairBacklog() async {
        let backlog = FairBacklog<String>(capacity: 3)
        #expect(backlog.yield("station", from: "192.168.1.20", weight: 19, kind: .request) == nil)
        #expect(backlog.yield("flood 1", from: "10.0.0.1", weight: 0.5, kind: .request) == nil)
        #expect(backlog.yield("flood 2", from: "10.0.0.2", weight: 0, kind: .request) == nil)
        // Notices are kept apart: they never push a request out.
        #expect(backlog.yield("notice", from: "10.0.0.2", weight: 0, kind: .notice) == nil)
        #expect(backlog.yield("flood 3", from: "10.0.0.3", weight: 0.2, kind: .request) == "10.0.0.2")
        // Lighter than every one waiting: this one goes.
        #expect(backlog.yield("flood 4", from: "10.0.0.4", weight: 0.1, kind: .request) == "10.0.0.4")
        backlog.finish()
        var read: [String] = []
        for await element in backlog.stream { read.append(element) }
        #expect(read == ["station", "flood 1", "notice", "flood 3"])
    }

    @Test("finishing ends a reader's wait")
    func finishEndsTheWait() async {
        let backlog = FairBacklog<Int>(capacity: 1)
        let reader = Task { () -> [Int] in
            var read: [Int] = []
            for await element in backlog.stream { read.append(element) }
            return read
        }
        backlog.finish()
        #expect(await reader.value == [])
    }

    @Test("notices of all sources: 20 at once, then one every 5 s, each telling how many were not logged")
    func noticeBudget() {
        var limiter = SourceLimiter(policy: RatePolicy(burst: 20, perSecond: 1))
        #expect((0..<20).map { _ in limiter.sayNotice(at: 100) } == Array(repeating: 0, count: 20))
        #expect(limiter.sayNotice(at: 101) == nil)
        #expect(limiter.sayNotice(at: 104) == nil)
        #expect(limiter.sayNotice(at: 106) == 2)
        #expect(limiter.sayNotice(at: 106) == nil)
        let notice = ListenerNotice(
            listener: "http 0.0.0.0:8080", source: "10.0.0.1", reason: .tooSlow(seconds: 5), unsaid: 7)
        #expect(notice.message.hasSuffix("(counted; said once per source; 7 other notices not logged before this one)"))
    }
}
