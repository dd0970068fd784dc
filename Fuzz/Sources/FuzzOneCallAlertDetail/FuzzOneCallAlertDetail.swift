import FuzzBody
import FuzzSupport
import Providers

/// An OpenWeatherMap One Call 4 alert's detail answer, in English and untranslated.
@_cdecl("FuzzOneCallAlertDetail_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzBody.run(argc, argv) { input in
        Observe.alerts((try? OneCall4AlertDetail.decode(input, language: "en")).map { [$0] })
        Observe.alerts((try? OneCall4AlertDetail.decode(input, language: nil)).map { [$0] })
    }
}
