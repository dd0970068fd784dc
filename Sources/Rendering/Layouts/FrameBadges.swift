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

    /// A reversed bar across `rect` (red on a black/white/red panel, black on the others) with
    /// the most severe alert's title, when it applies, and how many more there are.
    static func alerts(
        _ alerts: [FrameInput.Alert], in rect: RasterRect, font: Font, accent: Ink, words: Messages,
        on canvas: inout Canvas
    ) {
        guard let first = alerts.first else { return }
        canvas.fill(rect, .solid(accent))
        let twoLines = rect.height >= 2 * font.lineHeight && first.validity != nil
        let iconSide = twoLines ? rect.height / 2 : rect.height - 6
        let iconBox = RasterRect(
            x: rect.x + 6, y: rect.y + (rect.height - iconSide) / 2, width: iconSide, height: iconSide)
        // White triangle on the bar; its mark is punched out in the bar's ink.
        var badge = Canvas(width: iconSide, height: iconSide)
        WeatherIcon.draw(.exceptional, isDay: true, in: badge.bounds, on: &badge, accent: .black)
        for y in 0..<iconSide {
            for x in 0..<iconSide where badge[x, y] == .black {
                canvas.plot(iconBox.x + x, iconBox.y + y, .white)
            }
        }
        let textLeft = iconBox.maxX + 8
        let room = rect.maxX - 8 - textLeft
        let regular = Font.sans(font.size)
        let count = alerts.count - 1
        let longMore = count > 0 ? "  " + Messages.fill(words.more, [("n", String(count))]) : ""
        let shortMore = count > 0 ? " +\(count)" : ""
        // A bar tall enough for two lines (the narrow portrait panel's) puts the validity
        // under the title.
        if twoLines, let validity = first.validity {
            let tail = font.width(of: first.title) + regular.width(of: longMore) <= room ? longMore : shortMore
            let title = font.truncated(first.title, toWidth: room - regular.width(of: tail))
            let half = rect.height / 2
            let baseline = rect.y + (half + font.capHeight) / 2 + 1
            let drawn = canvas.draw(title, font: font, x: textLeft, baseline: baseline, .white)
            canvas.draw(tail, font: regular, x: textLeft + drawn, baseline: baseline, .white)
            canvas.draw(
                regular.truncated(validity, toWidth: room), font: regular, x: textLeft,
                baseline: baseline + half - 2, .white)
            return
        }
        let validity = first.validity.map { "  " + $0 } ?? ""
        // The title, when it applies, how many more: "+1 more" becomes "+1", then goes, so
        // that the whole title fits; else the title is cut, down to two fifths of the bar
        // before the validity gives way too.
        let titleWidth = font.width(of: first.title)
        let tails = [validity + longMore, validity + shortMore, validity, shortMore]
        let tail =
            tails.prefix(3).first { room - regular.width(of: $0) >= titleWidth }
            ?? tails.dropFirst().first { room - regular.width(of: $0) >= room * 2 / 5 } ?? shortMore
        let title = font.truncated(first.title, toWidth: room - regular.width(of: tail))
        let textBox = RasterRect(x: textLeft, y: rect.y, width: rect.maxX - textLeft - 8, height: rect.height)
        let drawn = canvas.draw(title, font: font, in: textBox, align: .left, .white)
        if !tail.isEmpty {
            canvas.draw(
                tail, font: regular, x: textLeft + drawn, baseline: textBox.y + (textBox.height + font.capHeight) / 2,
                .white)
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
