import WeatherModel

/// The `single` layout for panels mounted on their side (480×800, 300×400, 122×250): the
/// current conditions on top, details in two columns, the chart across, and the days as a
/// list — a tall panel reads down, not across. Canvases larger than 480×800 (a Kindle's
/// 1072×1448) are set in the large sizes grown by ``LayoutScale/factor(width:height:reference:)``.
struct PortraitLayout {
    var input: FrameInput

    func draw(on canvas: inout Canvas) {
        let bounds = canvas.bounds
        let large = bounds.width >= 400
        let tiny = bounds.width < 200
        let factor = large ? LayoutScale.factor(width: bounds.width, height: bounds.height, reference: (480, 800)) : 1
        func grow(_ value: Int) -> Int { Int(pixel: Double(value) * factor) }
        let scale = LayoutScale.landscape(width: large ? 800 : 400, height: large ? 480 : 300).scaled(by: factor)
        let margin = tiny ? 3 : scale.margin
        let header = RasterRect(
            x: margin, y: 0, width: bounds.width - 2 * margin, height: tiny ? 18 : scale.headerHeight)
        var headerScale = scale
        if tiny {
            headerScale.headerFont = .bold(13)
            headerScale.headerInfoFont = .sans(11)
        }
        FrameHeader(input: input, scale: headerScale).draw(in: header, on: &canvas)
        var top = header.maxY
        canvas.fill(RasterRect(x: 0, y: top, width: bounds.width, height: scale.rule), .black)
        top += scale.rule
        if !input.alerts.isEmpty {
            // Two lines on the narrow panel: the title, then when it applies.
            let height = tiny ? 30 : scale.alertHeight
            let banner = RasterRect(x: 0, y: top, width: bounds.width, height: height)
            FrameBadges.alerts(
                input.alerts, in: banner, font: tiny ? .bold(11) : scale.alertFont, accent: .red,
                words: input.language.messages, on: &canvas)
            top = banner.maxY
        }
        if let nowcast = input.nowcast {
            let strip = RasterRect(x: 0, y: top, width: bounds.width, height: tiny ? 16 : scale.alertHeight)
            FrameBadges.nowcast(
                nowcast, in: strip, font: tiny ? .bold(11) : scale.alertFont, accent: .red, on: &canvas)
            top = strip.maxY
        }

        // Icon and temperature side by side, the summary under them.
        let rowHeight = tiny ? 52 : large ? grow(170) : 96
        let iconSide = tiny ? 48 : min(scale.iconSize, rowHeight - 8)
        let row = RasterRect(x: margin, y: top + scale.gap, width: bounds.width - 2 * margin, height: rowHeight)
        if let condition = input.condition {
            WeatherIcon.draw(
                condition.adjusted(isDay: input.isDay), isDay: input.isDay,
                in: RasterRect(x: row.x, y: row.midY - iconSide / 2, width: iconSide, height: iconSide), on: &canvas)
        }
        let temperature = Degrees.text(input.temperature)
        let textLeft = row.x + iconSide + scale.gap * 2
        let fonts = tiny ? [Font.bold(32), .bold(24)] : scale.temperatureFonts
        let big =
            fonts.first { $0.width(of: temperature) <= row.maxX - textLeft && $0.capHeight <= rowHeight - 8 } ?? fonts
            .last!
        canvas.draw(temperature, font: big, x: textLeft, baseline: row.midY + big.capHeight / 2)
        StationMark.draw(
            after: temperature, font: big, x: textLeft, baseline: row.midY + big.capHeight / 2, limit: row.maxX,
            fromStation: input.temperatureFromStation, on: &canvas)
        top = row.maxY

        if !tiny, let summary = input.summary ?? input.condition?.summary(in: input.language) {
            let font = scale.summaryFont
            canvas.draw(
                font.truncated(summary, toWidth: row.width), font: font, x: bounds.width / 2,
                baseline: top + font.ascent, align: .center)
            top += font.lineHeight + scale.gap
        }

        // Details in two columns (one on the tiny panel).
        var lines = DetailLine.lines(for: input)
        if tiny { lines.removeAll { $0.glyph == .sun } }
        let font = tiny ? Font.sans(11) : scale.detailFont
        let columns = tiny ? 1 : 2
        let rows = (lines.count + columns - 1) / columns
        let spacing = tiny ? 13 : scale.detailSpacing
        let columnWidth = (bounds.width - 2 * margin) / columns
        for column in 0..<columns {
            let part = Array(lines.dropFirst(column * rows).prefix(rows))
            DetailLine.draw(
                part, x: margin + column * columnWidth, top: top + scale.gap, spacing: spacing,
                width: columnWidth - scale.gap, font: font, bold: tiny ? .bold(11) : scale.detailBoldFont, on: &canvas)
        }
        top += scale.gap * 2 + rows * spacing

        var bottom = bounds.height
        let small = scale.creditFont
        for credits in tiny ? [] : input.creditLines(font: small, width: bounds.width - 2 * margin).reversed() {
            canvas.draw(
                credits, font: small, x: bounds.width - margin, baseline: bottom - small.descent - 1, align: .right)
            bottom -= small.lineHeight
        }
        // The days as a list at the bottom, the chart in what is left.
        let dayRowHeight = tiny ? 20 : large ? grow(48) : 30
        let chartMinimum = tiny ? 0 : large ? grow(150) : 90
        let dayRoom = (bottom - top - chartMinimum) / dayRowHeight
        let dayCount = min(input.days.count, max(0, dayRoom), tiny ? 4 : 7)
        if dayCount > 0 {
            let list = RasterRect(
                x: margin, y: bottom - dayCount * dayRowHeight, width: bounds.width - 2 * margin,
                height: dayCount * dayRowHeight)
            DayList(
                days: Array(input.days.prefix(dayCount)), font: tiny ? .sans(11) : scale.detailFont,
                boldFont: tiny ? .bold(11) : scale.detailBoldFont, rowHeight: dayRowHeight
            ).draw(in: list, on: &canvas)
            bottom = list.y - scale.gap
        }
        if !tiny, input.hours.count >= 2, bottom - top > 60 {
            let chart = RasterRect(x: margin, y: top, width: bounds.width - 2 * margin, height: bottom - top)
            HourlyChart(
                hours: Array(input.hours.prefix(24)), nowFraction: input.nowFraction, labelFont: scale.chartLabelFont,
                valueFont: scale.chartValueFont, curveWidth: scale.curveWidth, accent: .red,
                labelEvery: large ? 3 : 6, language: input.language
            ).draw(in: chart, on: &canvas)
        }
    }
}

