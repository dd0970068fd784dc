import FuzzBody
import FuzzSupport

/// A MeteoAlarm JSON feed (`/api/v1/warnings/feeds-<country>`), read for a region by code and by
/// name, and for its regions.
@_cdecl("FuzzMeteoAlarmJSON_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzBody.run(argc, argv) { input in
        Observe.meteoAlarm(input, code: "DE343", name: "Erzgebirgskreis")
    }
}
