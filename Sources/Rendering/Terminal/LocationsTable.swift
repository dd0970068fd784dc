/// `weatherview locations`: one row per location with its state and the age of its data.
public enum LocationsTable {
    public static func render(_ summaries: [LocationSummary], color: Bool = false, asciiOnly: Bool = false) -> String {
        let ellipsis = asciiOnly ? "..." : "…"
        let rows: [[String]] = summaries.map { summary in
            let data: String
            if let problem = summary.problem {
                data = "invalid payload: " + problem.problem
            } else if let freshness = summary.freshness {
                data = freshness.text.isEmpty ? "no time given" : freshness.text
            } else {
                data = "no data"
            }
            return [
                summary.id, TerminalText.truncate(TerminalText.clean(summary.name ?? "-"), to: 24, ellipsis: ellipsis),
                summary.state ?? "-", TerminalText.clean(summary.provider ?? "-"),
                TerminalText.truncate(TerminalText.clean(data), to: 40, ellipsis: ellipsis),
            ]
        }
        let header = ["ID", "NAME", "STATE", "PROVIDER", "DATA"]
        var widths = header.map(TerminalText.width)
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], TerminalText.width(cell)) }
        }
        func line(_ cells: [String], _ styles: [ANSIStyle?]) -> String {
            var line = TerminalLine(color: color)
            var position = 0
            for (index, cell) in cells.enumerated() {
                line.pad(to: position)
                line.add(cell, styles[index])
                position += widths[index] + 2
            }
            return line.finished
        }
        var output = [line(header, Array(repeating: .bold, count: header.count))]
        for (row, summary) in zip(rows, summaries) {
            let stateStyle: ANSIStyle? =
                switch summary.state {
                case "ok": .green
                case "stale", "waiting": .yellow
                case "error": .boldRed
                default: nil
                }
            let dataStyle: ANSIStyle? = summary.problem != nil || summary.freshness?.isStale == true ? .boldRed : nil
            output.append(line(row, [.bold, nil, stateStyle, nil, dataStyle]))
        }
        return output.joined(separator: "\n") + "\n"
    }
}
