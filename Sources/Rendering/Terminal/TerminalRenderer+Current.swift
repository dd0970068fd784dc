import WeatherModel

extension TerminalRenderer.Context {
    /// Name and date, "as of"/age on the right; the current temperature and condition; a
    /// stale warning.
    mutating func header() {
        let width = options.width
        let freshness = model.freshness
        let ageStyle: ANSIStyle =
            switch freshness.level {
            case .fresh: .dim
            case .old: .yellow
            case .stale: .boldRed
            }
        let right = freshness.text
        var title = line()
        let date = LocalTime.shortDate(model.today, language: model.language)
        let nameRoom = width - TerminalText.width(right) - TerminalText.width(date) - 6
        title.add(text(model.location.name, max: nameRoom), .bold)
        title.add("  ")
        title.add(date, .dim)
        if !right.isEmpty { title.addRight(right, endingAt: width, ageStyle) }
        emit(title)

        var now = line()
        if let current = model.current {
            let values = current.values
            now.addGlyph(
                glyphs.glyph(for: values.condition, isDay: values.isDay), cells: glyphs.cells,
                glyphStyle(values.condition))
            now.add(" ")
            if let temperature = temperature(values.temperature) {
                now.add(temperature, .bold + (temperatureStyle(values.temperature) ?? .bold))
                if model.stationFields["temperature"] != nil { now.add(Self.stationMark, .dim) }
                now.add("  ")
            }
            now.add(text(summary(values.summary, values.condition), max: width - now.column))
        } else {
            now.add(words.noCurrentReading, .dim)
        }
        emit(now)

        if freshness.isStale {
            var warning = line()
            warning.addGlyph(glyphs.warning, cells: glyphs.isASCII ? 1 : glyphs.cells, .boldRed)
            warning.add(" ")
            let message = words.staleHeading + ": " + freshness.reasons.joined(separator: "; ")
            warning.add(text(message, max: width - warning.column), .boldRed)
            emit(warning)
        } else if model.status?.state == .waiting {
            var waiting = line()
            waiting.add(words.waiting, .yellow)
            emit(waiting)
        }
    }

    /// Label/value pairs of the current reading, in as many columns as fit.
    mutating func currentGrid() {
        guard let current = model.current else { return }
        let values = current.values
        let today = model.todayForecast
        var precipitation: String?
        if let amount = format.precipitation(values.precipitation, perHour: true) {
            precipitation = amount
            if let type = values.precipitationType { precipitation! += " " + words.precipitation(type) }
            if let chance = format.percent(values.precipitationProbability) { precipitation! += " (" + chance + ")" }
        } else if let chance = format.percent(values.precipitationProbability) {
            precipitation = Messages.fill(words.chance, [("value", chance)])
        }
        var wind = format.speed(values.windSpeed)
        if let direction = values.windDirection, wind != nil { wind! += " " + text(direction, max: 3) }
        let items: [(String, String?)] = [
            (words.feelsLike, temperature(values.apparentTemperature)),
            (words.humidity, format.percent(values.humidity)),
            (words.wind, wind),
            (words.dewPoint, temperature(values.dewPoint)),
            (words.pressure, format.pressure(values.pressure)),
            (words.gusts, format.speed(values.windGust)),
            (words.precipitation, precipitation),
            (words.uvIndex, format.index(values.uvIndex)),
            (words.cloudCover, format.percent(values.cloudCoverage)),
            (words.sunrise, clock(current.sunrise ?? today?.sunrise)),
            (words.sunset, clock(current.sunset ?? today?.sunset)),
            (words.visibility, format.distance(values.visibility)),
        ]
        // A value a station supplied carries the mark; the sources are named below the grid.
        let fields = [
            "apparent_temperature", "humidity", "wind_speed", "dew_point", "pressure", "wind_gust", "precipitation",
            "uv_index",
        ]
        let marked = items.enumerated().map { index, item in
            let fromStation = index < fields.count && model.stationFields[fields[index]] != nil
            return (item.0, item.1.map { fromStation ? $0 + Self.stationMark : $0 })
        }
        let shown = marked.compactMap { label, value in value.map { (label: label, value: $0) } }
        guard !shown.isEmpty else { return }
        let indent = 2
        let gap = 3
        // As many columns as fit, each as wide as its own labels and values.
        var layout: [(label: Int, value: Int)] = []
        for columns in stride(from: 3, through: 1, by: -1) {
            layout = (0..<columns).map { column in
                let cells = stride(from: column, to: shown.count, by: columns).map { shown[$0] }
                return (
                    cells.map { TerminalText.width($0.label) }.max() ?? 0,
                    cells.map { TerminalText.width($0.value) }.max() ?? 0
                )
            }
            let total = indent + layout.reduce(0) { $0 + $1.label + 1 + $1.value } + gap * (columns - 1)
            if total <= options.width { break }
        }
        let columns = layout.count
        var index = 0
        while index < shown.count {
            var row = line()
            var position = indent
            for column in 0..<columns where index + column < shown.count {
                let item = shown[index + column]
                row.pad(to: position)
                row.add(item.label, .dim)
                row.pad(to: position + layout[column].label + 1)
                row.add(item.value)
                position += layout[column].label + 1 + layout[column].value + gap
            }
            emit(row)
            index += columns
        }
        let stations = model.stationNotes
        if !stations.isEmpty {
            var note = line()
            note.pad(to: indent)
            note.add(text(Self.stationMark + " " + stations.joined(separator: "; "), max: options.width - indent), .dim)
            emit(note)
        }
    }

    /// The mark after a value a station of the user's supplied.
    static let stationMark = WeatherViewModel.stationMark
}
