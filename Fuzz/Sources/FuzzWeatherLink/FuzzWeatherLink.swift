import FuzzBody
import FuzzSupport
import Stations

/// A WeatherLink Live's `/v1/current_conditions` answer or UDP broadcast (a device on the LAN).
@_cdecl("FuzzWeatherLink_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzBody.run(argc, argv) { input in
        for observation in (try? WeatherLinkDecoder.decode(input)) ?? [] { Observe.station(observation) }
    }
}
