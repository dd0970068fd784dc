import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Sunrise, sunset and day/night for a place, after NOAA's solar calculator (accurate to
/// about a minute between the polar circles), for providers that give none (met.no).
public enum Sun {
    /// Solar elevation in degrees at `date` for the coordinates.
    public static func elevation(at date: Date, latitude: Double, longitude: Double) -> Double {
        let position = solarPosition(julianDay(date))
        let minutes = date.timeIntervalSince1970.truncatingRemainder(dividingBy: 86400) / 60
        let trueSolarTime = (minutes + position.equationOfTime + 4 * longitude)
            .truncatingRemainder(dividingBy: 1440)
        var hourAngle = trueSolarTime / 4 - 180
        if hourAngle < -180 { hourAngle += 360 }
        let lat = radians(latitude)
        let cosZenith =
            sin(lat) * sin(position.declination) + cos(lat) * cos(position.declination) * cos(radians(hourAngle))
        return degrees(asin(max(-1, min(1, cosZenith))))
    }

    /// Whether the sun's upper limb is above the horizon (refraction included) at `date`.
    public static func isDay(at date: Date, latitude: Double, longitude: Double) -> Bool {
        elevation(at: date, latitude: latitude, longitude: longitude) > -0.833
    }

    /// Sunrise on the local day `day` in `zone` and the sunset that follows it (NOAA's
    /// convention: near the poles that sunset may fall after local midnight, on the next
    /// date); both `nil` when the sun does not rise that day (polar night, midnight sun).
    public static func riseAndSet(on day: CivilDate, latitude: Double, longitude: Double, zone: ZoneInfo)
        -> (sunrise: Date?, sunset: Date?)
    {
        guard let sunrise = event(on: day, rising: true, latitude: latitude, longitude: longitude, zone: zone)
        else { return (nil, nil) }
        for candidateDay in [day, day.adding(days: 1)] {
            if let sunset = event(
                on: candidateDay, rising: false, latitude: latitude, longitude: longitude, zone: zone),
                sunset > sunrise, sunset.timeIntervalSince(sunrise) < 86400
            {
                return (sunrise, sunset)
            }
        }
        return (sunrise, nil)
    }

    /// The sunrise (or sunset) that falls on the local day `day`, if there is one.
    static func event(on day: CivilDate, rising: Bool, latitude: Double, longitude: Double, zone: ZoneInfo)
        -> Date?
    {
        // Start from local noon and refine the event twice with the position at that time.
        var estimate = zone.date(CivilDateTime(date: day, hour: 12))
        for _ in 0..<3 {
            let position = solarPosition(julianDay(estimate))
            let lat = radians(latitude)
            let cosH =
                (cos(radians(90.833)) - sin(lat) * sin(position.declination))
                / (cos(lat) * cos(position.declination))
            guard cosH >= -1, cosH <= 1 else { return nil }
            let hourAngle = degrees(acos(cosH)) * (rising ? 1 : -1)
            let utcMinutes = 720 - 4 * (longitude + hourAngle) - position.equationOfTime
            let midnightUTC = (estimate.timeIntervalSince1970 / 86400).rounded(.down) * 86400
            var candidate = midnightUTC + utcMinutes * 60
            // Keep the event on the requested local day.
            let local = zone.localDate(Date(timeIntervalSince1970: candidate))
            if local < day { candidate += 86400 } else if local > day { candidate -= 86400 }
            estimate = Date(timeIntervalSince1970: candidate)
        }
        return zone.localDate(estimate) == day ? estimate : nil
    }

    private static func julianDay(_ date: Date) -> Double {
        date.timeIntervalSince1970 / 86400 + 2440587.5
    }

    private static func solarPosition(_ jd: Double) -> (declination: Double, equationOfTime: Double) {
        let t = (jd - 2451545) / 36525
        let l0 = (280.46646 + t * (36000.76983 + t * 0.0003032)).truncatingRemainder(dividingBy: 360)
        let m = 357.52911 + t * (35999.05029 - 0.0001537 * t)
        let e = 0.016708634 - t * (0.000042037 + 0.0000001267 * t)
        let mr = radians(m)
        let c =
            sin(mr) * (1.914602 - t * (0.004817 + 0.000014 * t)) + sin(2 * mr) * (0.019993 - 0.000101 * t)
            + sin(3 * mr) * 0.000289
        let trueLong = l0 + c
        let omega = 125.04 - 1934.136 * t
        let lambda = trueLong - 0.00569 - 0.00478 * sin(radians(omega))
        let epsilon0 = 23 + (26 + (21.448 - t * (46.815 + t * (0.00059 - t * 0.001813))) / 60) / 60
        let epsilon = epsilon0 + 0.00256 * cos(radians(omega))
        let declination = asin(sin(radians(epsilon)) * sin(radians(lambda)))
        let y = tan(radians(epsilon / 2)) * tan(radians(epsilon / 2))
        let l0r = radians(l0)
        let eot =
            y * sin(2 * l0r) - 2 * e * sin(mr) + 4 * e * y * sin(mr) * cos(2 * l0r)
            - 0.5 * y * y * sin(4 * l0r) - 1.25 * e * e * sin(2 * mr)
        return (declination, 4 * degrees(eot))
    }
}

/// The moon's phase: 0 new, 0.25 first quarter, 0.5 full, 0.75 last quarter, towards 1.
public enum Moon {
    private static let synodicMonth = 29.530588853
    /// A new moon: 2000-01-06 18:14 UTC.
    private static let referenceNewMoon = 947_182_440.0

    public static func phase(at date: Date) -> Double {
        let days = (date.timeIntervalSince1970 - referenceNewMoon) / 86400
        var phase = (days / synodicMonth).truncatingRemainder(dividingBy: 1)
        if phase < 0 { phase += 1 }
        return rounded(phase, decimals: 2) == 1 ? 0 : rounded(phase, decimals: 2)
    }
}

func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
func degrees(_ radians: Double) -> Double { radians * 180 / .pi }
