/// A single-cell LiPo's charge from its resting voltage, for displays that send only
/// `Battery-Voltage`.
///
/// TRMNL's firmware has no such curve (usetrmnl/trmnl-firmware, read at 74f7b18): its ADC
/// boards report volts only (`src/battery/adc_battery.cpp`: the divider's millivolts × 2 / 1000),
/// and only the TRMNL X, whose BQ27427 fuel gauge measures the charge, sends it as
/// `Percent-Charged` (`lib/trmnl/src/api-client/request_headers.cpp`, under `BOARD_TRMNL_X`;
/// `-1` when the gauge could not be read) — which wins when present. The curve is the
/// common 5 % table for one LiPo cell (4.20 V full, 3.27 V empty; the AMPOW "LiPo voltage
/// chart"), interpolated linearly between its points. A rough figure: the voltage sags while
/// the radio sends and rises with temperature; it is for noticing a battery running down, not
/// for a fuel gauge.
enum BatteryCurve {
    /// (volts, percent), falling.
    static let points: [(volts: Double, percent: Double)] = [
        (4.20, 100), (4.15, 95), (4.11, 90), (4.08, 85), (4.02, 80), (3.98, 75), (3.95, 70),
        (3.91, 65), (3.87, 60), (3.85, 55), (3.84, 50), (3.82, 45), (3.80, 40), (3.79, 35),
        (3.77, 30), (3.75, 25), (3.73, 20), (3.71, 15), (3.69, 10), (3.61, 5), (3.27, 0),
    ]

    /// 0…100 for `volts`; 100 at and above 4.20 V (and on USB power), 0 at and below 3.27 V.
    static func percent(volts: Double) -> Int {
        guard volts.isFinite else { return 0 }
        if volts >= points[0].volts { return 100 }
        for (upper, lower) in zip(points, points.dropFirst()) where volts >= lower.volts {
            let fraction = (volts - lower.volts) / (upper.volts - lower.volts)
            return Int((lower.percent + fraction * (upper.percent - lower.percent)).rounded())
        }
        return 0
    }
}
