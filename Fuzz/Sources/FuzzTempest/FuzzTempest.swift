import FuzzBody
import FuzzSupport
import Stations

/// A UDP datagram on a Tempest hub's port 50222 (anyone on the LAN can send one).
@_cdecl("FuzzTempest_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzBody.run(argc, argv) { input in
        Observe.station(try? TempestDecoder.decode(input))
    }
}
