import FuzzSupport
import Providers
import WeatherModel

/// An Open-Meteo `/v1/forecast` answer, decoded (with and without a configured zone) and published.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzInput.bytes(data, size)
    for timezone in [nil, "America/New_York"] {
        if let forecast = try? OpenMeteo.decode(input, timezone: timezone) { Publish.payloads(of: forecast) }
    }
    return 0
}

@_cdecl("FuzzOpenMeteo_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.run(argc, argv, fuzzOneInput)
}
