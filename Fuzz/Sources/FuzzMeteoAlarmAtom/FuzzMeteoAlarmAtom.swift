import FuzzBody
import FuzzSupport
import Providers

/// A legacy MeteoAlarm Atom feed (XML), read for a region by code and by name, and for its regions.
@_cdecl("FuzzMeteoAlarmAtom_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzBody.run(argc, argv) { input in
        Observe.alerts(try? MeteoAlarm.decode(input, region: "PL805", language: "en"))
        Observe.alerts(try? MeteoAlarm.decode(input, region: "Central coastal zone", language: nil))
        _ = try? MeteoAlarm.regions(input)
    }
}
