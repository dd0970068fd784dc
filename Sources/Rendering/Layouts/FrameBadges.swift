import WeatherModel

/// The parts of a frame that speak up: the stale badge and the alerts banner.
enum FrameBadges {
    /// Draws the age badge ending at `right`, vertically centred on `midY`; returns its
    /// left edge (or `right` when there is none). It grows with ``FrameInput/Staleness``:
    /// outlined when old, filled in the accent ink when stale, larger when very stale.
    @discardableResult
    static func stale(
        _ staleness: FrameInput.Staleness, text: String?, right: Int, midY: Int, baseSize: Int, accent: Ink,
        maxWidth: Int, words: Messages, on canvas: inout Canvas
    ) -> Int {
        guard staleness > .fresh else { return right }
        let font = badgeFont(staleness, baseSize: baseSize)
        let label = badgeLabel(staleness, text: text, font: font, maxWidth: maxWidth, words: words)
        let width = font.width(of: label) + font.capHeight + 6
        let height = badgeHeight(staleness, baseSize: baseSize)
        let box = RasterRect(x: right - width, y: midY - height / 2, width: width, height: height)
        if staleness == .old {
            canvas.fillRounded(box, radius: height / 2, .white)
            canvas.strokeRounded(box, radius: height / 2, lineWidth: 2, .black)
            canvas.draw(label, font: font, in: box, align: .center)
        } else {
            canvas.fillRounded(box, radius: height / 2, .solid(accent))
            canvas.draw(label, font: font, in: box, align: .center, .white)
        }
        return box.x
    }

    /// The badge's type: regular when old, bold when stale, larger when very stale.
    static func badgeFont(_ staleness: FrameInput.Staleness, baseSize: Int) -> Font {
        switch staleness {
        case .fresh, .old: Font.sans(baseSize)
        case .stale: Font.bold(baseSize)
        case .veryStale: Font.bold(baseSize * 3 / 2)
        }
    }

    /// The longest wording that fits in `maxWidth`: "STALE · 5 H OLD", "5 H OLD", "STALE", "!".
    static func badgeLabel(
        _ staleness: FrameInput.Staleness, text: String?, font: Font, maxWidth: Int, words: Messages
    ) -> String {
        let age = (text ?? "").uppercased()
        let stale = words.stale.uppercased()
        var wordings: [String] = []
        if staleness >= .stale {
            if !age.isEmpty { wordings += [stale + " · " + age, age] }
            wordings.append(stale)
        } else {
            wordings.append(age.isEmpty ? words.oldBadge.uppercased() : age)
        }
        let padding = font.capHeight + 6
        return wordings.first { font.width(of: $0) + padding <= maxWidth } ?? "!"
    }

    /// How wide the badge drawn for these arguments is.
    static func badgeWidth(
        _ staleness: FrameInput.Staleness, text: String?, baseSize: Int, maxWidth: Int, words: Messages
    ) -> Int {
        let font = badgeFont(staleness, baseSize: baseSize)
        let label = badgeLabel(staleness, text: text, font: font, maxWidth: maxWidth, words: words)
        return font.width(of: label) + font.capHeight + 6
    }

    /// How tall the badge is.
    static func badgeHeight(_ staleness: FrameInput.Staleness, baseSize: Int) -> Int {
        badgeFont(staleness, baseSize: baseSize).capHeight + (staleness >= .stale ? 12 : 8)
    }

    /// A reversed bar across `rect` with the most severe alert's title (and how many more).
    static func alerts(
        _ alerts: [FrameInput.Alert], in rect: RasterRect, font: Font, accent: Ink, words: Messages,
        on canvas: inout Canvas
    ) {
        guard let first = alerts.first else { return }
        canvas.fill(rect, .solid(accent))
        let iconSide = rect.height - 6
        let iconBox = RasterRect(x: rect.x + 6, y: rect.y + 3, width: iconSide, height: iconSide)
        // White triangle on the bar; its mark is punched out in the bar's ink.
        var badge = Canvas(width: iconSide, height: iconSide)
        WeatherIcon.draw(.exceptional, isDay: true, in: badge.bounds, on: &badge, accent: .black)
        for y in 0..<iconSide {
            for x in 0..<iconSide where badge[x, y] == .black {
                canvas.plot(iconBox.x + x, iconBox.y + y, .white)
            }
        }
        let textLeft = iconBox.maxX + 8
        var more = alerts.count > 1 ? "  " + Messages.fill(words.more, [("n", String(alerts.count - 1))]) : ""
        // On a narrow bar the title comes first: "+1" rather than "+1 more".
        if !more.isEmpty, rect.maxX - 8 - textLeft - font.width(of: more) < font.width(of: first.title) / 2 {
            more = " +\(alerts.count - 1)"
        }
        let moreWidth = Font.sans(font.size).width(of: more)
        let title = font.truncated(first.title, toWidth: rect.maxX - 8 - textLeft - moreWidth)
        let textBox = RasterRect(x: textLeft, y: rect.y, width: rect.maxX - textLeft - 8, height: rect.height)
        let drawn = canvas.draw(title, font: font, in: textBox, align: .left, .white)
        if !more.isEmpty {
            canvas.draw(
                more, font: Font.sans(font.size), x: textLeft + drawn,
                baseline: textBox.y + (textBox.height + font.capHeight) / 2, .white)
        }
    }

    /// The sentence, then shorter forms of it for narrow panels: "Light rain starting in about
    /// 20 min, for 40 min", "Light rain starting in about 20 min", "Light rain in 20 min".
    static func nowcastWordings(_ text: String) -> [String] {
        var wordings = [text]
        if let comma = text.firstIndex(of: ",") { wordings.append(String(text[..<comma])) }
        let short = wordings.last!.replacing(" starting in about ", with: " in ")
            .replacing(" starting in ", with: " in ")
        if short != wordings.last! { wordings.append(short) }
        return wordings
    }

    /// The nowcast strip across `rect`: an outlined bar (the alerts bar is filled) with a
    /// raindrop and the nowcast's sentence, truncated to fit.
    static func nowcast(_ text: String, in rect: RasterRect, font: Font, accent: Ink, on canvas: inout Canvas) {
        canvas.fill(rect, .white)
        canvas.fill(RasterRect(x: rect.x, y: rect.maxY - 2, width: rect.width, height: 2), .solid(accent))
        let iconSide = rect.height - 6
        let iconBox = RasterRect(x: rect.x + 6, y: rect.y + 2, width: iconSide, height: iconSide)
        WeatherIcon.draw(.rainy, isDay: true, in: iconBox, on: &canvas, accent: accent)
        let textLeft = iconBox.maxX + 8
        let width = rect.maxX - 8 - textLeft
        let line = nowcastWordings(text).first { font.width(of: $0) <= width } ?? font.truncated(text, toWidth: width)
        canvas.draw(
            line, font: font,
            in: RasterRect(x: textLeft, y: rect.y, width: rect.maxX - textLeft - 8, height: rect.height - 2),
            align: .left)
    }
}
