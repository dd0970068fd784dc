import FoundationEssentials
import Providers
import Stations
import WeatherModel
import WireContract

/// What the bridge does with a decoded station message or warning list, so the fuzzers reach
/// past the decoders: a station's observation is judged into its state (plausibility, rain,
/// pressure at an elevation) and written as its `state` and `status` payloads; alerts are written
/// as the `alerts` payload's entries. Every JSON written must parse again.
public enum Observe {
    static let now = Date(timeIntervalSince1970: 1_770_400_000)

    /// Applies `observation` to a new station's state twice (a minute apart, so that the step
    /// rules and rain counters compare two reports) and writes its payloads.
    public static func station(_ observation: StationObservation?) {
        guard let observation else { return }
        _ = observation.identity.maskedKey  // what a log line about a stranger shows
        var state = StationState()
        state.apply(observation, at: now, elevation: 120, zone: .utc)
        state.apply(observation, at: now.addingTimeInterval(60), elevation: 120, zone: .utc)
        let later = now.addingTimeInterval(90)
        Publish.requireValidJSON(StationPayload.state(id: "fuzz", state: state, at: later, zone: .utc, units: .metric))
        Publish.requireValidJSON(
            StationPayload.state(id: "fuzz", state: state, at: later, zone: .utc, units: .imperial))
        Publish.requireValidJSON(StationPayload.status(id: "fuzz", state: state, maxAge: 300, at: later, zone: .utc))
    }

    /// A MeteoAlarm feed of either format read for a region by `code` and by `name`, and for its
    /// regions, as the bridge and `check` read it.
    public static func meteoAlarm(_ input: [UInt8], code: String, name: String) {
        alerts(try? MeteoAlarm.decode(input, region: code, language: "en"))
        alerts(try? MeteoAlarm.decode(input, region: name, language: nil))
        _ = try? MeteoAlarm.regions(input)
    }

    /// Writes each alert as the `alerts` payload does.
    public static func alerts(_ alerts: [Alert]?) {
        guard let alerts else { return }
        Publish.requireValidJSON(.array(alerts.map { .object($0.json(in: .utc)) }))
    }
}
