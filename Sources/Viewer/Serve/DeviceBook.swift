import FoundationEssentials
import Synchronization
import SystemIO
import WeatherModel
import WireContract

#if canImport(Glibc)
    import Glibc
#endif

/// The TRMNL devices that ran `/api/setup`: each MAC's access token and friendly id, kept in a
/// state file (mode 0600) so that a restart keeps every device registered. Tokens are 128
/// random bits from the kernel (`/dev/urandom`), compared in constant time, and never logged.
/// The file also keeps the display ids `serve` published under (`<base>/displays/<id>/…`), so
/// that a start can clear those no display has any more (``RemovedDisplays``).
final class DeviceBook: Sendable {
    struct Device: Sendable, Equatable {
        /// As the device sends it in `ID`, upper-cased.
        var mac: String
        var token: String
        var friendlyID: String
    }

    private struct State {
        var devices: [String: Device] = [:]
        /// Display ids published under.
        var published: Set<String> = []
    }

    /// The state file, or `nil` to keep devices in memory only.
    let path: String?
    private let state: Mutex<State>

    /// Reads `path` if it exists; a file that cannot be read is reported and started afresh.
    init(path: String?) {
        self.path = path
        var known = State()
        if let path, let bytes = SystemIO.readSmallFile(path), let json = try? JSONParser.parse(bytes) {
            for item in json["devices"]?.array ?? [] {
                guard let mac = item["mac"]?.string, let token = item["api_key"]?.string,
                    let friendly = item["friendly_id"]?.string
                else { continue }
                known.devices[mac] = Device(mac: mac, token: token, friendlyID: friendly)
            }
            known.published = Set((json["displays"]?.array ?? []).compactMap(\.string).filter(DisplayHealth.isValidID))
        }
        state = Mutex(known)
    }

    /// Every registered device.
    var registered: [Device] { state.withLock { Array($0.devices.values) } }

    /// The display ids published under and not cleared since.
    var published: Set<String> { state.withLock { $0.published } }

    /// Notes that `ids` are published under (saved when one is new); false when the file
    /// cannot be written.
    @discardableResult
    func record(_ ids: [String]) -> Bool {
        let added = state.withLock { state in
            guard !state.published.isSuperset(of: ids) else { return false }
            state.published.formUnion(ids)
            return true
        }
        return !added || saved()
    }

    /// Forgets `ids` (their topics were cleared).
    func forget(_ ids: [String]) {
        let removed = state.withLock { state in
            let before = state.published.count
            state.published.subtract(ids)
            return state.published.count != before
        }
        if removed { saved() }
    }

    @discardableResult
    private func saved() -> Bool {
        do throws(Failure) {
            try save()
            return true
        } catch {
            Output.error("serve: " + error.message)
            return false
        }
    }

    /// The device of `mac`, registered now (and saved) if it was not (`isNew`); `name` is its
    /// friendly id when it is new.
    func register(mac: String, name: String?) throws(Failure) -> (device: Device, isNew: Bool) {
        let mac = mac.uppercased()
        let (device, added) = try state.withLock { (state) throws(Failure) -> (Device, Bool) in
            if let device = state.devices[mac] { return (device, false) }
            let random = try Self.randomBytes(19)
            let token = random.prefix(16).map(Self.hex).joined()
            let friendly = name ?? random.suffix(3).map(Self.hex).joined().uppercased()
            let device = Device(mac: mac, token: token, friendlyID: friendly)
            state.devices[mac] = device
            return (device, true)
        }
        if added { try save() }
        return (device, added)
    }

    /// The device holding `token`, if one does; every stored token is compared in full.
    func device(token: String) -> Device? {
        let offered = Array(token.utf8)
        return state.withLock { state in
            var found: Device?
            for device in state.devices.values where Self.same(Array(device.token.utf8), offered) { found = device }
            return found
        }
    }

    private func save() throws(Failure) {
        guard let path else { return }
        let (list, published) = state.withLock { ($0.devices.values.sorted { $0.mac < $1.mac }, $0.published.sorted()) }
        let json: JSONValue = [
            "devices": .array(
                list.map {
                    ["mac": .string($0.mac), "api_key": .string($0.token), "friendly_id": .string($0.friendlyID)]
                }),
            "displays": .array(published.map { .string($0) }),
        ]
        let code = SystemIO.atomicWrite(
            path, Array((json.serialized() + "\n").utf8), mode: 0o600, temporarySuffix: ".tmp-\(getpid())",
            createDirectories: true)
        guard code == 0 else {
            throw Failure(WireContract.ExitCode.cannotCreate, "cannot write \(path): \(SystemIO.describe(code))")
        }
    }

    /// Equal bytes, in time that depends only on the lengths.
    private static func same(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var difference: UInt8 = 0
        for index in lhs.indices { difference |= lhs[index] ^ rhs[index] }
        return difference == 0
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
    }

    /// `count` bytes from the kernel's random source.
    static func randomBytes(_ count: Int) throws(Failure) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let descriptor = open("/dev/urandom", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure.unavailable("cannot open /dev/urandom for a device token") }
        defer { close(descriptor) }
        var filled = 0
        while filled < count {
            let got = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, count - filled) }
            guard got > 0 else { throw Failure.unavailable("cannot read /dev/urandom for a device token") }
            filled += got
        }
        return bytes
    }
}
