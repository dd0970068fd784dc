import FuzzBody
import FuzzSupport
import Stations

/// A weewx MQTT loop message (JSON; any client of the broker can publish one).
@_cdecl("FuzzWeewx_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzBody.run(argc, argv) { input in
        Observe.station(try? WeewxDecoder.decode(input))
    }
}
