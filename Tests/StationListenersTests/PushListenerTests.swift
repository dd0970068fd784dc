import Foundation
import TestSupport
import Testing

@testable import StationListeners

/// Real HTTP requests from curl (libcurl) to a push listener on 127.0.0.1, replaying the
/// recorded pushes of real gateways and consoles.
@Suite("Push listener")
struct PushListenerTests {
    @Test(
        "an Ecowitt gateway's form POST arrives with every field in order and is answered 200 success",
        arguments: ["ew2m_payload_gw1000pro.json", "ew2m_payload_gw2000a_2.json", "gw2000b_v2.1.4_ew2m189.json"])
    func ecowittPost(file: String) async throws {
        let listener = try PushListener(.init(address: loopback()))
        defer { listener.stop() }
        let log = EventLog(listener.events)
        let fields = orderedFields(stationFixture("ecowitt", file))
        let result = try curl(
            ["-H", "Content-Type: application/x-www-form-urlencoded", "--data-binary", formEncoded(fields)],
            "http://127.0.0.1:\(listener.address.port)/data/report/")
        #expect(result.status == 200)
        #expect(result.body == "success")
        let request = try #require(await log.wait { !$0.isEmpty }.first?.request)
        #expect(request.method == "POST")
        #expect(request.path == "/data/report/")
        #expect(request.query == "")
        #expect(request.source == "127.0.0.1")
        #expect(same(request.fields, fields))
        #expect(fields.count > 20)
        #expect(listener.counts.accepted == 1)
    }

    @Test(
        "loading libmicrohttpd does not initialise GnuTLS: its constructor's call is answered by ours, and pushes still arrive"
    )
    func gnutlsLeftAlone() async throws {
        let listener = try PushListener(.init(address: loopback()))
        defer { listener.stop() }
        // libmicrohttpd's constructor calls gnutls_global_init once, at the dlopen of the first listener.
        #expect(PushListener.tlsInitialisationsSkipped == 1)
        let log = EventLog(listener.events)
        let result = try curl(["--data-binary", "tempf=50.0"], "http://127.0.0.1:\(listener.address.port)/")
        #expect(result.status == 200 && result.body == "success")
        #expect(await log.wait { !$0.isEmpty }.first?.request?.fields.first?.value == "50.0")
    }

    @Test("an Ambient console's GET query arrives as sent, on the path its firmware uses")
    func ambientGet() async throws {
        let listener = try PushListener(.init(address: loopback()))
        defer { listener.stop() }
        let log = EventLog(listener.events)
        let query = String(decoding: stationFixture("ambient", "ambweather_v4.0.2_interceptor.query"), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let awnet = orderedFields(stationFixture("ambient", "ambweather_v4.3.7_awnetlocal62.json"))
        let port = listener.address.port
        let result = try curl(
            ["--globoff", "-A", "ESP8266"],
            ["http://127.0.0.1:\(port)/?\(query)", "http://127.0.0.1:\(port)/data/?\(formEncoded(awnet))"])
        #expect(result.statuses == [200, 200])
        let requests = await log.wait { $0.count == 2 }.compactMap(\.request)
        try #require(requests.count == 2)
        #expect(requests[0].method == "GET" && requests[0].path == "/" && requests[0].query == query)
        #expect(requests[0].fields.first { $0.name == "dateutc" }?.value == "2018-06-20 13:39:00")
        #expect(requests[0].fields.count == 21)
        #expect(requests[1].path == "/data/")
        #expect(same(requests[1].fields, awnet))
    }

    @Test("Wunderground-protocol pushes: each line of a capture is one request, delivered in order")
    func wundergroundGets() async throws {
        let listener = try PushListener(.init(address: loopback()))
        defer { listener.stop() }
        let log = EventLog(listener.events)
        let base = "http://127.0.0.1:\(listener.address.port)/weatherstation/updateweatherstation.php?"
        var queries: [String] = []
        for file in [
            "acurite_access_3lines_interceptor.query", "hp1001_v2.2.2_metric_b_interceptor.query",
            "weatherlogger_v2.1.9_imperial_interceptor.query",
        ] {
            queries += String(decoding: stationFixture("wunderground", file), as: UTF8.self).split(separator: "\n")
                .map(String.init)
        }
        let result = try curl(["--globoff"], queries.map { base + $0 })
        #expect(result.statuses == Array(repeating: 200, count: 5))
        let requests = await log.wait { $0.count == 5 }.compactMap(\.request)
        #expect(requests.map(\.query) == queries)
        #expect(
            requests.prefix(3).compactMap { $0.fields.first { $0.name == "mt" }?.value } == [
                "tower", "5N1x31", "5N1x38",
            ])
        #expect(requests[3].fields.first { $0.name == "softwaretype" }?.value == "HP1001 V2.2.2")
    }

