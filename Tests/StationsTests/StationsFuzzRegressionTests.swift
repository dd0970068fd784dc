import Testing

@testable import Stations

/// Inputs the fuzzers (Fuzz/, `.ci/fuzz.sh`) found that trapped a station decoder: each must now
/// decode or fail with a `StationDecodeError`, never stop the bridge.
@Suite("Station decoders: fuzz findings")
struct StationsFuzzRegressionTests {
    @Test("weewx: a usUnits too large for an Int (anyone on the broker can publish one) is read as if absent")
    func weewxHugeUnitSystem() throws {
        // FuzzWeewx, crash-4c3c9f5d: `Int(Double)` trapped on 1.18e29.
        let packet =
            #"{"usUnits": "118446744073709551616614247878.0", "rainRate_mm_per_hour": "0.0", "#
            + #""maxSolarRad_Wpm1": "51154098836413.6402446382689", "outTemp_C": "10.763443571329116", "#
            + #""outHumidity": "663"}"#
        let observation = try WeewxDecoder.decode(Array(packet.utf8))
        #expect(observation.values[.temperature] == 10.763443571329116)
        #expect(observation.values[.precipitation] == 0)
        // Not whole, too large, not a number: each read as if absent, none a trap.
        for units in ["1.5", "-1e300", "nan"] {
            let odd = #"{"usUnits": "\#(units)", "outTemp": "50.0"}"#
            #expect(try WeewxDecoder.decode(Array(odd.utf8)).values[.temperature] == 50)  // METRIC, as when absent
        }
    }
}
