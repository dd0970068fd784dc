/// The small mark beside a frame's big temperature when the user's own station measured it
/// (SPEC §4 "Stations"): the view model's mark, raised to the top of the digits, drawn only
/// where it fits.
enum StationMark {
    /// Draws the mark after `temperature` (drawn in `font` from `x` on `baseline`) when
    /// `fromStation` and the mark ends at or before `limit`; otherwise nothing.
    static func draw(
        after temperature: String, font: Font, x: Int, baseline: Int, limit: Int, fromStation: Bool,
        on canvas: inout Canvas
    ) {
        guard fromStation else { return }
        let mark = Font.bold(max(11, font.size * 2 / 5))
        let left = x + font.width(of: temperature) + max(1, font.size / 24)
        guard left + mark.width(of: WeatherViewModel.stationMark) <= limit else { return }
        canvas.draw(
            WeatherViewModel.stationMark, font: mark, x: left, baseline: baseline - font.capHeight + mark.capHeight)
    }
}
