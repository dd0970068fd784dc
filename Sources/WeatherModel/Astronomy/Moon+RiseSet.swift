import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension Moon {
    /// The moonrise and the moonset that fall on the local day `day` in `zone`, each `nil` when
    /// there is none that day (about once a month each; for days on end near the poles). After
    /// the Astronomical Almanac's low-precision lunar position (0.3° in longitude), the altitude
    /// sought being the centre's at 0.7275 × parallax − 0.5667° (refraction and semidiameter):
    /// within a few minutes of OpenWeatherMap's times.
    public static func riseAndSet(on day: CivilDate, latitude: Double, longitude: Double, zone: ZoneInfo)
        -> (moonrise: Date?, moonset: Date?)
    {
        let start = zone.startOfDay(day).timeIntervalSince1970
        let end = zone.startOfDay(day.adding(days: 1)).timeIntervalSince1970
        func above(_ time: Double) -> Double {
            altitudeAboveHorizon(at: time, latitude: latitude, longitude: longitude)
        }
        var moonrise: Date?
        var moonset: Date?
        let step = 600.0
        var time = start
        var previous = above(time)
        while time < end {
            let next = min(end, time + step)
            let value = above(next)
            if (previous <= 0) != (value <= 0) {
                // Halve the interval down to a second.
                var (low, high, lowValue) = (time, next, previous)
                while high - low > 1 {
                    let middle = (low + high) / 2
                    let middleValue = above(middle)
                    if (middleValue <= 0) == (lowValue <= 0) {
                        (low, lowValue) = (middle, middleValue)
                    } else {
                        high = middle
                    }
                }
                let event = Date(timeIntervalSince1970: high.rounded())
                if value > 0 {
                    if moonrise == nil { moonrise = event }
                } else if moonset == nil {
                    moonset = event
                }
            }
            (time, previous) = (next, value)
        }
        return (moonrise, moonset)
    }

    /// The moon centre's geocentric altitude minus the altitude at which it rises or sets, in
    /// degrees, at `time` (Unix seconds).
    static func altitudeAboveHorizon(at time: Double, latitude: Double, longitude: Double) -> Double {
        let days = time / 86400 + 2440587.5 - 2451545
        let t = days / 36525
        func sinDegrees(_ value: Double) -> Double { sin(radians(value)) }
        func cosDegrees(_ value: Double) -> Double { cos(radians(value)) }
        let lambda =
            218.32 + 481267.881 * t + 6.29 * sinDegrees(135.0 + 477198.87 * t)
            - 1.27 * sinDegrees(259.3 - 413335.36 * t) + 0.66 * sinDegrees(235.7 + 890534.22 * t)
            + 0.21 * sinDegrees(269.9 + 954397.74 * t) - 0.19 * sinDegrees(357.5 + 35999.05 * t)
            - 0.11 * sinDegrees(186.5 + 966404.03 * t)
        let beta =
            5.13 * sinDegrees(93.3 + 483202.02 * t) + 0.28 * sinDegrees(228.2 + 960400.89 * t)
            - 0.28 * sinDegrees(318.3 + 6003.15 * t) - 0.17 * sinDegrees(217.6 - 407332.21 * t)
        let parallax =
            0.9508 + 0.0518 * cosDegrees(135.0 + 477198.87 * t) + 0.0095 * cosDegrees(259.3 - 413335.36 * t)
            + 0.0078 * cosDegrees(235.7 + 890534.22 * t) + 0.0028 * cosDegrees(269.9 + 954397.74 * t)
        // Ecliptic to equatorial (obliquity 23.44°).
        let l = cosDegrees(beta) * cosDegrees(lambda)
        let m = 0.9175 * cosDegrees(beta) * sinDegrees(lambda) - 0.3978 * sinDegrees(beta)
        let n = 0.3978 * cosDegrees(beta) * sinDegrees(lambda) + 0.9175 * sinDegrees(beta)
        let rightAscension = degrees(atan2(m, l))
        let declination = degrees(asin(max(-1, min(1, n))))
        let siderealTime = 280.46061837 + 360.98564736629 * days + longitude
        let hourAngle = siderealTime - rightAscension
        let sinAltitude =
            sinDegrees(latitude) * sinDegrees(declination)
            + cosDegrees(latitude) * cosDegrees(declination) * cosDegrees(hourAngle)
        return degrees(asin(max(-1, min(1, sinAltitude)))) - (0.7275 * parallax - 0.5667)
    }
}
