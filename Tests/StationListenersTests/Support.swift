import Foundation
import Synchronization
import TestSupport
import Testing

@testable import StationListeners

/// A station capture copied from shared/fixtures/stations (provenance in its SOURCES.md).
func stationFixture(_ family: String, _ file: String) -> [UInt8] {
    Fixtures.bytes("stations/" + family, file)
}

/// The fields of a flat JSON object of strings and numbers, in file order, values as written
/// (how the captures record a gateway's form).
func orderedFields(_ json: [UInt8]) -> [(name: String, value: String)] {
    var fields: [(name: String, value: String)] = []
    var index = 0
    func skip() { while index < json.count, " \n\r\t:,{}".utf8.contains(json[index]) { index += 1 } }
    func token() -> String {
        if json[index] == UInt8(ascii: "\"") {
            index += 1
            var bytes: [UInt8] = []
            while json[index] != UInt8(ascii: "\"") {
                if json[index] == UInt8(ascii: "\\") { index += 1 }
                bytes.append(json[index])
                index += 1
            }
            index += 1
            return String(decoding: bytes, as: UTF8.self)
        }
        let start = index
        while index < json.count, !",}\n ".utf8.contains(json[index]) { index += 1 }
        return String(decoding: json[start..<index], as: UTF8.self)
    }
    skip()
    while index < json.count {
        let name = token()
        skip()
        let value = token()
        fields.append((name, value))
        skip()
    }
    return fields
}

/// `fields` as a form body (or query): names and values percent-encoded as a device does.
func formEncoded(_ fields: [(name: String, value: String)]) -> String {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~")
    func encode(_ text: String) -> String { text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text }
    return fields.map { encode($0.name) + "=" + encode($0.value) }.joined(separator: "&")
}

/// Whether two field lists are the same, in order.
func same(_ lhs: [(name: String, value: String)], _ rhs: [(name: String, value: String)]) -> Bool {
    lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0.name == $1.name && $0.value == $1.value }
}

/// Runs `curl` for one URL.
func curl(_ url: String) throws -> CurlResult { try curl([], [url]) }

/// Collects a listener's events from its stream as they come, for bounded waits.
final class EventLog<Event: Sendable>: Sendable {
    private final class Store: Sendable {
        let events = Mutex<[Event]>([])
        let finished = Mutex(false)
    }

    private let store = Store()

    init(_ stream: AsyncStream<Event>) {
        Task { [store] in
            for await event in stream { store.events.withLock { $0.append(event) } }
            store.finished.withLock { $0 = true }
        }
    }

    var all: [Event] { store.events.withLock { $0 } }
    var isFinished: Bool { store.finished.withLock { $0 } }

    /// Waits (at most `seconds`) until `condition` holds for the events so far; returns them.
    @discardableResult
    func wait(seconds: Double = 10, until condition: ([Event]) -> Bool) async -> [Event] {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let now = all
            if condition(now) { return now }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return all
    }

    /// Waits (at most `seconds`) until the stream has finished.
    func waitFinished(seconds: Double = 10) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline && !isFinished { try? await Task.sleep(for: .milliseconds(20)) }
        return isFinished
    }
}

extension PushEvent {
    var request: PushRequest? { if case .request(let request) = self { request } else { nil } }
    var notice: ListenerNotice? { if case .notice(let notice) = self { notice } else { nil } }
}

extension DatagramEvent {
    var datagram: Datagram? { if case .datagram(let datagram) = self { datagram } else { nil } }
    var notice: ListenerNotice? { if case .notice(let notice) = self { notice } else { nil } }
}

/// A push listener on 127.0.0.1 (a port the kernel chooses) with `configure`'s settings, and
/// its events as they come. Stop it when done.
func pushListener(_ configure: (inout PushListener.Settings) -> Void) throws -> (PushListener, EventLog<PushEvent>) {
    var settings = PushListener.Settings(address: try loopback())
    configure(&settings)
    let listener = try PushListener(settings)
    return (listener, EventLog(listener.events))
}

/// A datagram listener on 127.0.0.1 (a port the kernel chooses) with `configure`'s settings.
func datagramListener(_ configure: (inout DatagramListener.Settings) -> Void) throws -> DatagramListener {
    var settings = DatagramListener.Settings(address: try loopback())
    configure(&settings)
    return try DatagramListener(settings)
}

/// A listener's settings on 127.0.0.1 and a port the kernel chooses.
func loopback() throws -> ListenAddress { try ListenAddress(parsing: "127.0.0.1:0") }
