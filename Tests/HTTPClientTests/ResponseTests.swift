import Foundation
import HTTPClient
import TestSupport
import Testing

@Suite("Responses")
struct ResponseTests {
    let client = HTTPClient()

    @Test("200 with headers and a gzipped body is decoded")
    func okGzipped() async throws {
        let server = try Scope()
        let file = fixturePath("open-meteo/forecast_current_hourly_daily_newyork_iso8601.json")
        let expected = try Array(Data(contentsOf: URL(fileURLWithPath: file)))
        try server.route("/v1/forecast", [.file(file, headers: ["ETag": "\"v1\"", "X-Custom": "yes"])])

        let response = try await client.send(HTTPRequest(url: server.url("/v1/forecast?latitude=40.7")))

        #expect(response.status == 200)
        let same = response.body == expected  // a Bool: a failure would diff the whole file
        #expect(same, "\(response.body.count) bytes, not the file's \(expected.count)")
        #expect(response.header("content-encoding") == "gzip")
        #expect(response.header("ETag") == "\"v1\"")
        #expect(response.header("x-custom") == "yes")
        #expect(response.headers.allSatisfy { $0.name == $0.name.lowercased() })
        let log = try server.requests()
        #expect(log.count == 1)
        #expect(log.first?.query == "latitude=40.7")
        #expect(log.first?.header("Accept-Encoding")?.contains("gzip") == true)
        // On the wire the body was smaller than decoded: it really was compressed.
        #expect((log.first?.bytesSent ?? .max) < expected.count)
    }

    @Test("4xx and 5xx are responses, not errors", arguments: [400, 404, 429, 500, 503])
    func errorStatuses(status: Int) async throws {
        let server = try Scope()
        try server.route("/fail", [.json(#"{"reason":"nope"}"#, status: status, headers: ["Retry-After": "120"])])

        let response = try await client.send(HTTPRequest(url: server.url("/fail")))

        #expect(response.status == status)
        #expect(response.header("retry-after") == "120")
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"reason":"nope"}"#)
    }

    @Test("an unknown path is the server's 404")
    func unknownPath() async throws {
        let server = try Scope()
        let response = try await client.send(HTTPRequest(url: server.url("/nothing/here")))
        #expect(response.status == 404)
        #expect(String(decoding: response.body, as: UTF8.self).contains("no route"))
    }

    @Test("request headers arrive, and a 304 comes back empty")
    func requestHeaders() async throws {
        let server = try Scope()
        try server.route("/data", [.status(304, headers: ["ETag": "\"abc\""])])
        let request = HTTPRequest(
            url: server.url("/data"),
            headers: [
                (name: "User-Agent", value: "weather2mqtt/0.1 (test@example.com)"),
                (name: "Accept", value: "application/json"),
                (name: "If-None-Match", value: "\"abc\""),
                (name: "If-Modified-Since", value: "Sun, 22 Nov 2026 10:00:00 GMT"),
            ])

        let response = try await client.send(request)

        #expect(response.status == 304)
        #expect(response.body.isEmpty)
        #expect(response.header("etag") == "\"abc\"")
        let recorded = try #require(try server.requests().first)
        #expect(recorded.method == "GET")
        #expect(recorded.header("user-agent") == "weather2mqtt/0.1 (test@example.com)")
        #expect(recorded.header("accept") == "application/json")
        #expect(recorded.header("if-none-match") == "\"abc\"")
        #expect(recorded.header("if-modified-since") == "Sun, 22 Nov 2026 10:00:00 GMT")
    }

    @Test("responses on a route are served in order, the last one repeating; reset clears")
    func sequence() async throws {
        try await withServer { server in
            try server.route("/seq", [.text("one"), .text("two")])
            var bodies: [String] = []
            for _ in 0..<3 {
                let response = try await client.send(HTTPRequest(url: server.url("/seq?ignored=1")))
                bodies.append(String(decoding: response.body, as: UTF8.self))
            }
            #expect(bodies == ["one", "two", "two"])
            #expect(try server.requests().count == 3)

            try server.reset()

            #expect(try server.requests().isEmpty)
            #expect(try await client.send(HTTPRequest(url: server.url("/seq"))).status == 404)
        }
    }

    @Test("header lookup is case-insensitive and returns the first value")
    func headerLookup() {
        let response = HTTPResponse(
            status: 200,
            headers: [(name: "Cache-Control", value: "max-age=60"), (name: "cache-control", value: "public")])
        #expect(response.header("CACHE-CONTROL") == "max-age=60")
        #expect(response.headers.map(\.name) == ["cache-control", "cache-control"])
        #expect(response.header("expires") == nil)
    }

    @Test("the shared client works")
    func sharedClient() async throws {
        let server = try Scope()
        try server.route("/ok", [.text("ok")])
        #expect(try await HTTPClient.shared.send(HTTPRequest(url: server.url("/ok"))).status == 200)
    }
}
