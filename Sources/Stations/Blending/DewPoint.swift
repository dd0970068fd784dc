#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#else
    import Darwin
#endif

/// The dew point from temperature and relative humidity.
public enum DewPoint {
    /// Magnus formula with Sonntag's constants (a = 17.62, b = 243.12 °C), °C.
    public static func magnus(temperature: Double, humidity: Double) -> Double {
        let gamma = log(humidity / 100) + 17.62 * temperature / (243.12 + temperature)
        return 243.12 * gamma / (17.62 - gamma)
    }
}
