import Foundation
import Testing

@testable import Bridge

/// When the bridge writes its locations' state, and what a failed write does: values only, no
/// file written.
@Suite("Saving the state")
struct StateSavingTests {
    let now = Date(timeIntervalSince1970: 1_790_000_000)

    func state(_ next: Double) -> LocationState { LocationState(nextPoll: now + next) }

    @Test("only what its file does not hold is written, in order of id; a round saves every 16")
    func onlyChanges() {
        var saving = StateSaving(directory: "/state", journalSequence: 0)
        let states = ["b": state(1), "a": state(2)]
        let first = saving.toWrite(["b", "a", "gone"], states: states)
        #expect(first.map(\.id) == ["a", "b"])
        #expect(saving.wrote(first, results: [0, 0], now: now).isEmpty)
        #expect(saving.toWrite(["a", "b"], states: states).isEmpty, "unchanged")
        #expect(saving.toWrite(["a"], states: ["a": state(3)]).map(\.id) == ["a"])
        for id in 0..<15 { saving.changed("l\(id)") }
        #expect(!saving.batchDue)
        saving.changed("l15")
        #expect(saving.batchDue)
        #expect(saving.takeChanged().count == 16 && saving.takeChanged().isEmpty)
    }

    @Test("run --once defers its saves: nothing until the end, then everything that changed")
    func deferred() {
        var saving = StateSaving(directory: "/state", journalSequence: 0)
        saving.deferred = true
        saving.changed("a")
        #expect(saving.takeChanged().isEmpty)
        saving.deferred = false
        #expect(saving.takeChanged() == ["a"])
    }

    @Test("a failed write is said once, shown in bridge/info, the journal written each time; then retried until saved")
    func failure() {
        var saving = StateSaving(directory: "/state", journalSequence: 7)
        let written = saving.toWrite(["a", "b"], states: ["a": state(1), "b": state(2)])
        let actions = saving.wrote(written, results: [28, 0], now: now)
        #expect(actions.count == 3)
        guard case .log(let line) = actions.first else { return }
        #expect(line.level == .error && line.message.hasPrefix("cannot write location-a.json in state_dir: "))
        #expect(Array(actions.dropFirst()) == [.publishInfo, .writeJournal(sequence: 8)])
        #expect(saving.failure?.message.hasPrefix("cannot write location-a.json: ") == true)
        #expect(saving.unsaved == ["a"] && saving.retryDue(budgetUnsaved: false))
        #expect(saving.journalWritten(false).count == 1 && saving.journalWritten(false).isEmpty, "said once")
        #expect(saving.failed(28, file: "budget.json", now: now + 1) == [.writeJournal(sequence: 9)])
        #expect(saving.retried(budgetUnsaved: false, now: now + 60).isEmpty, "a still unsaved")
        let again = saving.toWrite(saving.unsaved, states: ["a": state(1)])
        #expect(saving.wrote(again, results: [0], now: now + 90).isEmpty)
        #expect(saving.retried(budgetUnsaved: true, now: now + 90).isEmpty, "budget.json still behind")
        let over = saving.retried(budgetUnsaved: false, now: now + 90)
        guard case .log(let notice) = over.first else { return }
        #expect(notice.level == .notice && notice.value("failing_for") == "90 s")
        #expect(over.last == .publishInfo && saving.failure == nil && !saving.retryDue(budgetUnsaved: false))
    }
}
