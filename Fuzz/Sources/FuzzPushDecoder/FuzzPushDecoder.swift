import FuzzBody
import FuzzSupport
import Stations

/// An Ecowitt or Ambient push as the listener hands it on: a form body or a query (anyone on
/// the LAN can send one).
@_cdecl("FuzzPushDecoder_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzBody.run(argc, argv) { input in
        Observe.station(try? PushDecoder.decode(input))
    }
}
