/// Type sizes and proportions for a frame of a given size. Two sets — large (≈800×480) and
/// medium (≈400×300) — chosen by size, with the free space shared out in proportion, so each
/// panel gets sizes that were looked at on it rather than a scaled copy.
struct LayoutScale {
    var margin: Int
    var gap: Int
    var rule: Int
    var headerHeight: Int
    var headerFont: Font
    var headerInfoFont: Font
    var badgeSize: Int
    var alertHeight: Int
    var alertFont: Font
    var iconSize: Int
    var temperatureFonts: [Font]
    var summaryFont: Font
    var detailsWidth: Int
    var detailFont: Font
    var detailBoldFont: Font
    var detailSpacing: Int
    var chartHeight: Int
    var chartInset: Int
    var chartLabelFont: Font
    var chartValueFont: Font
    var curveWidth: Double
    var dayStripHeight: Int
    var maxDays: Int
    var dayNameFont: Font
    var dayValueFont: Font
    var dayIconSize: Int

    /// The set for a landscape canvas of `width`×`height`.
    static func landscape(width: Int, height: Int) -> LayoutScale {
        if width >= 640 && height >= 400 {
            return LayoutScale(
                margin: 16, gap: 6, rule: 2, headerHeight: 44, headerFont: .bold(24), headerInfoFont: .sans(16),
                badgeSize: 16, alertHeight: 36, alertFont: .bold(20), iconSize: 156,
                temperatureFonts: [.bold(120), .bold(88), .bold(64)], summaryFont: .sans(20),
                detailsWidth: min(280, width * 35 / 100), detailFont: .sans(20), detailBoldFont: .bold(24),
                detailSpacing: 32, chartHeight: height * 28 / 100, chartInset: 8, chartLabelFont: .sans(13),
                chartValueFont: .bold(16), curveWidth: 3, dayStripHeight: height * 22 / 100, maxDays: 7,
                dayNameFont: .bold(16), dayValueFont: .bold(20), dayIconSize: 46)
        }
        return LayoutScale(
            margin: 8, gap: 4, rule: 1, headerHeight: 26, headerFont: .bold(16), headerInfoFont: .sans(11),
            badgeSize: 11, alertHeight: 22, alertFont: .bold(13), iconSize: 84,
            temperatureFonts: [.bold(64), .bold(44), .bold(32)], summaryFont: .sans(13),
            detailsWidth: min(150, width * 38 / 100), detailFont: .sans(13), detailBoldFont: .bold(16),
            detailSpacing: 19, chartHeight: height * 31 / 100, chartInset: 2, chartLabelFont: .sans(11),
            chartValueFont: .bold(13), curveWidth: 2, dayStripHeight: height * 22 / 100, maxDays: 5,
            dayNameFont: .bold(11), dayValueFont: .bold(13), dayIconSize: 26)
    }
}
