import Synchronization

/// What a listener keeps for its reader while the reader is busy, read as an `AsyncStream`.
///
/// An `AsyncStream` that keeps the newest drops the oldest event when full, whoever sent it: a
/// flood from many addresses, each within its own budget, then pushes a station's reading out
/// before the reader gets to it. Here requests and notices are kept apart (at most `capacity`
/// of each), and when the requests are full the one dropped is that of the source with the least
/// budget left (`weight`, as of the source's latest arrival: the busiest sender; the oldest of
/// those on a tie) — or the new one, when it weighs no more than that: what is waiting stays on
/// a tie. A station that pushes once a minute has almost all of its budget; a flooder has none.
final class FairBacklog<Element: Sendable>: Sendable {
    /// What one element is, for what to keep.
    enum Kind: Sendable { case request, notice }

    private struct Waiting {
        var element: Element
        var source: String
        var weight: Double
        var kind: Kind
    }

    private struct State {
        var waiting: [Waiting] = []
        var finished = false
        var reader: CheckedContinuation<Element?, Never>?
    }

    /// The state, shared with the stream's reading side.
    private final class Shared: Sendable {
        let state = Mutex(State())
    }

    let capacity: Int
    private let shared = Shared()
    /// The elements in order, until ``finish()`` and the last one read (or the reader cancelled).
    let stream: AsyncStream<Element>

    init(capacity: Int) {
        self.capacity = max(1, capacity)
        let shared = shared
        stream = AsyncStream(unfolding: { await Self.next(shared) })
    }

    /// Keeps `element` from `source` for the reader (or hands it over at once to a waiting one).
    /// Returns the source of the request dropped to make room, if one was (it may be this one).
    @discardableResult
    func yield(_ element: Element, from source: String, weight: Double, kind: Kind) -> String? {
        let (reader, dropped) = shared.state.withLock { state -> (CheckedContinuation<Element?, Never>?, String?) in
            guard !state.finished else { return (nil, nil) }
            if let reader = state.reader {
                state.reader = nil
                return (reader, nil)
            }
            let new = Waiting(element: element, source: source, weight: weight, kind: kind)
            // What the source has left now is what its waiting ones weigh.
            for index in state.waiting.indices
            where state.waiting[index].source == source && state.waiting[index].kind == kind {
                state.waiting[index].weight = weight
            }
            let same = state.waiting.indices.filter { state.waiting[$0].kind == kind }
            guard same.count >= capacity else {
                state.waiting.append(new)
                return (nil, nil)
            }
            // Full: drop the lightest (for notices, the oldest: all weigh the same).
            let lightest = same.min { state.waiting[$0].weight < state.waiting[$1].weight } ?? same[0]
            let victim = kind == .notice ? same[0] : lightest
            if kind == .request, new.weight <= state.waiting[victim].weight { return (nil, source) }
            let dropped = state.waiting.remove(at: victim).source
            state.waiting.append(new)
            return (nil, dropped)
        }
        reader?.resume(returning: element)
        return dropped
    }

    /// Ends the stream once what is waiting has been read.
    func finish() {
        let reader = shared.state.withLock { state in
            state.finished = true
            defer { state.reader = nil }
            return state.reader
        }
        reader?.resume(returning: nil)
    }

    /// The next element, waiting for one; `nil` once finished and read, or when the reader is cancelled.
    private static func next(_ shared: Shared) async -> Element? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let now = shared.state.withLock { state -> Element?? in
                    if !state.waiting.isEmpty { return .some(state.waiting.removeFirst().element) }
                    if state.finished || Task.isCancelled { return .some(nil) }
                    state.reader = continuation
                    return nil
                }
                if let now { continuation.resume(returning: now) }
            }
        } onCancel: {
            let reader = shared.state.withLock { state in
                defer { state.reader = nil }
                return state.reader
            }
            reader?.resume(returning: nil)
        }
    }
}
