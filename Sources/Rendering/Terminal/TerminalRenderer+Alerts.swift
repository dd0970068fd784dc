import WeatherModel

extension TerminalRenderer.Context {
    /// Alerts, most severe first: severity, title, until when.
    mutating func alertList() {
        guard !model.alerts.isEmpty else { return }
        blank()
        let today = model.today
        for alert in model.alerts.prefix(options.alertCount) {
            var row = line()
            let style: ANSIStyle =
                switch alert.severity {
                case .extreme, .severe: .boldRed
                case .moderate: .yellow
                case .minor, .unknown: .cyan
                }
            row.addGlyph(glyphs.warning, cells: glyphs.isASCII ? 1 : glyphs.cells, style)
            row.add(" ")
            let severity = alert.severity.rawValue.capitalized
            row.add(severity, style)
            row.add(String(repeating: " ", count: max(2, 10 - severity.count)))
            var tail = ""
            if let onset = alert.onset, onset > model.now {
                tail += " from " + LocalTime.moment(onset, in: model.zone, today: today)
            }
            if let expires = alert.expires {
                tail += " until " + LocalTime.moment(expires, in: model.zone, today: today)
            }
            let title = text(alert.title, max: options.width - row.column - TerminalText.width(tail))
            row.add(title, .bold)
            row.add(tail, .dim)
            emit(row)
        }
        let more = model.alerts.count - options.alertCount
        if more > 0 {
            var row = line()
            row.add("and \(more) more alert\(more == 1 ? "" : "s")", .dim)
            emit(row)
        }
    }

    /// The data's attribution and provider, and the credit of each warning source shown, as
    /// their licences ask.
    mutating func footer() {
        var parts: [String] = []
        if let attribution = model.attribution { parts.append(attribution) }
        if let provider = model.provider, !(model.attribution ?? "").lowercased().contains(provider.lowercased()) {
            parts.append("via " + provider)
        }
        // The warning sources of the alerts shown, each once.
        for alert in model.alerts.prefix(options.alertCount) {
            if let credit = alert.attribution, !parts.contains(credit) { parts.append(credit) }
        }
        guard !parts.isEmpty else { return }
        var row = line()
        row.add(text(parts.joined(separator: separator), max: options.width), .dim)
        emit(row)
    }
}

extension String {
    /// `Severe` from `severe`.
    fileprivate var capitalized: String { prefix(1).uppercased() + dropFirst() }
}
