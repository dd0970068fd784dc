import FoundationEssentials
import Rendering
import Synchronization
import SystemIO
import WeatherModel
import WireContract

/// The retained messages `serve` holds and the frames drawn from them, one per ``FrameSpec``.
/// A poll for a frame whose data has not changed and whose next change has not come is a
/// dictionary lookup: no decoding, no drawing. When the data changed (or the change came), what
/// the frame would show is worked out again and drawn only if it differs from the cached one.
///
/// Called from libmicrohttpd's thread (frames) and the broker task (messages), under one lock.
final class FrameBook: Sendable {
    /// Why there is no frame.
    enum Missing: Error, Sendable, Equatable {
        /// No such location on the broker (404).
        case location(String)
        /// Nothing to draw yet, or a payload that cannot be read (503).
        case data(String)
    }

    private struct Entry {
        var input: FrameSource.DrawnInput
        var frame: ServedFrame
        /// The messages' generation it was checked against.
        var generation: Int
    }

    private struct State {
        var messages: [String: [UInt8]] = [:]
        var generation = 0
        var entries: [FrameSpec: Entry] = [:]
        var draws = 0
    }

    let base: String
    /// How far ahead ``ServedFrame/nextChange`` is looked for, seconds.
    static let horizon: Double = 3600
    /// Most frames kept (a frame spec nobody asks for any more is dropped first).
    static let capacity = 64
    private let state = Mutex(State())

    init(base: String) { self.base = base }

    /// Keeps a message (an empty payload deletes the topic's).
    func update(topic: String, payload: [UInt8]) {
        state.withLock { state in
            let new = payload.isEmpty ? nil : payload
            guard state.messages[topic] != new else { return }
            state.messages[topic] = new
            state.generation += 1
        }
    }

    /// The retained messages held, by topic (OpenWeatherMap's answers read them).
    var messages: [String: [UInt8]] { state.withLock { $0.messages } }

    /// How many frames were drawn so far (a poll answered from the cache draws none).
    var draws: Int { state.withLock { $0.draws } }

    /// The locations on the broker, in the bridge's order.
    var locations: [String] {
        let messages = state.withLock { $0.messages }
        return FrameSource(base: base, location: nil).locations(in: messages)
    }

    /// The frame of `spec` at `now`: from the cache when nothing it shows has changed.
    func frame(_ spec: FrameSpec, now: Date) -> Result<ServedFrame, Missing> {
        state.withLock { state in
            if let entry = state.entries[spec], entry.generation == state.generation, now < entry.frame.nextChange {
                return .success(entry.frame)
            }
            let source: FrameSource
            if spec.overview {
                source = FrameSource(base: base, location: nil)
            } else {
                let locations = FrameSource(base: base, location: nil).locations(in: state.messages)
                guard let location = spec.location ?? locations.first else { return .failure(.data("no location yet")) }
                guard locations.contains(location) else { return .failure(.location(location)) }
                source = FrameSource(base: base, location: location)
            }
            let drawn = source.drawn(state.messages, now: now, units: spec.unitSettings, language: spec.language)
            guard let input = drawn.input else {
                return .failure(
                    .data(drawn.problems.first ?? "no weather yet for \(source.location ?? "any location")"))
            }
            var frame: ServedFrame
            if let entry = state.entries[spec], entry.input == input {
                frame = entry.frame
            } else {
                let bytes = Self.encode(input, spec: spec)
                // The frame's working buffers (2.6 MB at 1872×1404) are free now: their pages go
                // back rather than stay resident until the next draw (BENCHMARKS.md, issue 41).
                SystemIO.releaseFreeHeapPages()
                state.draws += 1
                frame = ServedFrame(bytes: bytes, hash: ContentHash.hex(bytes), drawn: now, nextChange: now, stale: nil)
            }
            frame.stale = drawn.stale
            frame.zone = drawn.zone
            frame.nextChange = Self.nextChange(
                of: input, source: source, messages: state.messages, spec: spec, now: now)
            if state.entries[spec] == nil, state.entries.count >= Self.capacity {
                let oldest = state.entries.min { $0.value.frame.nextChange < $1.value.frame.nextChange }
                if let oldest { state.entries[oldest.key] = nil }
            }
            state.entries[spec] = Entry(input: input, frame: frame, generation: state.generation)
            return .success(frame)
        }
    }

    /// The encoded frame of `input`.
    private static func encode(_ input: FrameSource.DrawnInput, spec: FrameSpec) -> [UInt8] {
        let render = spec.render
        let frame =
            switch input {
            case .single(let input): render.frame(input)
            case .overview(let input): render.frame(input)
            }
        for warning in FrameFonts.takeMissingScriptWarnings() { Output.error("warning: " + warning) }
        return render.format.encode(frame)
    }

    /// The first whole minute within ``horizon`` at which the same messages draw another
    /// input; `now + horizon` when none does.
    private static func nextChange(
        of input: FrameSource.DrawnInput, source: FrameSource, messages: [String: [UInt8]], spec: FrameSpec, now: Date
    ) -> Date {
        let start = (now.timeIntervalSince1970 / 60).rounded(.down) * 60
        for minute in 1...Int(horizon / 60) {
            let then = Date(timeIntervalSince1970: start + Double(minute) * 60)
            let later = source.drawn(messages, now: then, units: spec.unitSettings, language: spec.language)
            if later.input != input { return then }
        }
        return now.addingTimeInterval(horizon)
    }
}
