import Foundation
import Testing
import WeatherModel

@testable import Bridge

/// What a location's warnings announce and show: values only, the saved set handed in.
@Suite("Warnings announced at most once")
struct AlertBookTests {
    let now = Date(timeIntervalSince1970: 1_790_000_000)
    let frost = Alert(id: "frost", title: "Frost", severity: .minor, source: "brightsky")
    let wind = Alert(id: "wind", title: "Wind", severity: .moderate, source: "brightsky")

    @Test("a merge announces what changed since the saved set, saved first; the same merge again announces nothing")
    func announces() {
        var book = AlertBook()
        var loads = 0
        let load = { (_: String) -> [Alert] in
            loads += 1
            return [frost]
        }
        #expect(book.announced("a", load: load) == [frost])
        let first = book.merged([wind], for: "a", now: now, load: load)
        #expect(first.events.map(\.change) == [.ended, .new])
        #expect(first.save == [wind])
        let again = book.merged([wind], for: "a", now: now, load: load)
        #expect(again == AlertBook.Announcement(events: [], save: nil))
        #expect(loads == 1, "the saved set is read once")
    }

    @Test("the list shows the merge, else what was last announced, else the provider's own")
    func shown() {
        var book = AlertBook()
        #expect(book.shown("a") { _ in [frost] } == [frost])
        #expect(book.shown("b") { _ in [] } == nil)
        _ = book.merged([], for: "a", now: now) { _ in [frost] }
        #expect(book.shown("a") { _ in [frost] } == [], "an empty merge shows no warning")
    }
}