    @Test("a body over the limit is answered 413, said once, and the listener goes on serving")
    func oversizedBody() async throws {
        var settings = PushListener.Settings(address: try loopback())
        settings.bodyLimit = 1024
        let listener = try PushListener(settings)
        defer { listener.stop() }
        let log = EventLog(listener.events)
        let url = "http://127.0.0.1:\(listener.address.port)/data/report/"
        let big = "PASSKEY=ABC&junk=" + String(repeating: "x", count: 5000)
        let declared = try curl(["--data-binary", big], url)
        let chunked = try curl(["-H", "Transfer-Encoding: chunked", "--data-binary", big], url)
        let fine = try curl(["--data-binary", "PASSKEY=ABC&tempf=50.0"], url)
        #expect(declared.status == 413)
        #expect(declared.body == "payload too large")
        #expect(chunked.status == 413)
        #expect(fine.status == 200)
        let events = await log.wait { $0.contains { $0.request != nil } }
        #expect(events.compactMap(\.request).map(\.body) == [Array("PASSKEY=ABC&tempf=50.0".utf8)])
        #expect(events.compactMap(\.notice).map(\.reason) == [.tooLarge(limit: 1024)])
        #expect(listener.counts.tooLarge == 2)
    }

    @Test("a flood from one address is answered 429 past its budget, counted, said once; others are served")
    func flood() async throws {
        var settings = PushListener.Settings(address: try loopback())
        settings.rate = RatePolicy(burst: 5, perSecond: 0.001)
        let listener = try PushListener(settings)
        defer { listener.stop() }
        let log = EventLog(listener.events)
        let url = "http://127.0.0.1:\(listener.address.port)/?PASSKEY=ABC&tempf=50"
        let flood = try curl([], Array(repeating: url, count: 40))
        #expect(flood.statuses.filter { $0 == 200 }.count == 5)
        #expect(flood.statuses.filter { $0 == 429 }.count == 35)
        let other = try curl(["--interface", "127.0.0.2"], url)
        #expect(other.status == 200)
        let events = await log.wait { $0.compactMap(\.request).count == 6 }
        #expect(events.compactMap(\.request).map(\.source) == Array(repeating: "127.0.0.1", count: 5) + ["127.0.0.2"])
        let notices = events.compactMap(\.notice)
        #expect(notices.map(\.reason) == [.rateLimited(settings.rate)])
        #expect(notices.first?.source == "127.0.0.1")
        #expect(notices.first?.message.contains("429") == true)
        #expect(listener.counts.rateLimited == 35)
    }

    @Test("with path set, other paths are answered 404; a trailing slash and a glued-on query still match")
    func pathFilter() async throws {
        var settings = PushListener.Settings(address: try loopback(), path: "/data/report")
        settings.rate = RatePolicy(burst: 50, perSecond: 1)
        let listener = try PushListener(settings)
        defer { listener.stop() }
        let log = EventLog(listener.events)
        let base = "http://127.0.0.1:\(listener.address.port)"
        let result = try curl(
            ["--globoff"],
            [
                base + "/data/report?PASSKEY=A1", base + "/data/report/?PASSKEY=A2", base + "/other?PASSKEY=A3",
                base + "/data/report&PASSKEY=A4&tempf=50", base + "/", base + "/data/reportx",
            ])
        #expect(result.statuses == [200, 200, 404, 200, 404, 404])
        let events = await log.wait { $0.compactMap(\.request).count == 3 && $0.contains { $0.notice != nil } }
        #expect(events.compactMap(\.request).map(\.query) == ["PASSKEY=A1", "PASSKEY=A2", "PASSKEY=A4&tempf=50"])
        #expect(events.compactMap(\.notice).map(\.reason) == [.wrongPath("/other", expected: "/data/report")])
        #expect(listener.counts.wrongPath == 3)
    }

    @Test("methods other than GET and POST are answered 405")
    func otherMethods() async throws {
        let listener = try PushListener(.init(address: try loopback()))
        defer { listener.stop() }
        let log = EventLog(listener.events)
        let url = "http://127.0.0.1:\(listener.address.port)/data/report"
        #expect(try curl(["-X", "PUT", "--data-binary", "PASSKEY=A"], url).status == 405)
        #expect(try curl(["-X", "DELETE"], url).status == 405)
        let notices = await log.wait { !$0.isEmpty }.compactMap(\.notice)
        #expect(notices.map(\.reason) == [.wrongMethod("PUT")])
        #expect(listener.counts.wrongMethod == 2)
        #expect(listener.counts.accepted == 0)
    }

