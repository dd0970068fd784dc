import FuzzSupport
import Providers
import WeatherModel

/// An OpenWeatherMap One Call 3.0 answer, decoded in each unit system it may be asked in, and published.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzInput.bytes(data, size)
    for units in OpenWeatherMap.Units.allCases {
        if let forecast = try? OpenWeatherMap.decode(input, units: units) {
            Publish.payloads(of: forecast, units: .imperial)
        }
    }
    return 0
}

@_cdecl("FuzzOpenWeatherMapOneCall_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.run(argc, argv, fuzzOneInput)
}
