import WeatherModel

extension TerminalRenderer.Context {
    /// Narrowest first column (row titles) and hour column; both grow to fit the words.
    static let rowLabelWidth = 7
    static let hourColumnWidth = 6

    /// The next hours as columns: time, glyph, temperature (both units: two rows),
    /// precipitation chance and amount where the data has them, wind speed.
    mutating func hourTable() {
        let cells: (String) -> Int = { TerminalText.width($0) }
        let titles = [words.hoursHeading, words.temperatureRow, words.precipitation]
        let label = max(Self.rowLabelWidth, (titles.map(cells).max() ?? 0) + 1)
        let widest = model.hours.prefix(options.hourCount).map { cells($0.label) }.max() ?? 0
        let column = max(Self.hourColumnWidth, widest + 1)
        let fit = max(1, (options.width - label) / column)
        let hours = Array(model.hours.prefix(min(options.hourCount, fit)))
        guard !hours.isEmpty else { return }
        blank()

        func row(_ title: String, _ cells: [String?], _ style: (Int) -> ANSIStyle? = { _ in nil }) -> TerminalLine {
            var row = line()
            row.add(title, .dim)
            for (index, cell) in cells.enumerated() {
                row.addRight(cell ?? dash, endingAt: label + (index + 1) * column, cell == nil ? .dim : style(index))
            }
            return row
        }

        var times = line()
        times.add(words.hoursHeading, .bold)
        for (index, hour) in hours.enumerated() {
            times.addRight(hour.label, endingAt: label + (index + 1) * column, index == 0 ? .bold : nil)
        }
        emit(times)

        if hours.contains(where: { $0.values.condition != nil }) {
            var symbols = line()
            for (index, hour) in hours.enumerated() {
                let glyph = glyphs.glyph(for: hour.values.condition, isDay: hour.values.isDay)
                // Under the middle of the time (`17:00`); ASCII codes right-aligned like the numbers.
                let end = label + (index + 1) * column
                symbols.pad(to: glyphs.isASCII ? end - glyph.width : end - 3)
                symbols.addGlyph(glyph, cells: glyphs.cells, glyphStyle(hour.values.condition))
            }
            emit(symbols)
        }

        let temperatures = hours.map(\.values.temperature)
        if temperatures.contains(where: { $0 != nil }) {
            let unit = model.units.temperature
            let colour: (Int) -> ANSIStyle? = { temperatureStyle(temperatures[$0]) }
            if let second = secondUnit {
                emit(
                    row(
                        format.symbol(unit), temperatures.map { format.temperature($0, decimals: 0, withUnit: false) },
                        colour))
                emit(
                    row(
                        format.symbol(second),
                        temperatures.map { format.temperature($0, in: second, decimals: 0, withUnit: false) }, colour))
            } else {
                emit(
                    row(
                        words.temperatureRow, temperatures.map { format.temperature($0, decimals: 0, withUnit: false) },
                        colour))
            }
        }

        let chances = hours.map(\.values.precipitationProbability)
        if chances.contains(where: { $0 != nil }) {
            emit(
                row(
                    words.precipitation, chances.map(format.percent),
                    { chances[$0].map { $0 >= 50 ? .brightBlue : nil } ?? nil }))
        }
        let amounts = hours.map(\.values.precipitation)
        if amounts.contains(where: { ($0 ?? 0) > 0 }) {
            emit(
                row(
                    model.units.precipitation.intensity,
                    amounts.map { format.precipitation($0, perHour: true, withUnit: false) }))
        }
    }
}
