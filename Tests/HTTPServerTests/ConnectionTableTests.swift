import Testing

@testable import HTTPServer

/// The HTTP listener's connection rules as a plain value: no sockets, time passed in.
@Suite("Connection table")
struct ConnectionTableTests {
    static let limits = ConnectionTable.Limits(total: 6, perSource: 3, requestSeconds: 5)

    /// Opens one connection from `source` if the table takes it; what it answered.
    @discardableResult
    static func open(_ table: inout ConnectionTable, _ source: String, id: UInt, at now: Double)
        -> ConnectionTable.Admission
    {
        let admission = table.admit(source)
        if case .refuse = admission { return admission }
        table.opened(id, descriptor: Int32(id), source: source, at: now)
        return admission
    }

    @Test("one source gets at most its share; the next from it is refused, another's is taken")
    func perSource() {
        var table = ConnectionTable(Self.limits)
        for id in 1...3 { #expect(Self.open(&table, "10.0.0.9", id: UInt(id), at: 0) == .admit) }
        #expect(table.admit("10.0.0.9") == .refuse(held: 3))
        #expect(table.admit("10.0.0.7") == .admit)
        table.closed(2)
        #expect(table.admit("10.0.0.9") == .admit)
    }

    @Test("all taken: a source holding fewer gets in, and the oldest of the source holding the most is closed")
    func crowdedOut() {
        var table = ConnectionTable(Self.limits)
        // 10.0.0.1 holds three, 10.0.0.2 two, 10.0.0.3 one: all six taken.
        for (id, source) in ["10.0.0.2", "10.0.0.1", "10.0.0.1", "10.0.0.2", "10.0.0.1", "10.0.0.3"].enumerated() {
            Self.open(&table, source, id: UInt(id + 1), at: Double(id))
        }
        #expect(table.count == 6)
        // The station, holding none: 10.0.0.1's oldest (id 2) makes room.
        #expect(
            table.admit("192.168.1.20") == .admitClosing(.init(id: 2, descriptor: 2, source: "10.0.0.1")))
        #expect(table.count == 5)
        table.opened(7, descriptor: 7, source: "192.168.1.20", at: 7)
        // 10.0.0.3 holds one and the most hold two now (10.0.0.1 and 10.0.0.2): the oldest of
        // theirs goes, 10.0.0.2's first (id 1).
        #expect(table.admit("10.0.0.3") == .admitClosing(.init(id: 1, descriptor: 1, source: "10.0.0.2")))
        table.opened(8, descriptor: 8, source: "10.0.0.3", at: 8)
        // Now 10.0.0.1 and 10.0.0.3 hold two each, 10.0.0.2 and the station one: 10.0.0.1, holding as
        // many as any other, is refused; so is 10.0.0.3.
        #expect(table.admit("10.0.0.1") == .refuse(held: 2))
        #expect(table.admit("10.0.0.3") == .refuse(held: 2))
        // Closing connections are no one's: the one being closed is not chosen twice.
        table.closed(2)
        table.closed(1)
        #expect(table.count == 6)
    }

    @Test("a request not in full within its deadline is overdue, however its bytes trickle; an answer starts a new one")
    func deadline() {
        var table = ConnectionTable(Self.limits)
        Self.open(&table, "10.0.0.1", id: 1, at: 100)
        Self.open(&table, "10.0.0.2", id: 2, at: 102)
        #expect(table.nextDeadline == 105)
        #expect(table.overdue(at: 104.9).isEmpty)
        table.answered(1, at: 104)
        #expect(table.overdue(at: 107) == [.init(id: 2, descriptor: 2, source: "10.0.0.2")])
        // Said once: it is being closed.
        #expect(table.overdue(at: 108).isEmpty)
        #expect(table.count == 1)
        // A kept-alive connection idle past the deadline after its answer is named as such.
        #expect(table.overdue(at: 109) == [.init(id: 1, descriptor: 1, source: "10.0.0.1", answered: true)])
        table.closed(1)
        table.closed(2)
        #expect(table.count == 0 && table.nextDeadline == nil)
    }

    @Test("a request in full stops its deadline while the answer is made; the answer starts the next one")
    func received() {
        var table = ConnectionTable(Self.limits)
        Self.open(&table, "10.0.0.1", id: 1, at: 100)
        table.received(1)
        #expect(table.overdue(at: 200).isEmpty && table.nextDeadline == nil)
        table.answered(1, at: 200)
        #expect(table.nextDeadline == 205)
        #expect(table.overdue(at: 205) == [.init(id: 1, descriptor: 1, source: "10.0.0.1", answered: true)])
    }
}
