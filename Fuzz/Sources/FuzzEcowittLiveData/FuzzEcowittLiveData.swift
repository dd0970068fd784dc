import FuzzBody
import FuzzSupport
import Stations

/// An Ecowitt gateway's `/get_livedata_info` answer (a device on the LAN).
@_cdecl("FuzzEcowittLiveData_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzBody.run(argc, argv) { input in
        Observe.station(try? EcowittLiveDataDecoder.decode(input))
    }
}
