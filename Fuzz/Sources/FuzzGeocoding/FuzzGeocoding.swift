import FuzzSupport
import Providers

/// An Open-Meteo geocoding answer, decoded into places and their ready `locations:` YAML.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzInput.bytes(data, size)
    for place in (try? OpenMeteoGeocoding.decode(input)) ?? [] { _ = place.yamlEntry }
    return 0
}

@_cdecl("FuzzGeocoding_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.run(argc, argv, fuzzOneInput)
}
