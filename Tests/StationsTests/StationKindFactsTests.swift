import Stations
import Testing

/// Each station kind's facts, written once in `StationKind.facts`: what they say agrees with the
/// kind's transport, and each kind's decoder is the family's own (a real capture read through
/// the facts gives what the family's decoder gives).
@Suite("Station kinds: one entry each")
struct StationKindFactsTests {
    @Test("polled kinds, and only they, have a path to ask; only a polled kind asks for a broadcast")
    func polling() {
        for kind in StationKind.allCases {
            let facts = kind.facts
            #expect((facts.pollPath != nil) == (kind.transport == .polled), "\(kind)")
            if facts.broadcastRequestPath != nil { #expect(kind.transport == .polled, "\(kind)") }
            #expect(facts.pollPath?.hasPrefix("/") != false && facts.broadcastRequestPath?.hasPrefix("/") != false)
        }
        #expect(StationKind.weatherLinkLive.facts.pollPath == "/v1/current_conditions")
        #expect(StationKind.ecowittAPI.facts.pollPath == "/get_livedata_info")
    }

    @Test("who may listen: pushed and broadcast kinds, and a polled kind that broadcasts; a UDP kind has a port")
    func listening() {
        let listening = StationKind.allCases.filter(\.facts.listens).map(\.rawValue)
        #expect(listening == ["ecowitt", "ambient", "wunderground", "tempest", "weatherlink-live"])
        for kind in StationKind.allCases where kind.transport == .udp {
            #expect(kind.facts.defaultPort != nil, "\(kind)")
        }
        #expect(StationKind.tempest.facts.defaultPort == 50222)
    }

    @Test("match keys: senders that share an input are told apart by what they send")
    func matchKeys() {
        #expect(StationKind.ecowitt.facts.matchKeys == ["passkey", "mac", "id"])
        #expect(StationKind.rtl433.facts.matchKeys == ["model", "id", "channel"])
        #expect(StationKind.weewx.facts.matchKeys.isEmpty && StationKind.mqtt.facts.matchKeys.isEmpty)
    }

    @Test("a capture read through the facts is what the family's decoder reads")
    func decoders() throws {
        let tempest = StationFixtures.bytes("tempest", "doc_obs_st.json")
        #expect(
            try StationKind.tempest.facts.decode(StationMessage(origin: "192.0.2.7", payload: tempest))
                == [try TempestDecoder.decode(tempest)])
        let live = StationFixtures.bytes("weatherlink-live", "wll_current_2021-01-16_siku2.json")
        #expect(
            try StationKind.weatherLinkLive.facts.decode(StationMessage(origin: "http://x", payload: live))
                == (try WeatherLinkDecoder.decode(live)))
        let gateway = StationFixtures.bytes("ecowitt-livedata", "gw1200b_wn32_ecowittlocal122.json")
        #expect(
            try StationKind.ecowittAPI.facts.decode(StationMessage(origin: "http://x", payload: gateway))
                == [try EcowittLiveDataDecoder.decode(gateway)])
        #expect(throws: StationDecodeError.self) {
            try StationKind.wunderground.facts.decode(StationMessage(origin: "/", payload: Array("{}".utf8)))
        }
    }
}
