import TestSupport
import Testing

@testable import HTTPClient

@Suite("Concurrency and cancellation")
struct ConcurrencyTests {
    // The total timeout is far beyond the time limit: only the cancellation can end this request
    // in time, and a request that ended at its timeout would be timedOut, not cancelled.
    @Test("cancelling the task ends a request on the wire quickly", .timeLimit(.minutes(TestTiming.minutes(1))))
    func cancelRunning() async throws {
        let client = HTTPClient()
        let server = try Scope()
        try server.route("/slow", [.hang])
        var request = HTTPRequest(url: server.url("/slow"))
        request.totalTimeout = .seconds(600)
        let task = Task { await outcome(client, request) }
        #expect(try await waitUntil { try server.requests().count == 1 })

        task.cancel()
        let result = await task.value

        expectError(result, .cancelled, host: nil)
        // The connection is gone: the server stops hanging.
        #expect(try await waitUntil { try server.requests().first?.finished == true })
    }

    @Test("cancelling a queued request ends it without sending it")
    func cancelQueued() async throws {
        let client = HTTPClient(maxConcurrent: 1)
        let server = try Scope()
        try server.route("/slow", [.hang])
        try server.route("/queued", [.text("never")])
        // Only the cancellation may end the first request: under qemu, with the other tests
        // holding the few threads, the second task was once not queued before the first's
        // default timeout freed its slot (CI). So the first never times out here, and the waits
        // are long: they end as soon as the request is on the wire, then queued.
        var slow = HTTPRequest(url: server.url("/slow"))
        slow.totalTimeout = .seconds(3600)
        let first = Task { await outcome(client, slow) }
        #expect(try await waitUntil(seconds: 120) { try server.requests().count == 1 })
        let second = Task { await outcome(client, HTTPRequest(url: server.url("/queued"))) }
        #expect(await waitUntil(seconds: 120) { client.queuedCount == 1 })

        second.cancel()
        expectError(await second.value, .cancelled, host: nil)
        first.cancel()
        expectError(await first.value, .cancelled, host: nil)
        #expect(try server.requests().map(\.path) == [server.path("/slow")])
    }

    @Test("a task cancelled before sending never reaches the server")
    func cancelBeforeStart() async throws {
        let client = HTTPClient()
        let server = try Scope()
        try server.route("/x", [.text("x")])
        let url = server.url("/x")
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await outcome(client, HTTPRequest(url: url))
        }
        expectError(await task.value, .cancelled, host: nil)
        #expect(try server.requests().isEmpty)
    }

    @Test("50 concurrent requests with maxConcurrent 4 all complete, at most 4 at a time")
    func boundedConcurrency() async throws {
        let client = HTTPClient(maxConcurrent: 4)
        // A server of its own: its log's concurrency counts only these requests.
        try await withServer { server in
            try server.route("/item", [.text("item").delayed(by: 0.05)])
            let url = server.url("/item")

            let results = await withTaskGroup(of: Result<HTTPResponse, HTTPError>.self) { group in
                for index in 0..<50 {
                    group.addTask { await outcome(client, HTTPRequest(url: url + "?n=\(index)")) }
                }
                var results: [Result<HTTPResponse, HTTPError>] = []
                for await result in group { results.append(result) }
                return results
            }

            #expect(results.count == 50)
            for result in results {
                let response = try result.get()
                #expect(response.status == 200)
                #expect(response.body == Array("item".utf8))
            }
            let log = try server.requests()
            #expect(log.count == 50)
            #expect(Set(log.map(\.query)).count == 50)
            let peak = log.map(\.concurrent).max() ?? 0
            #expect(peak <= 4)
            #expect(peak > 1)
        }
    }

    @Test("clients can be created and dropped one after another")
    func clientLifetime() async throws {
        let server = try Scope()
        try server.route("/ok", [.text("ok")])
        for _ in 0..<20 {
            let client = HTTPClient(maxConcurrent: 2)
            #expect(try await client.send(HTTPRequest(url: server.url("/ok"))).status == 200)
        }
    }
}
