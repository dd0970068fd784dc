/// Which warning source covers a point, for `alerts: auto` (SPEC §2).
public enum WarningArea {
    /// `nws` in the United States (contiguous, Alaska, Hawaii), `brightsky` in Germany,
    /// `metalerts` in mainland Norway; `nil` elsewhere (MeteoAlarm needs a configured region).
    /// Rough boxes: a point near a border may get a source that has nothing for it (an empty list).
    public static func defaultSource(latitude: Double, longitude: Double) -> String? {
        func inside(_ south: Double, _ north: Double, _ west: Double, _ east: Double) -> Bool {
            latitude >= south && latitude <= north && longitude >= west && longitude <= east
        }
        if inside(24.5, 49.4, -125, -66.9) || inside(51, 71.5, -170, -129.9) || inside(18.8, 22.3, -160.3, -154.7) {
            return "nws"
        }
        if inside(47.27, 55.06, 5.87, 15.04) { return "brightsky" }
        if inside(57.9, 71.2, 4.5, 31.2) && !(latitude < 69 && longitude > 12.5 && latitude < 65) { return "metalerts" }
        return nil
    }
}
