/// The connections an HTTP listener holds, as a plain value: whether one more from a source is
/// taken, which connection to close to make room for it, and which requests are past their
/// deadline. The listener's thread asks it under a lock and carries out what it answers; time is
/// passed in (monotonic seconds), so the rules are tested without clocks or sockets.
///
/// The rules, so that no neighbour can hold the listener:
///
/// - **Per source:** at most `perSource` connections from one address; one more is refused.
/// - **In all:** at most `total`. When all are taken, a source that holds fewer connections than
///   the source holding the most still gets in: that source's oldest connection is closed to make
///   room (the share of a few addresses cannot be taken by many others, and a station that opens
///   one connection now and then always gets one). A source that already holds as many as any
///   other is refused.
/// - **Whole-request deadline:** a request must arrive in full within `requestSeconds` of its
///   connection opening (or of the previous answer on a kept-alive connection), however slowly
///   its bytes trickle in; past it the connection is closed. Making the answer is not counted. An idle timeout alone, which every
///   byte resets, lets one byte a second hold a connection for ever.
struct ConnectionTable: Sendable {
    struct Limits: Sendable, Equatable {
        /// Open connections at most, from one source at most.
        var total: Int
        var perSource: Int
        /// Seconds a request may take from its connection's start (or the previous answer) to
        /// its last byte.
        var requestSeconds: Double
    }

    /// A connection to close: what identifies it to the server, its socket, its source, and
    /// whether it had a request answered already (then, past its deadline, it is a kept-alive
    /// connection left idle, which servers close quietly).
    struct Victim: Sendable, Equatable {
        var id: UInt
        var descriptor: Int32
        var source: String
        var answered = false
    }

    /// What to do with a new connection from a source.
    enum Admission: Sendable, Equatable {
        case admit
        /// Admit it, and close `victim` to make room.
        case admitClosing(Victim)
        /// Refuse it: the source holds `held` connections, the most one source may (`perSource`)
        /// or as many as any other while all `total` are taken.
        case refuse(held: Int)
    }

    private struct Entry {
        var descriptor: Int32
        var source: String
        var opened: Double
        var deadline: Double
        var answered = false
        /// Being closed: no longer counted, never chosen again.
        var closing = false
    }

    let limits: Limits
    private var entries: [UInt: Entry] = [:]
    /// Opening order, to tell the oldest apart when two opened at the same instant.
    private var order: [UInt: Int] = [:]
    private var serial = 0

    init(_ limits: Limits) { self.limits = limits }

    /// Open connections not being closed.
    var count: Int { entries.values.count { !$0.closing } }

    /// Whether one more connection from `source` is taken; when a victim is named, it is counted
    /// as closing from now on.
    mutating func admit(_ source: String) -> Admission {
        var held: [String: Int] = [:]
        for entry in entries.values where !entry.closing { held[entry.source, default: 0] += 1 }
        let mine = held[source] ?? 0
        if mine >= limits.perSource { return .refuse(held: mine) }
        if held.values.reduce(0, +) < limits.total { return .admit }
        let most = held.values.max() ?? 0
        guard most > mine else { return .refuse(held: mine) }
        let crowded = Set(held.filter { $0.value == most }.keys)
        let candidates = entries.filter { !$0.value.closing && crowded.contains($0.value.source) }
        guard let oldest = candidates.min(by: { older($0, than: $1) }) else { return .refuse(held: mine) }
        entries[oldest.key]?.closing = true
        let victim = oldest.value
        return .admitClosing(
            Victim(id: oldest.key, descriptor: victim.descriptor, source: victim.source, answered: victim.answered))
    }

    /// A connection the server opened (after `admit` took it).
    mutating func opened(_ id: UInt, descriptor: Int32, source: String, at now: Double) {
        entries[id] = Entry(descriptor: descriptor, source: source, opened: now, deadline: now + limits.requestSeconds)
        serial += 1
        order[id] = serial
    }

    /// A request on `id` arrived in full: the deadline is the sender's, so none runs while the
    /// answer is made (a frame drawn) and sent; the idle timeout still closes a reader that stalls.
    mutating func received(_ id: UInt) {
        entries[id]?.deadline = .infinity
    }

    /// A request on `id` was answered: the next one on the same connection has a deadline of its own.
    mutating func answered(_ id: UInt, at now: Double) {
        entries[id]?.deadline = now + limits.requestSeconds
        entries[id]?.answered = true
    }

    /// The server closed `id` (before it closes its socket).
    mutating func closed(_ id: UInt) {
        entries[id] = nil
        order[id] = nil
    }

    /// `id`, to be closed now (its request refused), counted as closing from now on; `nil` when
    /// unknown or already closing.
    mutating func close(_ id: UInt) -> Victim? {
        guard let entry = entries[id], !entry.closing else { return nil }
        entries[id]?.closing = true
        return Victim(id: id, descriptor: entry.descriptor, source: entry.source, answered: entry.answered)
    }

    /// The connections whose request is past its deadline at `now`, counted as closing from now on.
    mutating func overdue(at now: Double) -> [Victim] {
        var victims: [Victim] = []
        for (id, entry) in entries where !entry.closing && entry.deadline <= now {
            entries[id]?.closing = true
            victims.append(Victim(id: id, descriptor: entry.descriptor, source: entry.source, answered: entry.answered))
        }
        return victims.sorted { (order[$0.id] ?? 0) < (order[$1.id] ?? 0) }
    }

    /// The earliest deadline of a connection not being closed (none while an answer is made).
    var nextDeadline: Double? { entries.values.filter { !$0.closing && $0.deadline.isFinite }.map(\.deadline).min() }

    private func older(_ lhs: (key: UInt, value: Entry), than rhs: (key: UInt, value: Entry)) -> Bool {
        (lhs.value.opened, order[lhs.key] ?? 0) < (rhs.value.opened, order[rhs.key] ?? 0)
    }
}
