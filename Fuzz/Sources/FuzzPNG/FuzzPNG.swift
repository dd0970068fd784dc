import FuzzBody
import FuzzSupport
import PanelDriver

/// A PNG file a user gives weatherview for a panel (a logo, an icon, a test card).
@_cdecl("FuzzPNG_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzBody.run(argc, argv) { input in
        _ = try? PanelImage.decode(input)
    }
}
