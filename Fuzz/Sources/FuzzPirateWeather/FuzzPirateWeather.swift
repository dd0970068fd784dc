import FuzzSupport
import Providers
import WeatherModel

/// A Pirate Weather (Dark Sky API) answer, decoded and published.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzInput.bytes(data, size)
    if let forecast = try? PirateWeather.decode(input, requestedUnits: "si") {
        Publish.payloads(of: forecast, units: .uk)
    }
    return 0
}

@_cdecl("FuzzPirateWeather_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.run(argc, argv, fuzzOneInput)
}
