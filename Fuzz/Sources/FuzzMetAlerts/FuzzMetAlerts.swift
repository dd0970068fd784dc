import FuzzBody
import FuzzSupport
import Providers

/// A MET Norway MetAlerts 2.0 answer.
@_cdecl("FuzzMetAlerts_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzBody.run(argc, argv) { input in
        Observe.alerts(try? MetAlerts.decode(input))
    }
}
