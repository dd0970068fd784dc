import Foundation
import TestSupport
import Testing

@testable import StationListeners

/// Real UDP datagrams to a datagram listener on 127.0.0.1: recorded Tempest and WeatherLink
/// Live broadcasts, a port shared with another program, junk and floods.
@Suite("Datagram listener")
struct DatagramListenerTests {
    static let captures: [(family: String, file: String)] = [
        ("tempest", "doc_obs_st.json"), ("tempest", "pwfu_obs_st_low_voltage.json"),
        ("tempest", "pwfu_device_status_low_voltage.json"), ("tempest", "deno_device_status.json"),
        ("weatherlink-live", "wll_udp_0000_not_reset_issue4.json"),
    ]

    @Test("Tempest and WeatherLink Live datagrams arrive byte for byte, in order, with their source")
    func capturesArrive() async throws {
        let listener = try DatagramListener(.init(address: try loopback()))
        defer { listener.stop() }
        let log = EventLog(listener.events)
        let sent = Self.captures.map { stationFixture($0.family, $0.file) }
        for bytes in sent { sendDatagram(bytes, to: listener.address.port) }
        let datagrams = await log.wait { $0.count == sent.count }.compactMap(\.datagram)
        #expect(datagrams.map(\.bytes) == sent)
        #expect(datagrams.allSatisfy { $0.source == "127.0.0.1" && $0.sourcePort != 0 })
        #expect(listener.counts.accepted == sent.count)
    }

    @Test("the port can be shared with another program's socket, and ours receives; nothing is lost")
    func sharedPort() async throws {
        let other = try OtherUDPListener(port: 0)
        let listener = try DatagramListener(.init(address: try ListenAddress(parsing: "127.0.0.1:\(other.port)")))
        defer { listener.stop() }
        #expect(listener.address.port == other.port)
        let log = EventLog(listener.events)
        // Unicast to a shared port goes to one of the sockets (chosen by the sender's address and
        // port); broadcasts, which a Tempest hub sends, go to each. Send from fresh sockets until
        // ours has had one, at most 64 times.
        let obs = stationFixture("tempest", "doc_obs_st.json")
        var sent = 0
        while sent < 64 {
            sendDatagram(obs, to: other.port)
            sent += 1
            if await log.wait(seconds: 0.2, until: { !$0.isEmpty }).count > 0 { break }
        }
        var theirs: [[UInt8]] = []
        let ours = await log.wait { events in
            theirs += other.drain()
            return events.count + theirs.count == sent
        }.compactMap(\.datagram)
        #expect(!ours.isEmpty)
        #expect((ours.map(\.bytes) + theirs).allSatisfy { $0 == obs })
        #expect(ours.count + theirs.count == sent)
    }

    @Test("junk: an oversized datagram and an empty one are dropped and said once; odd bytes are passed on")
    func junk() async throws {
        var settings = DatagramListener.Settings(address: try loopback())
        settings.sizeLimit = 512
        let listener = try DatagramListener(settings)
        defer { listener.stop() }
        let log = EventLog(listener.events)
        let port = listener.address.port
        let big = [UInt8](repeating: 0x7B, count: 2000)
        sendDatagram(big, to: port)
        sendDatagram([], to: port)
        sendDatagram(big, to: port)
        sendDatagram([0xFF, 0x00, 0x13], to: port)
        let events = await log.wait { $0.contains { $0.datagram != nil } }
        #expect(events.compactMap(\.datagram).map(\.bytes) == [[0xFF, 0x00, 0x13]])
        #expect(events.compactMap(\.notice).map(\.reason) == [.tooLarge(limit: 512), .empty])
        #expect(listener.counts.tooLarge == 2)
        #expect(listener.counts.empty == 1)
    }

    @Test("a flood from one address is cut to its budget, counted and said once")
    func flood() async throws {
        var settings = DatagramListener.Settings(address: try loopback())
        settings.rate = RatePolicy(burst: 10, perSecond: 0.001)
        let listener = try DatagramListener(settings)
        defer { listener.stop() }
        let log = EventLog(listener.events)
        // 100 small datagrams fit in the socket's receive buffer (212 kB) even if the thread is slow to run.
        for index in 0..<100 { sendDatagram(Array("garbage \(index)".utf8), to: listener.address.port) }
        await log.wait { $0.count == 11 && listener.counts.accepted + listener.counts.rateLimited == 100 }
        let events = log.all
        let counts = listener.counts
        #expect(counts.accepted == 10)
        #expect(counts.rateLimited == 90)
        #expect(
            events.compactMap(\.datagram).map { String(decoding: $0.bytes, as: UTF8.self) }
                == (0..<10).map { "garbage \($0)" })
        #expect(events.compactMap(\.notice).map(\.reason) == [.rateLimited(settings.rate)])
    }

    @Test("a reader behind: a flood from many addresses drops its own datagrams, not the hub's")
    func fairBacklog() async throws {
        let listener = try datagramListener { $0.backlog = 4 }
        defer { listener.stop() }
        let port = listener.address.port
        let observation = stationFixture("tempest", "doc_obs_st.json")
        sendDatagram(observation, to: port, from: "127.0.0.50")
        for round in 0..<5 {
            for sender in 1...10 { sendDatagram(Array("junk \(round)".utf8), to: port, from: "127.0.1.\(sender)") }
        }
        // Nothing is read until all 51 are taken (the socket's buffer holds them meanwhile). The
        // loop counts a datagram accepted before the backlog's drop is counted: both are waited for.
        let deadline = Date().addingTimeInterval(TestTiming.seconds(10))
        while listener.counts.accepted < 51 || listener.counts.dropped < 47, Date() < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(listener.counts.accepted == 51)
        #expect(listener.counts.dropped == 47)
        let log = EventLog(listener.events)
        let datagrams = await log.wait { $0.compactMap(\.datagram).count == 4 }.compactMap(\.datagram)
        #expect(datagrams.first?.bytes == observation)
        #expect(datagrams.first?.source == "127.0.0.50")
        #expect(datagrams.dropFirst().allSatisfy { $0.source.hasPrefix("127.0.1.") })
        #expect(
            log.all.compactMap(\.notice).allSatisfy { $0.reason == .dropped(backlog: 4) && $0.source != "127.0.0.50" })
    }

    @Test("stop ends the thread, finishes the events and frees the port")
    func stopsCleanly() async throws {
        let listener = try DatagramListener(.init(address: try loopback()))
        let log = EventLog(listener.events)
        let address = listener.address
        sendDatagram(Array("one".utf8), to: address.port)
        await log.wait { !$0.isEmpty }
        listener.stop()
        listener.stop()
        #expect(await log.waitFinished())
        #expect(log.all.count == 1)
        // Bound without SO_REUSEPORT: only a port nobody holds any more binds.
        let probe = socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
        defer { close(probe) }
        var target = sockaddr_in()
        target.sin_family = sa_family_t(AF_INET)
        target.sin_port = address.port.bigEndian
        target.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let bound = withUnsafePointer(to: &target) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(probe, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        #expect(bound == 0)
    }
}
