import Foundation
import TestSupport
import Testing

@testable import StationListeners

/// What keeps a neighbour from holding the push listener (issue 38): a deadline for the whole
/// request, connections per address and in all with room made for a new address, a query too
/// long to parse refused at once, and a backlog that drops the busiest sender's requests first.
/// Every refusal is said. Real sockets on 127.0.0.0/8.
@Suite("Push listener: limits no neighbour can hold")
struct PushListenerLimitsTests {
    /// A request deadline beyond a test that holds connections open on purpose: under emulation
    /// (qemu, `W2M_UNDER_EMULATION`) such a test took longer than the default 5 s, and the deadline
    /// closed the connections it checks (two failures in the arm64 subset, where the suite took 723 s
    /// among the other tests' load), and so did the 10 s idle timeout (CI's run of session 12: the
    /// connection that must stay open was closed idle). Neither is what these two tests check.
    static let pastTheTest = TestTiming.seconds(600)

    /// Both of a listener's clocks past the test.
    static func heldOpen(_ settings: inout PushListener.Settings) {
        settings.requestSeconds = pastTheTest
        settings.idleTimeoutSeconds = UInt32(pastTheTest)
    }

    @Test(
        "a sender trickling a byte at a time is closed at the request deadline, though each byte resets the idle timeout"
    )
    func trickle() async throws {
        let (listener, log) = try pushListener {
            $0.idleTimeoutSeconds = 10
            $0.requestSeconds = 1
        }
        defer { listener.stop() }
        let slow = try RawConnection(port: listener.address.port, from: "127.0.0.7")
        let request = Array("POST /data/report/ HTTP/1.1\r\nHost: x\r\nContent-Length: 300\r\n\r\n".utf8)
        let start = Date()
        var closed = false
        for byte in request where !closed {
            slow.send([byte])
            usleep(200_000)  // the sender's pace: one byte every 0.2 s
            closed = slow.isClosed
        }
        let took = Date().timeIntervalSince(start)
        #expect(closed, "still open after \(took) s")
        #expect(took < TestTiming.seconds(4), "closed after \(took) s")
        let notice = await log.wait { $0.contains { $0.notice != nil } }.compactMap(\.notice).first
        #expect(notice?.reason == .tooSlow(seconds: 1))
        #expect(notice?.source == "127.0.0.7")
        #expect(notice?.message.contains("no whole request within 1 s") == true, "\(notice?.message ?? "")")
        #expect(listener.counts.tooSlow == 1)
    }

    @Test(
        "all connections taken: a new address gets one, the address holding the most loses its oldest, and it is said")
    func roomForANewAddress() async throws {
        let (listener, log) = try pushListener {
            $0.connectionLimit = 4
            $0.connectionsPerAddress = 3
            Self.heldOpen(&$0)
        }
        defer { listener.stop() }
        let port = listener.address.port
        let held = try (0..<3).map { _ in try RawConnection(port: port, from: "127.0.0.2") }
        let other = try RawConnection(port: port, from: "127.0.0.3")
        for connection in held + [other] { connection.send(Array("POST / HTTP/1.1\r\n".utf8)) }
        // The station, from an address holding none.
        let result = try curl(["--max-time", "5", "--data-binary", "tempf=50.0"], "http://127.0.0.1:\(port)/")
        #expect(result.status == 200 && result.body == "success")
        #expect(
            await log.wait { $0.contains { $0.request != nil } }.compactMap(\.request).first?.body
                == Array("tempf=50.0".utf8))
        #expect(held[0].readToEnd(seconds: 5).closed)
        #expect(!other.isClosed)
        let notices = await log.wait { $0.contains { $0.notice != nil } }.compactMap(\.notice)
        #expect(
            notices.first
                == ListenerNotice(
                    listener: "http \(listener.address)", source: "127.0.0.2", reason: .crowdedOut(total: 4)))
        #expect(listener.counts.connectionsRefused == 1)
    }

    @Test("an address over its share of connections has the new one closed, and it is said once")
    func perAddress() async throws {
        let (listener, log) = try pushListener {
            $0.connectionsPerAddress = 2
            Self.heldOpen(&$0)
        }
        defer { listener.stop() }
        let port = listener.address.port
        let open = try (0..<2).map { _ in try RawConnection(port: port, from: "127.0.0.9") }
        for connection in open { connection.send(Array("GET / HTTP/1.1\r\n".utf8)) }
        let extra = try (0..<2).map { _ in try RawConnection(port: port, from: "127.0.0.9") }
        #expect(extra.allSatisfy { $0.readToEnd(seconds: 5).closed })
        #expect(!open[0].isClosed && !open[1].isClosed)
        let notices = await log.wait { !$0.isEmpty }.compactMap(\.notice)
        #expect(notices.map(\.reason) == [.tooManyConnections(held: 2, perSource: 2, total: 64)])
        #expect(listener.counts.connectionsRefused == 2)
    }

    @Test(
        "a query of more fields than libmicrohttpd can parse is closed at once and said; 200 fields are taken",
        arguments: [460, 2000])
    func manyFields(count: Int) async throws {
        let (listener, log) = try pushListener { _ in }
        defer { listener.stop() }
        let port = listener.address.port
        let query = (0..<count).map { "f\($0)=1" }.joined(separator: "&")
        let start = Date()
        let result = try curl(["--max-time", "9"], "http://127.0.0.1:\(port)/?\(query)")
        #expect(result.status == 0, "answered \(result.status)")
        #expect(Date().timeIntervalSince(start) < TestTiming.seconds(3), "held \(Date().timeIntervalSince(start)) s")
        let notice = await log.wait { !$0.isEmpty }.first?.notice
        #expect(notice?.reason == .tooManyFields(limit: 256))
        #expect(listener.counts.tooLarge == 1)
        let fields = (0..<200).map { "f\($0)=1" }.joined(separator: "&")
        #expect(try curl("http://127.0.0.1:\(port)/?\(fields)").status == 200)
        #expect(await log.wait { $0.contains { $0.request != nil } }.compactMap(\.request).first?.fields.count == 200)
    }
}
