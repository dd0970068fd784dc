import FuzzSupport
import Providers
import WeatherModel

/// OpenWeatherMap's free pair: a `/data/2.5/weather` answer, a NUL byte, a `/data/2.5/forecast` answer.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzInput.bytes(data, size)
    let parts = FuzzInput.parts(input, count: 2)
    guard parts.count == 2 else { return 0 }
    if let forecast = try? OpenWeatherMap.decode(current: parts[0], forecast: parts[1], units: .metric) {
        Publish.payloads(of: forecast)
    }
    return 0
}

@_cdecl("FuzzOpenWeatherMapFree_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.run(argc, argv, fuzzOneInput)
}
