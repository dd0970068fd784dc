/// The 16-point compass of SPEC §4.
public enum Compass {
    public static let points = [
        "N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE",
        "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW",
    ]

    /// The compass point for a bearing in degrees (any value; it is normalised to 0–360).
    public static func point(for bearing: Double) -> String {
        guard bearing.isFinite else { return "N" }
        var degrees = bearing.truncatingRemainder(dividingBy: 360)
        if degrees < 0 { degrees += 360 }
        let index = Int((degrees / 22.5).rounded(.toNearestOrAwayFromZero)) % 16
        return points[index]
    }

    /// A bearing normalised to whole degrees 0–359.
    public static func normalised(_ bearing: Double) -> Double {
        var degrees = bearing.rounded(.toNearestOrAwayFromZero).truncatingRemainder(dividingBy: 360)
        if degrees < 0 { degrees += 360 }
        return degrees == 0 ? 0 : degrees
    }
}