/// Days as rows: name, icon, high, low.
struct DayList {
    var days: [FrameInput.Day]
    var font: Font
    var boldFont: Font
    var rowHeight: Int

    func draw(in rect: RasterRect, on canvas: inout Canvas) {
        let iconSide = rowHeight - 4
        let widest =
            days.flatMap { [Degrees.text($0.high), Degrees.text($0.low)] }.map { boldFont.width(of: $0) }.max() ?? 0
        let valueWidth = widest + max(4, boldFont.size / 3)
        for (index, day) in days.enumerated() {
            let row = RasterRect(x: rect.x, y: rect.y + index * rowHeight, width: rect.width, height: rowHeight)
            canvas.dashedHorizontal(y: row.y, from: row.x, to: row.maxX, on: 1, off: 2, .black)
            let nameWidth = row.width - 2 * valueWidth - iconSide - 8
            // "Today" → "Tod", "Tomorrow" → "Tom" before an ellipsis when the row is narrow (cut
            // by characters, so "Poniedziałek" → "Pon", "今日" stays whole).
            let name = boldFont.width(of: day.label) <= nameWidth ? day.label : String(day.label.prefix(3))
            canvas.draw(boldFont.truncated(name, toWidth: nameWidth), font: boldFont, in: row)
            if let condition = day.condition {
                WeatherIcon.draw(
                    condition.adjusted(isDay: true), isDay: true,
                    in: RasterRect(x: row.x + nameWidth + 4, y: row.y + 2, width: iconSide, height: iconSide),
                    on: &canvas)
            }
            let highBox = RasterRect(x: row.maxX - 2 * valueWidth, y: row.y, width: valueWidth, height: row.height)
            let lowBox = RasterRect(x: row.maxX - valueWidth, y: row.y, width: valueWidth, height: row.height)
            canvas.draw(Degrees.text(day.high), font: boldFont, in: highBox, align: .right)
            canvas.draw(Degrees.text(day.low), font: font, in: lowBox, align: .right)
        }
    }
}
