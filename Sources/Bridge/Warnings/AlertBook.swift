import FoundationEssentials
import WeatherModel

/// Each location's warnings as decisions: the merged list of its last refresh, the set last
/// announced as events (as saved in `state_dir`), what a new merge announces — at most once:
/// the set is saved before its events go out, so a restart repeats nothing — and what its
/// retained alerts list shows. A plain value kept by `LocationRunner`, which saves and sends;
/// `load` reads a location's saved set the first time it is needed.
struct AlertBook {
    private var merged: [String: [Alert]] = [:]
    private var announced: [String: [Alert]] = [:]

    /// What a new merge does: the events to send, after saving `save` (nil: the saved set holds).
    struct Announcement: Equatable {
        var events: [AlertEvent]
        var save: [Alert]?
    }

    /// The set last announced for location `id`.
    mutating func announced(_ id: String, load: (String) -> [Alert]) -> [Alert] {
        if let known = announced[id] { return known }
        let saved = load(id)
        announced[id] = saved
        return saved
    }

    /// `current` is location `id`'s merged list at `now`: the events from the set last
    /// announced, and the set to remember (what is active now).
    mutating func merged(_ current: [Alert], for id: String, now: Date, load: (String) -> [Alert]) -> Announcement {
        merged[id] = current
        let previous = announced(id, load: load)
        let events = AlertEvents.diff(previous: previous, current: current, now: now)
        let remembered = AlertEvents.remembered(current, now: now)
        announced[id] = remembered
        return Announcement(events: events, save: !events.isEmpty || remembered != previous ? remembered : nil)
    }

    /// What location `id`'s retained list shows: the merged list where one was made, else
    /// (before the first refresh after a start) what was last announced; nil: the provider's own.
    mutating func shown(_ id: String, load: (String) -> [Alert]) -> [Alert]? {
        if let list = merged[id] { return list }
        let saved = announced(id, load: load)
        return saved.isEmpty ? nil : saved
    }
}
