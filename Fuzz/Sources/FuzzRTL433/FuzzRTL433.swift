import FuzzBody
import FuzzSupport
import Stations

/// An rtl_433 event (JSON on its events topic), and the same bytes as one field's value on a
/// per-field topic. (`try?` flattens: nil for an event of no weather sensor and for an error alike.)
@_cdecl("FuzzRTL433_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzBody.run(argc, argv) { input in
        Observe.station(try? RTL433Decoder.decodeEvent(input))
        Observe.station(
            try? RTL433Decoder.decodeField(topic: "rtl_433/pi/devices/WS90/13355/temperature_C", payload: input))
    }
}
