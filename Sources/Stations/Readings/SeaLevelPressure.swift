#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#else
    import Darwin
#endif

/// Station pressure to sea-level pressure, and what a device's "relative" pressure is.
public enum SeaLevelPressure {
    /// The standard-atmosphere reduction (ICAO, temperature-independent, what consoles use for
    /// their "relative" value): `p0 = p / (1 − 2.25577e-5 · h)^5.25588`, hPa, `h` in metres.
    public static func reduce(_ station: Double, elevation: Double) -> Double {
        station / pow(1 - 2.25577e-5 * elevation, 5.25588)
    }

    /// The sea-level pressure of `report` at `elevation` (metres, `nil` when not configured):
    /// the device's relative value where it differs from the absolute one (an offset was set),
    /// else the absolute one reduced. A relative value equal to the absolute one at an elevation
    /// where the two must differ by more than 1.5 hPa is the absolute one (the offset was never
    /// set) and is reduced too. `nil` with the reason when it cannot be known.
    public static func resolve(_ report: PressureReport, elevation: Double?) -> Result<Double, Rejection>? {
        let absolute = report.absolute
        if let relative = report.relative {
            guard let absolute, abs(relative - absolute) < 0.05 else { return .success(relative) }
            // Equal: an offset of 0, right only near sea level.
            if let elevation {
                return .success(
                    reduce(absolute, elevation: elevation) - absolute > 1.5
                        ? reduce(absolute, elevation: elevation) : relative)
            }
            return .failure(noElevation(absolute, "the relative pressure equals the absolute one"))
        }
        guard let absolute else { return nil }
        guard let elevation else { return .failure(noElevation(absolute, "only station pressure is sent")) }
        return .success(reduce(absolute, elevation: elevation))
    }

    static func noElevation(_ absolute: Double, _ why: String) -> Rejection {
        Rejection(
            field: "pressure", value: absolute, rule: .noElevation,
            detail: "\(why): set the station's elevation to reduce it to sea level")
    }
}
