import Foundation
import HomeAssistant
import Providers
import Testing

@testable import Bridge

/// The deciding rules behind issue 18, each pure: one discovery resend per birth burst, the
/// correction of foreign writes, the schedule journal a full disk cannot stop, the log words.
@Suite("Under chaos: the rules")
struct UnderChaosRulesTests {
    let now = Date(timeIntervalSince1970: 1_790_000_000)

    @Test("a burst of 40 birth messages schedules one discovery resend; the next burst another")
    func birthBurst() {
        var coalescer = BirthCoalescer()
        let scheduled = (0..<40).filter { _ in coalescer.birth() }.count
        #expect(scheduled == 1)
        let covered = coalescer.resent()
        #expect(covered == 39)
        let nextBurst = coalescer.birth()
        let sameBurst = coalescer.birth()
        #expect(nextBurst)
        #expect(!sameBurst)
    }

    @Test("a foreign value on a held topic is corrected; the same value is left alone")
    func foreignWrites() {
        #expect(OwnTopics.needsCorrection(received: Array("offline".utf8), held: Array("online".utf8)))
        #expect(OwnTopics.needsCorrection(received: Array("garbage".utf8), held: Array("{\"t\":1}".utf8)))
        #expect(OwnTopics.needsCorrection(received: [], held: Array("{\"t\":1}".utf8)))
        #expect(!OwnTopics.needsCorrection(received: Array("online".utf8), held: Array("online".utf8)))
        #expect(OwnTopics.isOwn("weather/bridge/state", base: "weather"))
        #expect(!OwnTopics.isOwn("weatherx/bridge/state", base: "weather"))
        #expect(OwnTopics.filter(base: "home/weather") == "home/weather/#")
    }

    @Test("the journal keeps the newest whole slot; a torn slot leaves the other one readable")
    func journalSlots() throws {
        let entries = [
            "home": ScheduleJournal.Entry(
                nextPoll: now.addingTimeInterval(900), failures: 2, attempt: now),
            "office": ScheduleJournal.Entry(nextPoll: now.addingTimeInterval(60), failures: 0, attempt: now),
        ]
        let size = 4096
        let first = try #require(ScheduleJournal.encodeSlot(sequence: 1, entries: entries, size: size))
        var later = entries
        later["home"]?.nextPoll = now.addingTimeInterval(1800)
        let second = try #require(ScheduleJournal.encodeSlot(sequence: 2, entries: later, size: size))
        #expect(first.count == size && second.count == size)
        // Slot 1 holds sequence 1, slot 0 sequence 2 (sequence % 2 picks the slot).
        let whole = second + first
        #expect(ScheduleJournal.decode(whole, slotSize: size)?.sequence == 2)
        #expect(ScheduleJournal.decode(whole, slotSize: size)?.entries == later)
        // The write of sequence 2 was torn halfway: sequence 1 stands.
        var torn = whole
        for index in 20..<60 { torn[index] = 0x20 }
        #expect(ScheduleJournal.decode(torn, slotSize: size)?.sequence == 1)
        #expect(ScheduleJournal.decode(torn, slotSize: size)?.entries == entries)
        // Nothing readable at all: no schedule.
        #expect(ScheduleJournal.decode([UInt8](repeating: 0x20, count: 2 * size), slotSize: size) == nil)
        // Too many entries for the slot: refused, never truncated.
        #expect(ScheduleJournal.encodeSlot(sequence: 3, entries: entries, size: 40) == nil)
    }

    @Test("a restart never polls earlier than the journal says when the journal saw a later attempt")
    func journalMerge() {
        var fromFile = LocationState(nextPoll: now.addingTimeInterval(-600))
        fromFile.lastAttempt = now.addingTimeInterval(-1500)
        fromFile.consecutiveFailures = 3
        let newer = ScheduleJournal.Entry(nextPoll: now.addingTimeInterval(600), failures: 0, attempt: now)
        let merged = fromFile.merging(newer)
        #expect(merged.nextPoll == newer.nextPoll)
        #expect(merged.consecutiveFailures == 0)
        // An older journal entry (the state file was written after it) changes nothing.
        let older = ScheduleJournal.Entry(
            nextPoll: now.addingTimeInterval(3600), failures: 5, attempt: now.addingTimeInterval(-3000))
        #expect(fromFile.merging(older) == fromFile)
        #expect(fromFile.merging(nil) == fromFile)
    }

    @Test("the journal file is written in place and read back across instances")
    func journalFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("journal-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let journal = ScheduleJournal(directory: folder, locations: 3)
        #expect(journal.load().sequence == 0)
        #expect(journal.prepare())
        let entry = ScheduleJournal.Entry(nextPoll: now.addingTimeInterval(900), failures: 1, attempt: now)
        #expect(journal.write(sequence: 1, entries: ["home": entry]))
        #expect(
            journal.write(
                sequence: 2, entries: ["home": ScheduleJournal.Entry(nextPoll: now, failures: 4, attempt: now)]))
        let size = try FileManager.default.attributesOfItem(atPath: journal.path)[.size] as? Int
        #expect(size == 2 * journal.slotSize)
        let reloaded = ScheduleJournal(directory: folder, locations: 3).load()
        #expect(reloaded.sequence == 2)
        #expect(reloaded.entries["home"]?.failures == 4)
    }

    @Test("a 429 line says the Retry-After it honours; every failure line says when the next attempt is")
    func failureLines() {
        let limited = ProviderError.rateLimited("HTTP 429", retryAfter: 600)
        let text = RefreshLog.failed(limited, nextAttempt: now.addingTimeInterval(600), now: now, retryAfter: 600)
        #expect(text.contains("honouring Retry-After: 600 s"))
        #expect(text.contains("next attempt at 2026-09-21T"))
        #expect(text.contains("(in 600 s)"))
        let plain = RefreshLog.failed(
            .rateLimited("x", retryAfter: nil), nextAttempt: now.addingTimeInterval(75), now: now, retryAfter: nil)
        #expect(plain.contains("next attempt at") && plain.contains("(in 75 s)") && !plain.contains("Retry-After"))
        let fell = RefreshLog.fellBack(
            from: "met-no", limited, nextAttempt: now.addingTimeInterval(600), now: now, retryAfter: 600)
        #expect(fell.contains("fell back from met-no") && fell.contains("asking it again at "))
    }

    @Test("refreshes are summarised at info: after the first round, then once per period")
    func summary() {
        var summary = RefreshSummary(period: 3600)
        #expect(summary.line(now: now) == nil)
        for _ in 0..<25 { summary.record(.fresh, now: now) }
        summary.record(.failed, now: now)
        let first = summary.line(now: now.addingTimeInterval(2))
        #expect(first?.contains("25 new") == true && first?.contains("1 failed") == true)
        for _ in 0..<10 { summary.record(.notModified, now: now.addingTimeInterval(900)) }
        #expect(summary.line(now: now.addingTimeInterval(1800)) == nil)
        let hourly = summary.line(now: now.addingTimeInterval(3602))
        #expect(hourly?.contains("10 not modified") == true)
        #expect(hourly?.contains("0 new") == true)
    }
}
