/// The `onecall:` section: how `weatherview serve` answers as OpenWeatherMap's One Call 3.0 and
/// Air Pollution APIs (SPEC §8), for displays that call OpenWeatherMap themselves.
public struct OneCallSettings: Sendable, Equatable {
    /// `radius` (km, default 25): the nearest location within it answers; farther is a 400.
    public var radius: Double
    /// `appid` or `appid_file`: the one key a request must carry (`nil`: any `appid`, or none).
    public var appid: String?

    public init(radius: Double = 25, appid: String? = nil) {
        self.radius = radius
        self.appid = appid
    }
}
