import FuzzBody
import FuzzSupport
import Providers

/// A Bright Sky `/alerts` answer (DWD's warnings), in German and in English.
@_cdecl("FuzzBrightSkyAlerts_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzBody.run(argc, argv) { input in
        Observe.alerts(try? BrightSkyAlerts.decode(input, language: "de"))
        Observe.alerts(try? BrightSkyAlerts.decode(input, language: nil))
    }
}
