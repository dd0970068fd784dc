import FuzzBody
import FuzzSupport

/// A legacy MeteoAlarm Atom feed (XML), read for a region by code and by name, and for its regions.
@_cdecl("FuzzMeteoAlarmAtom_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzBody.run(argc, argv) { input in
        Observe.meteoAlarm(input, code: "PL805", name: "Central coastal zone")
    }
}
