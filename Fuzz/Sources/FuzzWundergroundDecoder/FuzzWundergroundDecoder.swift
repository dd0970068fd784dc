import FuzzBody
import FuzzSupport
import Stations

/// A Wunderground-protocol console's GET query (anyone on the LAN can send one).
@_cdecl("FuzzWundergroundDecoder_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzBody.run(argc, argv) { input in
        Observe.station(try? WundergroundDecoder.decode(input))
    }
}
