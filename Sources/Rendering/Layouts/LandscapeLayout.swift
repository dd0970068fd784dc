import WeatherModel

/// The `single` layout for landscape panels from about 400×240 up (800×480, 400×300):
/// header, current conditions (icon, big temperature, details), the 24-hour chart and a
/// strip of days. Sizes come from ``LayoutScale`` so that a 400×300 frame is set in its own
/// type sizes rather than shrunk.
struct LandscapeLayout {
    var input: FrameInput
    var scale: LayoutScale

    func draw(on canvas: inout Canvas) {
        let bounds = canvas.bounds
        let margin = scale.margin
        var top = 0

        let header = RasterRect(x: margin, y: 0, width: bounds.width - 2 * margin, height: scale.headerHeight)
        FrameHeader(input: input, scale: scale).draw(in: header, on: &canvas)
        top = header.maxY
        canvas.fill(RasterRect(x: 0, y: top, width: bounds.width, height: scale.rule), .black)
        top += scale.rule

        if !input.alerts.isEmpty {
            let banner = RasterRect(x: 0, y: top, width: bounds.width, height: scale.alertHeight)
            FrameBadges.alerts(
                input.alerts, in: banner, font: scale.alertFont, accent: .red, words: input.language.messages,
                on: &canvas)
            top = banner.maxY
        }
        if let nowcast = input.nowcast {
            let strip = RasterRect(x: 0, y: top, width: bounds.width, height: scale.alertHeight)
            FrameBadges.nowcast(nowcast, in: strip, font: scale.alertFont, accent: .red, on: &canvas)
            top = strip.maxY
        }

        var bottom = bounds.height
        let font = scale.creditFont
        for credits in input.creditLines(font: font, width: bounds.width - 2 * margin).reversed() {
            canvas.draw(
                credits, font: font, x: bounds.width - margin, baseline: bottom - font.descent - 1, align: .right)
            bottom -= font.lineHeight
        }
        let dayCount = min(input.days.count, scale.maxDays)
        if dayCount > 0 {
            let strip = RasterRect(
                x: margin, y: bottom - scale.dayStripHeight, width: bounds.width - 2 * margin,
                height: scale.dayStripHeight)
            DayStrip(
                days: Array(input.days.prefix(dayCount)), nameFont: scale.dayNameFont, valueFont: scale.dayValueFont,
                iconSize: scale.dayIconSize
            ).draw(in: strip, on: &canvas)
            bottom = strip.y - scale.gap
            // Half the header's rule: 1 pixel up to 800×480, heavier on the large frames.
            let line = max(1, scale.rule / 2)
            canvas.fill(RasterRect(x: margin, y: bottom, width: bounds.width - 2 * margin, height: line), .black)
            bottom -= scale.gap
        }
        if input.hours.count >= 2 {
            let chart = RasterRect(
                x: margin + scale.chartInset, y: bottom - scale.chartHeight,
                width: bounds.width - 2 * margin - 2 * scale.chartInset, height: scale.chartHeight)
            HourlyChart(
                hours: Array(input.hours.prefix(24)), nowFraction: input.nowFraction, labelFont: scale.chartLabelFont,
                valueFont: scale.chartValueFont, curveWidth: scale.curveWidth, accent: .red,
                language: input.language
            ).draw(in: chart, on: &canvas)
            bottom = chart.y - scale.gap * 2
        }
        let current = RasterRect(
            x: margin, y: top + scale.gap, width: bounds.width - 2 * margin, height: bottom - top - scale.gap)
        CurrentBlock(input: input, scale: scale).draw(in: current, on: &canvas)
    }
}

/// Location name, observation time and the stale badge, across the top.
struct FrameHeader {
    var input: FrameInput
    var scale: LayoutScale

    func draw(in rect: RasterRect, on canvas: inout Canvas) {
        var right = rect.maxX
        right = FrameBadges.stale(
            input.staleness, text: input.ageText, right: right, midY: rect.midY, baseSize: scale.badgeSize,
            accent: .red,
            maxWidth: max(rect.width / 2, rect.width - scale.headerFont.width(of: input.locationName) - 8),
            words: input.language.messages, on: &canvas)
        if right < rect.maxX { right -= 10 }
        if let observed = input.observedAt {
            let text =
                (input.airQuality.map { $0 + " · " } ?? "")
                + Messages.fill(input.language.messages.asOf, [("time", observed)])
            let font = scale.headerInfoFont
            if font.width(of: text) < rect.width / 3 {
                canvas.draw(
                    text, font: font, in: RasterRect(x: rect.x, y: rect.y, width: right - rect.x, height: rect.height),
                    align: .right)
                right -= font.width(of: text) + 12
            }
        }
        let name = scale.headerFont.truncated(input.locationName, toWidth: right - rect.x)
        canvas.draw(name, font: scale.headerFont, in: rect, align: .left)
    }
}

/// The icon, the big temperature with the summary under it, and the details column.
struct CurrentBlock {
    var input: FrameInput
    var scale: LayoutScale

    func draw(in rect: RasterRect, on canvas: inout Canvas) {
        let iconSide = min(rect.height - 4, scale.iconSize)
        if let condition = input.condition, iconSide > 16 {
            let icon = RasterRect(
                x: rect.x, y: rect.y + (rect.height - iconSide) / 2, width: iconSide, height: iconSide)
            WeatherIcon.draw(condition.adjusted(isDay: input.isDay), isDay: input.isDay, in: icon, on: &canvas)
        }
        let detailsWidth = scale.detailsWidth
        let detailsLeft = rect.maxX - detailsWidth
        let textLeft = rect.x + iconSide + scale.gap * 2
        let available = detailsLeft - textLeft - scale.gap

        let summaryFont = scale.summaryFont
        let summary = input.summary ?? input.condition?.summary(in: input.language)
        let summaryHeight = summary == nil ? 0 : summaryFont.lineHeight + scale.gap
        let temperature = Degrees.text(input.temperature)
        let big =
            scale.temperatureFonts.first {
                $0.width(of: temperature) <= available && $0.capHeight + summaryHeight + 8 <= rect.height
            } ?? scale.temperatureFonts.last!
        let blockHeight = big.capHeight + summaryHeight
        let baseline = rect.y + (rect.height - blockHeight) / 2 + big.capHeight
        canvas.draw(temperature, font: big, x: textLeft, baseline: baseline)
        StationMark.draw(
            after: temperature, font: big, x: textLeft, baseline: baseline, limit: detailsLeft - scale.gap,
            fromStation: input.temperatureFromStation, on: &canvas)
        if let summary {
            canvas.draw(
                summaryFont.truncated(summary, toWidth: available), font: summaryFont, x: textLeft + 2,
                baseline: baseline + scale.gap + summaryFont.ascent)
        }

        // Lines that do not fit at a readable spacing are left out, least important last.
        let minimum = scale.detailFont.ascent + 2
        let room = max(1, (rect.height - scale.detailFont.capHeight) / minimum + 1)
        let lines = Array(DetailLine.lines(for: input).prefix(room))
        guard !lines.isEmpty else { return }
        let spacing =
            lines.count == 1
            ? scale.detailSpacing
            : min(scale.detailSpacing, (rect.height - scale.detailFont.capHeight) / (lines.count - 1))
        let used = spacing * (lines.count - 1) + scale.detailFont.capHeight
        DetailLine.draw(
            lines, x: detailsLeft, top: rect.y + (rect.height - used) / 2, spacing: spacing, width: detailsWidth,
            font: scale.detailFont, bold: scale.detailBoldFont, on: &canvas)
    }
}
