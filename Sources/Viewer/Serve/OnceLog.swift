import Synchronization

/// Lines said once per key (a display that asks every few minutes is not a line each time); at
/// most `capacity` keys are remembered, then it starts afresh.
final class OnceLog: Sendable {
    let capacity: Int
    private let said = Mutex<Set<String>>([])

    init(capacity: Int = 256) { self.capacity = capacity }

    /// Writes `message` to stderr unless `key` was said before.
    func say(_ key: String, _ message: @autoclosure () -> String) {
        let first = said.withLock { said in
            if said.count >= capacity { said.removeAll() }
            return said.insert(key).inserted
        }
        if first { Output.error(message()) }
    }
}
