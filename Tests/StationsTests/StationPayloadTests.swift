import Stations
import Testing
import WeatherModel

@Suite("Station topics' payloads")
struct StationPayloadTests {
    @Test("status and state of a Tempest: units converted, ages, rejections with their rule")
    func tempest() throws {
        var state = StationState()
        state.apply(
            try TempestDecoder.decode(StationFixtures.bytes("tempest", "doc_obs_st.json")), at: .at(1000),
            elevation: 100, zone: .utc)
        var hot = StationObservation()
        hot.values = [.uvIndex: 44]
        state.apply(hot, at: .at(1030), elevation: 100, zone: .utc)
        let status = StationPayload.status(id: "roof", state: state, maxAge: 600, at: .at(1060), zone: .utc)
        #expect(status["state"] == "fresh")
        #expect(status["last_seen"] == "1970-01-01T00:17:10+00:00")
        #expect(status["messages"] == 2)
        #expect(status["rejected"] == 1)
        let payload = StationPayload.state(id: "roof", state: state, at: .at(1060), zone: .utc, units: .imperial)
        // 22.37 °C × 9/5 + 32 = 72.266 °F → 72.27; 0.792 km/h / 1.609344 = 0.4921 mph → 0.49
        #expect(payload["fields"]?["temperature"]?["value"] == 72.27)
        #expect(payload["fields"]?["temperature"]?["age"] == 60)
        #expect(payload["fields"]?["wind_speed"]?["value"] == 0.49)
        #expect(payload["rejected"]?["uv_index"]?["rule"] == "envelope")
        #expect(payload["rejected"]?["uv_index"]?["value"] == 44)
        #expect(payload["batteries"]?["voltage"] == 2.41)
        // the first day is not wholly known: null, never 0
        #expect(payload["rain_today"] == .null)
        let silent = StationPayload.status(id: "roof", state: state, maxAge: 600, at: .at(1700), zone: .utc)
        #expect(silent["state"] == "silent")
        #expect(silent["stale"]?.array?.count == state.fields.count)
        #expect(
            StationPayload.status(id: "x", state: StationState(), maxAge: 600, at: .at(0), zone: .utc)["state"]
                == "never")
    }
}
