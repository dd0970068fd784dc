import FoundationEssentials
import FuzzSupport
import Providers
import WeatherModel

/// A National Weather Service answer, read as every document the provider fetches: `/points`,
/// alerts, raw grid data, and the forecasts (12-hour alone, and with hourly and grid data).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzInput.bytes(data, size)
    _ = try? NWS.decodePoint(input)
    _ = try? NWS.decodeAlerts(input)
    _ = try? NWS.decodeGrid(input)
    let zone = newYork ?? .utc
    if let forecast = try? NWS.decode(forecast: input, hourly: nil, zone: zone) { Publish.payloads(of: forecast) }
    if let forecast = try? NWS.decode(
        forecast: input, hourly: input, grid: input, zone: zone, now: Date(timeIntervalSince1970: 1_770_400_000))
    {
        Publish.payloads(of: forecast, units: .imperial)
    }
    return 0
}

@_cdecl("FuzzNWS_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.run(argc, argv, fuzzOneInput)
}

/// Read once: zones come from the system's tz database.
let newYork = ZoneInfo(identifier: "America/New_York")
