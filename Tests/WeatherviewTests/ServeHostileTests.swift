import Foundation
import TestSupport
import Testing

/// Bad and hostile requests to `serve`: each is refused with what it is, and the server goes on.
@Suite("Serve: bad and hostile requests", .serialized)
struct ServeHostileTests {
    @Test(
        "paths outside what is served are 404 however they are written; nothing of the file system is read",
        arguments: [
            "/frames/../../etc/passwd", "/frames/..%2f..%2fetc%2fpasswd.png", "/frames/%2e%2e/%2e%2e/etc/passwd.png",
            "/../etc/passwd", "/trmnl/../../etc/passwd.png", "/trmnl/%2e%2e%2fdevices.json", "/frames/munich.png/",
            "/frames/Munich.png", "/devices.json", "/frames/munich.svg",
        ])
    func outside(_ path: String) throws {
        let serve = try ServeFixture()
        let call = try HTTPCall.run(serve.url(path))
        #expect(call.status == 404, "\(path): \(call.status)")
        #expect(!call.text.contains("root:") && !call.text.contains("api_key"))
    }

    @Test("an unknown location is 404, a bad parameter 400 naming it, a wrong method 405")
    func refusals() throws {
        let serve = try ServeFixture()
        let nowhere = try HTTPCall.run(serve.url("/frames/nowhere.png"))
        #expect(nowhere.status == 404 && nowhere.text.contains("nowhere"))
        let size = try HTTPCall.run(serve.url("/frames/munich.png?size=99999x1"))
        #expect(size.status == 400 && size.text.contains("size"))
        #expect(try HTTPCall.run(serve.url("/frames/munich.png"), method: "DELETE").status == 405)
        #expect(try HTTPCall.run(serve.url("/api/display"), method: "POST", body: [1]).status == 405)
        #expect(try HTTPCall.run(serve.url("/api/setup")).status == 400)  // no ID
    }

    @Test("an oversized body is 413; oversized headers are refused; the server goes on")
    func oversized() throws {
        let serve = try ServeFixture()
        let big = try HTTPCall.run(
            serve.url("/api/log"), method: "POST", headers: ["Content-Type": "application/json"],
            body: Array(repeating: 0x20, count: 200_000))
        #expect(big.status == 413)
        let headers = try HTTPCall.run(
            serve.url("/frames/munich.png"), headers: ["X-Filler": String(repeating: "a", count: 64 * 1024)])
        #expect(headers.status != 200)
        #expect(try HTTPCall.run(serve.url("/frames/munich.png"), from: "127.0.0.3").status == 200)
    }

    @Test("a flood from one address is answered 429 past its budget; another address is served")
    func flood() throws {
        let serve = try ServeFixture()
        // The frame drawn first (from another address), so the flood is answered from the cache:
        // a draw under qemu takes seconds, in which the budget would fill up again.
        #expect(try HTTPCall.run(serve.url("/frames/munich.png"), from: "127.0.0.11").status == 200)
        // One curl on one kept-alive connection: a process started for each request would,
        // under qemu, outlast a second of the budget.
        let flood = Array(repeating: serve.url("/frames/munich.png"), count: 30)
        let statuses = try curl(["--interface", "127.0.0.9"], flood).statuses
        #expect(statuses.count == 30)
        #expect(statuses.contains(429))
        #expect(statuses.prefix(10).allSatisfy { $0 == 200 })
        #expect(try HTTPCall.run(serve.url("/frames/munich.png"), from: "127.0.0.10").status == 200)
        #expect(serve.wait { serve.process.stderr.contains("serve http 127.0.0.1:") })
        #expect(serve.wait { serve.process.stderr.contains("127.0.0.9 sends more than 20 at once") })
    }
}
