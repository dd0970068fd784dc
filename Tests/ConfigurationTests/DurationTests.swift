import Configuration
import Testing

@Suite("Durations")
struct DurationTests {
    @Test(
        "valid durations in seconds",
        arguments: [
            ("90s", 90), ("15m", 900), ("2h", 7200), ("1d", 86400), ("1h30m", 5400), ("1d12h", 129_600),
            ("2h0m5s", 7205), ("45", 45), ("0", 0), ("0s", 0), ("366d", 366 * 86400),
        ])
    func valid(_ text: String, _ seconds: Int) {
        #expect(ConfigurationLoader.parseDuration(text) == seconds)
    }

    @Test(
        "invalid durations",
        arguments: [
            "", "m", "15x", "1.5h", "-5m", "+5m", "30m1h", "1h1h", "15 m", " 15m", "15m ", "1hm", "h1", "367d",
            "99999999999999999999", "1e3", "15M", "١٥m",
        ])
    func invalid(_ text: String) {
        #expect(ConfigurationLoader.parseDuration(text) == nil)
    }
}
