import WeatherModel

/// The `single` layout for small panels (250×122, 296×128): no chart — at this size a
/// curve is a scribble — but the big temperature, three detail lines and the next days,
/// with the location and data time in a thin top line.
struct CompactLayout {
    var input: FrameInput

    func draw(on canvas: inout Canvas) {
        let bounds = canvas.bounds
        let margin = 3
        let nameFont = Font.bold(13)
        let smallFont = Font.sans(11)
        let headerHeight = 16

        // Top line: name, then time or stale badge at the right.
        let header = RasterRect(x: margin, y: 0, width: bounds.width - 2 * margin, height: headerHeight)
        let nameWidth = nameFont.width(of: input.locationName)
        var right = FrameBadges.stale(
            input.staleness, text: input.ageText, right: header.maxX, midY: header.midY, baseSize: 11, accent: .red,
            maxWidth: max(header.width / 2, header.width - nameWidth - 8), words: input.language.messages, on: &canvas)
        if input.staleness == .fresh, let observed = input.observedAt {
            canvas.draw(observed, font: smallFont, in: header, align: .right)
            right -= smallFont.width(of: observed) + 6
        }
        canvas.draw(nameFont.truncated(input.locationName, toWidth: right - header.x - 4), font: nameFont, in: header)
        canvas.fill(RasterRect(x: 0, y: headerHeight, width: bounds.width, height: 1), .black)
        var top = headerHeight + 1

        if !input.alerts.isEmpty {
            let banner = RasterRect(x: 0, y: top, width: bounds.width, height: 16)
            FrameBadges.alerts(
                input.alerts, in: banner, font: .bold(11), accent: .red, words: input.language.messages, on: &canvas)
            top = banner.maxY
        }
        if let nowcast = input.nowcast {
            let strip = RasterRect(x: 0, y: top, width: bounds.width, height: 16)
            FrameBadges.nowcast(nowcast, in: strip, font: .bold(11), accent: .red, on: &canvas)
            top = strip.maxY
        }

        // Bottom: the next days.
        let dayCount = min(input.days.count, bounds.width >= 280 ? 5 : 4)
        var bottom = bounds.height
        if dayCount > 0 {
            let stripHeight = min(46, bounds.height * 38 / 100)
            let strip = RasterRect(x: 0, y: bottom - stripHeight, width: bounds.width, height: stripHeight)
            DayStrip(
                days: Array(input.days.prefix(dayCount)), nameFont: .bold(11), valueFont: .bold(11), iconSize: 22
            ).draw(in: strip, on: &canvas)
            // One white row between the rule and the strip, so today's reversed tab keeps its
            // rounded top instead of merging into the rule.
            bottom = strip.y - 2
            canvas.fill(RasterRect(x: 0, y: bottom, width: bounds.width, height: 1), .black)
        }

        // Middle: icon, temperature, details.
        let middle = RasterRect(x: margin, y: top + 2, width: bounds.width - 2 * margin, height: bottom - top - 3)
        let iconSide = min(middle.height, 56)
        if let condition = input.condition, iconSide > 12 {
            WeatherIcon.draw(
                condition.adjusted(isDay: input.isDay), isDay: input.isDay,
                in: RasterRect(x: middle.x, y: middle.midY - iconSide / 2, width: iconSide, height: iconSide),
                on: &canvas)
        }
        var lines: [String] = []
        if input.high != nil || input.low != nil {
            lines.append("↑\(Degrees.text(input.high))  ↓\(Degrees.text(input.low))")
        }
        if let feels = input.feelsLike {
            lines.append(
                String(input.language.messages.feels.prefix(1)).uppercased() + input.language.messages.feels.dropFirst()
                    + " " + Degrees.text(feels))
        }
        if let speed = input.windSpeed { lines.append(speed + (input.windDirection.map { " " + $0 } ?? "")) }
        if let air = input.airQuality, lines.count < 3 { lines.append(air) }
        let lineFont = Font.sans(13)
        let detailsWidth = min(middle.width * 44 / 100, lines.map { Font.bold(13).width(of: $0) }.max() ?? 0)
        let textLeft = middle.x + iconSide + 4
        let available = middle.maxX - detailsWidth - 6 - textLeft
        let temperature = Degrees.text(input.temperature)
        let big =
            [Font.bold(44), .bold(32), .bold(24)].first {
                $0.width(of: temperature) <= available && $0.capHeight <= middle.height - 4
            } ?? .bold(24)
        canvas.draw(temperature, font: big, x: textLeft, baseline: middle.midY + big.capHeight / 2)
        StationMark.draw(
            after: temperature, font: big, x: textLeft, baseline: middle.midY + big.capHeight / 2,
            limit: middle.maxX - detailsWidth - 6, fromStation: input.temperatureFromStation, on: &canvas)

        let spacing = min(lineFont.lineHeight, middle.height / max(1, lines.count))
        let firstBaseline = middle.midY - (spacing * (lines.count - 1)) / 2 + lineFont.capHeight / 2
        for (index, line) in lines.enumerated() {
            let font = index == 0 && line.hasPrefix("↑") ? Font.bold(13) : lineFont
            canvas.draw(
                font.truncated(line, toWidth: detailsWidth), font: font, x: middle.maxX - detailsWidth,
                baseline: firstBaseline + index * spacing)
        }
    }
}