    @Test("a connection that stalls mid-request is closed after the idle timeout while others are served")
    func stalledConnection() async throws {
        var settings = PushListener.Settings(address: try loopback())
        settings.idleTimeoutSeconds = 1
        let listener = try PushListener(settings)
        defer { listener.stop() }
        let log = EventLog(listener.events)
        let stalled = try RawConnection(port: listener.address.port)
        stalled.send(Array("POST /data/report HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nPASSKEY=".utf8))
        let headersOnly = try RawConnection(port: listener.address.port)
        headersOnly.send(Array("GET /data/rep".utf8))
        #expect(try curl("http://127.0.0.1:\(listener.address.port)/?tempf=50").status == 200)
        #expect(stalled.readToEnd(seconds: 20).closed)
        #expect(headersOnly.readToEnd(seconds: 20).closed)
        let events = await log.wait { !$0.isEmpty }
        #expect(events.compactMap(\.request).map(\.query) == ["tempf=50"])
    }

    /// libmicrohttpd 1.0 (Debian 13, Raspberry Pi OS) closes a request line of binary junk
    /// without an answer, where 0.9.75 (Debian 12) answers 400; both answer the ObserverIP's
    /// broken request line with 400.
    @Test(
        "malformed requests (an ObserverIP's raw line feed, binary junk) are closed, never a push; the ObserverIP's answered 400"
    )
    func malformedRequests() async throws {
        var settings = PushListener.Settings(address: try loopback())
        settings.idleTimeoutSeconds = 1
        let listener = try PushListener(settings)
        defer { listener.stop() }
        let log = EventLog(listener.events)
        let dump = String(
            decoding: stationFixture("ambient", "observerip2_v2.2.6_aw2m168_partial.hexdump"), as: UTF8.self)
        let captured = dump.split(separator: "\n").flatMap {
            hexBytes(Substring($0.dropFirst(6).prefix(48).filter { $0 != " " }))
        }
        let observer = Array(captured[0x36...])
        #expect(observer.starts(with: Array("GET /data/?MAC=".utf8)))
        // Every byte value, scrambled (a fixed sequence, so the line feed that ends libmicrohttpd's
        // first line is always there: without one it would wait for the idle timeout instead).
        let junk = (0..<3000).map { UInt8(truncatingIfNeeded: $0 &* 7919) }
        let requests = [
            ("the ObserverIP's request", observer, false),
            ("it with a version and headers", observer + Array(" HTTP/1.1\r\nHost: x\r\n\r\n".utf8), false),
            ("binary junk", junk, true),
        ]
        for (name, bytes, silentCloseAllowed) in requests {
            let connection = try RawConnection(port: listener.address.port)
            connection.send(bytes)
            let answer = connection.readToEnd(seconds: 20)
            #expect(answer.closed, "\(name)")
            let text = String(decoding: answer.bytes, as: UTF8.self)
            let answered = text.hasPrefix("HTTP/1.1 400 Bad Request")
            #expect(answered || (silentCloseAllowed && text.isEmpty), "\(name): '\(text)'")
        }
        #expect(try curl("http://127.0.0.1:\(listener.address.port)/?tempf=50").status == 200)
        let events = await log.wait { $0.contains { $0.request != nil } }
        #expect(events.compactMap(\.request).map(\.query) == ["tempf=50"])
    }

    @Test("stop closes the port, finishes the events and lets the port be bound again")
    func stopsCleanly() async throws {
        let listener = try PushListener(.init(address: try loopback()))
        let log = EventLog(listener.events)
        let address = listener.address
        let url = "http://127.0.0.1:\(address.port)/?tempf=50"
        #expect(try curl(url).status == 200)
        listener.stop()
        listener.stop()
        #expect(await log.waitFinished())
        #expect(log.all.count == 1)
        let refused = try curl(["--connect-timeout", "5"], url)
        #expect(refused.exitCode == 7)
        let again = try PushListener(.init(address: address))
        defer { again.stop() }
        #expect(try curl(url).status == 200)
    }

    @Test("an address already in use is an error naming the address and the cause")
    func addressInUse() throws {
        let first = try PushListener(.init(address: try loopback()))
        defer { first.stop() }
        #expect {
            try PushListener(.init(address: first.address))
        } throws: { error in
            let message = (error as? ListenerError)?.message ?? ""
            return message.contains("127.0.0.1:\(first.address.port)") && message.contains("in use")
        }
    }

    @Test("an IPv6 listener on ::1 takes pushes from ::1")
    func ipv6() async throws {
        let listener = try PushListener(.init(address: try ListenAddress(parsing: "[::1]:0")))
        defer { listener.stop() }
        let log = EventLog(listener.events)
        #expect(listener.address.description == "[::1]:\(listener.address.port)")
        #expect(try curl(["-g"], "http://[::1]:\(listener.address.port)/?tempf=50").status == 200)
        let request = try #require(await log.wait { !$0.isEmpty }.first?.request)
        #expect(request.source == "::1")
    }
}
