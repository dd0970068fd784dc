import WeatherModel

extension TerminalRenderer.Context {
    /// The next days: label, high, low, precipitation sum and chance, wind, then the glyph
    /// and the summary last on the line (so a glyph of unexpected width shifts nothing).
    mutating func dayTable() {
        let days = Array(model.days.prefix(options.dayCount))
        guard !days.isEmpty else { return }
        blank()
        let second = secondUnit
        func temperatures(_ celsius: Double?) -> String? {
            guard let first = format.temperature(celsius, decimals: 0, withUnit: second != nil) else { return nil }
            guard let second, let other = format.temperature(celsius, in: second, decimals: 0) else { return first }
            return first + " " + other
        }
        let highs = days.map { temperatures($0.temperatureMax) }
        let lows = days.map { temperatures($0.temperatureMin) }
        let sums = days.map { format.precipitation($0.precipitation) }
        let chances = days.map { format.percent($0.precipitationProbability) }
        let winds = days.map { day -> String? in
            guard let speed = format.speed(day.windSpeed, withUnit: false) else { return nil }
            let direction = day.windDirection.map { text($0, max: 3) } ?? ""
            return TerminalText.padLeft(speed, 3) + " " + TerminalText.padRight(direction, 3)
        }

        // Every column as wide as its widest value and its heading, in any language.
        let cells: (String) -> Int = { TerminalText.width($0) }
        let labelWidth = max(10, (days.map { cells($0.label) }.max() ?? 0) + 1)
        let temperatureWidth =
            max(4, cells(words.high), cells(words.low), [highs, lows].joined().compactMap { $0.map(cells) }.max() ?? 0)
            + 2
        let sumWidth =
            sums.contains { $0 != nil }
            ? max(6, cells(words.precipitation), sums.compactMap { $0.map(cells) }.max() ?? 0) + 2 : 0
        let chanceWidth = chances.contains { $0 != nil } ? max(6, cells(words.probability) + 2) : 0
        let windWidth =
            winds.contains { $0 != nil }
            ? max(4, cells(words.wind), winds.compactMap { $0.map(cells) }.max() ?? 0) + 2 : 0
        let highEnd = labelWidth + temperatureWidth
        let lowEnd = highEnd + temperatureWidth
        let sumEnd = lowEnd + sumWidth
        let chanceEnd = sumEnd + chanceWidth
        let windEnd = chanceEnd + windWidth

        var heading = line()
        heading.add(text(words.daysHeading, max: labelWidth - 1), .bold)
        heading.addRight(words.high, endingAt: highEnd, .dim)
        heading.addRight(words.low, endingAt: lowEnd, .dim)
        if sumWidth > 0 { heading.addRight(words.precipitation, endingAt: sumEnd, .dim) }
        if chanceWidth > 0 { heading.addRight(words.probability, endingAt: chanceEnd, .dim) }
        if windWidth > 0 { heading.addRight(words.wind, endingAt: windEnd, .dim) }
        emit(heading)

        for (index, day) in days.enumerated() {
            var row = line()
            row.add(day.label, index == 0 ? .bold : nil)
            row.addRight(highs[index] ?? dash, endingAt: highEnd, temperatureStyle(day.temperatureMax))
            row.addRight(lows[index] ?? dash, endingAt: lowEnd, temperatureStyle(day.temperatureMin))
            if sumWidth > 0 { row.addRight(sums[index] ?? dash, endingAt: sumEnd) }
            if chanceWidth > 0 { row.addRight(chances[index] ?? dash, endingAt: chanceEnd) }
            if windWidth > 0 { row.addRight(winds[index] ?? dash, endingAt: windEnd) }
            row.pad(to: windEnd + 3)
            if day.condition != nil && !glyphs.isASCII {
                row.addGlyph(
                    glyphs.glyph(for: day.condition, isDay: true), cells: glyphs.cells, glyphStyle(day.condition))
                row.add(" ")
            }
            if let summary = summary(day.summary, day.condition) {
                row.add(text(summary, max: options.width - row.column))
            }
            emit(row)
        }
    }
}
