import Synchronization

/// The images handed to TRMNL devices, by the hash their URL names (`/trmnl/<hash>.png`): a
/// device fetches the image right after `/api/display` named it. The newest `capacity` are kept.
final class ImageShelf: Sendable {
    private struct State {
        var images: [String: [UInt8]] = [:]
        var order: [String] = []
    }

    let capacity: Int
    private let state = Mutex(State())

    init(capacity: Int = 32) { self.capacity = max(1, capacity) }

    /// Keeps `bytes` under `name` (a hash and an extension).
    func keep(_ bytes: [UInt8], as name: String) {
        state.withLock { state in
            if state.images[name] != nil { return }
            state.images[name] = bytes
            state.order.append(name)
            if state.order.count > capacity { state.images[state.order.removeFirst()] = nil }
        }
    }

    func image(_ name: String) -> [UInt8]? { state.withLock { $0.images[name] } }
}
