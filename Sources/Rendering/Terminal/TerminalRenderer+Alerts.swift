import FoundationEssentials
import WeatherModel

extension TerminalRenderer.Context {
    /// Alerts, most severe first: severity, title, until when.
    mutating func alertList() {
        guard !model.alerts.isEmpty else { return }
        blank()
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
            let severity = words.severity(alert.severity)
            row.add(severity, style)
            row.add(String(repeating: " ", count: max(2, 10 - TerminalText.width(severity))))
            var tail = alert.validity(in: model.zone, now: model.now, language: model.language).map { " " + $0 } ?? ""
            let room = options.width - row.column - TerminalText.width(tail)
            // The issuing service where the line has room for it after the whole title.
            let sender = TerminalText.clean(alert.sender ?? "")
            if !sender.isEmpty, TerminalText.width(alert.title) + TerminalText.width(sender + separator) <= room {
                tail += separator + sender
            }
            let title = text(alert.title, max: options.width - row.column - TerminalText.width(tail))
            row.add(title, .bold)
            row.add(tail, .dim)
            emit(row)
        }
        let more = model.alerts.count - options.alertCount
        if more > 0 {
            var row = line()
            row.add(more == 1 ? words.oneMoreAlert : Messages.fill(words.moreAlerts, [("n", String(more))]), .dim)
            emit(row)
        }
    }

    /// The data's attribution and provider, and the credit of each warning source shown, as
    /// their licences ask.
    mutating func footer() {
        var parts: [String] = []
        if let attribution = model.attribution { parts.append(attribution) }
        if let provider = model.provider, !(model.attribution ?? "").lowercased().contains(provider.lowercased()) {
            parts.append(Messages.fill(words.via, [("provider", provider)]))
        }
        // The warning sources of the alerts shown, each once.
        for alert in model.alerts.prefix(options.alertCount) {
            if let credit = alert.attribution, !parts.contains(credit) { parts.append(credit) }
        }
        // As many credits a line as fit, never one cut short when another line would hold it.
        var lines: [String] = []
        for part in parts.map(TerminalText.clean) {
            if let last = lines.last, TerminalText.width(last + separator + part) <= options.width {
                lines[lines.count - 1] = last + separator + part
            } else {
                lines.append(part)
            }
        }
        for credits in lines {
            var row = line()
            row.add(text(credits, max: options.width), .dim)
            emit(row)
        }
    }
}
