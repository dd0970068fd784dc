/// Type sizes and proportions for a frame of a given size. Two sets — large (≈800×480) and
/// medium (≈400×300) — chosen by size, with the free space shared out in proportion, so each
/// panel gets sizes that were looked at on it rather than a scaled copy. Canvases larger than
/// 800×480 (1024×758, 1200×825, 1872×1404) get the large set grown by ``factor(width:height:)``,
/// fonts snapped to the tuned sizes (``Font``), so the frame is filled as 800×480 is.
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
    /// The data's credits at the foot of the frame.
    var creditFont: Font = .sans(11)

    /// How much larger than `reference` a `width`×`height` canvas is: the smaller of the two
    /// sides' ratios (so that nothing grows past the narrower side), never below 1.
    static func factor(width: Int, height: Int, reference: (width: Int, height: Int) = (800, 480)) -> Double {
        max(1, min(Double(width) / Double(reference.width), Double(height) / Double(reference.height)))
    }

    /// The set for a landscape canvas of `width`×`height`.
    static func landscape(width: Int, height: Int) -> LayoutScale {
        if width >= 640 && height >= 400 {
            let large = LayoutScale(
                margin: 16, gap: 6, rule: 2, headerHeight: 44, headerFont: .bold(24), headerInfoFont: .sans(16),
                badgeSize: 16, alertHeight: 36, alertFont: .bold(20), iconSize: 156,
                temperatureFonts: [.bold(120), .bold(88), .bold(64)], summaryFont: .sans(20),
                detailsWidth: 280, detailFont: .sans(20), detailBoldFont: .bold(24),
                detailSpacing: 32, chartHeight: height * 28 / 100, chartInset: 8, chartLabelFont: .sans(13),
                chartValueFont: .bold(16), curveWidth: 3, dayStripHeight: height * 22 / 100, maxDays: 7,
                dayNameFont: .bold(16), dayValueFont: .bold(20), dayIconSize: 46
            ).scaled(by: factor(width: width, height: height))
            var scale = large
            scale.detailsWidth = min(large.detailsWidth, width * 35 / 100)
            return scale
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

    /// This set with every length and font `factor` times as large (the proportions of the
    /// height — chart, day strip — are already the canvas's). A factor of 1 changes nothing.
    func scaled(by factor: Double) -> LayoutScale {
        guard factor > 1 else { return self }
        func grow(_ value: Int) -> Int { Int(pixel: Double(value) * factor) }
        var scale = self
        scale.margin = grow(margin)
        scale.gap = grow(gap)
        scale.rule = grow(rule)
        scale.headerHeight = grow(headerHeight)
        scale.headerFont = headerFont.scaled(by: factor)
        scale.headerInfoFont = headerInfoFont.scaled(by: factor)
        scale.badgeSize = grow(badgeSize)
        scale.alertHeight = grow(alertHeight)
        scale.alertFont = alertFont.scaled(by: factor)
        scale.iconSize = grow(iconSize)
        // The largest size first, then every tuned size down to the set's smallest.
        let largest = temperatureFonts[0].scaled(by: factor)
        let smallest = temperatureFonts[temperatureFonts.count - 1].size
        scale.temperatureFonts = Font.boldSizes.reversed().filter { $0 <= largest.size && $0 >= smallest }.map {
            Font.bold($0)
        }
        scale.summaryFont = summaryFont.scaled(by: factor)
        scale.detailsWidth = grow(detailsWidth)
        scale.detailFont = detailFont.scaled(by: factor)
        scale.detailBoldFont = detailBoldFont.scaled(by: factor)
        scale.detailSpacing = grow(detailSpacing)
        scale.chartInset = grow(chartInset)
        scale.chartLabelFont = chartLabelFont.scaled(by: factor)
        scale.chartValueFont = chartValueFont.scaled(by: factor)
        scale.curveWidth = (curveWidth * factor).rounded()
        scale.dayNameFont = dayNameFont.scaled(by: factor)
        scale.dayValueFont = dayValueFont.scaled(by: factor)
        scale.dayIconSize = grow(dayIconSize)
        scale.creditFont = creditFont.scaled(by: factor)
        return scale
    }
}
