import FoundationEssentials
import FuzzSupport
import Providers
import WeatherModel

/// A MET Norway Locationforecast 2.0 answer, decoded for Oslo (and for UTC at a fixed now) and published.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzInput.bytes(data, size)
    if let forecast = try? MetNo.decode(input, zone: oslo ?? .utc) { Publish.payloads(of: forecast) }
    if let forecast = try? MetNo.decode(input, zone: .utc, now: Date(timeIntervalSince1970: 1_770_400_000)) {
        Publish.payloads(of: forecast, units: .si)
    }
    return 0
}

@_cdecl("FuzzMetNo_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.run(argc, argv, fuzzOneInput)
}

/// Read once: zones come from the system's tz database.
let oslo = ZoneInfo(identifier: "Europe/Oslo")
