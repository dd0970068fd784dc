import WeatherModel

/// The `overview` layout: every location the bridge announces, one row each — icon, name,
/// temperature, today's high and low — in two columns when there are many. Canvases larger
/// than 800×480 get the large sizes grown by ``LayoutScale/factor(width:height:reference:)``.
struct OverviewLayout {
    var input: OverviewInput

    func draw(on canvas: inout Canvas) {
        let bounds = canvas.bounds
        let small = bounds.width <= 300 || bounds.height <= 150
        let large = bounds.width >= 640 && bounds.height >= 400
        let factor = large ? LayoutScale.factor(width: bounds.width, height: bounds.height) : 1
        func grow(_ value: Int) -> Int { Int(pixel: Double(value) * factor) }
        let margin = small ? 3 : large ? grow(16) : 8
        let headerHeight = small ? 16 : large ? grow(40) : 24
        let headerFont: Font = small ? .bold(13) : large ? Font.bold(24).scaled(by: factor) : .bold(16)
        let infoFont: Font = small ? .sans(11) : large ? Font.sans(16).scaled(by: factor) : .sans(13)
        let header = RasterRect(x: margin, y: 0, width: bounds.width - 2 * margin, height: headerHeight)
        let titleWidth = canvas.draw(input.language.messages.weather, font: headerFont, in: header)
        if let observed = input.observedAt {
            let text = [Messages.fill(input.language.messages.asOf, [("time", observed)]), observed].first {
                infoFont.width(of: $0) <= header.width - titleWidth - 8
            }
            if let text { canvas.draw(text, font: infoFont, in: header, align: .right) }
        }
        canvas.fill(RasterRect(x: 0, y: headerHeight, width: bounds.width, height: large ? grow(2) : 1), .black)
        let area = RasterRect(
            x: margin, y: headerHeight + 2, width: bounds.width - 2 * margin, height: bounds.height - headerHeight - 2)
        guard !input.entries.isEmpty else {
            canvas.draw(input.language.messages.noLocations, font: infoFont, in: area, align: .center)
            return
        }
        let minimumRow = small ? 24 : large ? grow(56) : 36
        let columns = input.entries.count * minimumRow > area.height && area.width >= 360 ? 2 : 1
        let perColumn = (input.entries.count + columns - 1) / columns
        // Rows grow with the height (a 4:3 frame has room for taller rows than its type grows).
        let tallest =
            large
            ? Int(pixel: 110 * max(1, Double(bounds.height) / 480)) : small && bounds.height <= bounds.width ? 40 : 96
        let rowHeight = min(area.height / max(1, perColumn), tallest)
        let rowsShown = max(1, area.height / max(1, rowHeight))
        let columnWidth = area.width / columns
        for (index, entry) in input.entries.enumerated() {
            let column = index / perColumn
            let row = index % perColumn
            guard row < rowsShown else { continue }
            let rect = RasterRect(
                x: area.x + column * columnWidth, y: area.y + row * rowHeight,
                width: columnWidth - (columns > 1 ? 8 : 0),
                height: rowHeight)
            if row > 0 { canvas.dashedHorizontal(y: rect.y, from: rect.x, to: rect.maxX, on: 1, off: 2, .black) }
            drawEntry(entry, in: rect, factor: factor, on: &canvas)
        }
        if columns == 2 {
            canvas.fill(
                RasterRect(x: area.x + columnWidth - 4, y: area.y + 4, width: 1, height: area.height - 8), .black)
        }
    }

    /// One location's row; `factor` grows the fonts of the tall form (1 up to 800×480).
    private func drawEntry(_ entry: OverviewInput.Entry, in rect: RasterRect, factor: Double, on canvas: inout Canvas) {
        // The icon fills the row's height, and at most 30 % of its width (a tall portrait row
        // would otherwise crowd out the name).
        let narrow = rect.width < 200
        let iconSide =
            narrow
            ? min(rect.height - 6, rect.width * 26 / 100)
            : min(rect.height - Int(pixel: 6 * factor), rect.width * 30 / 100)
        let iconTop = narrow ? rect.y + 3 : rect.midY - iconSide / 2
        if let condition = entry.condition {
            WeatherIcon.draw(
                condition.adjusted(isDay: entry.isDay), isDay: entry.isDay,
                in: RasterRect(x: rect.x, y: iconTop, width: iconSide, height: iconSide), on: &canvas)
        }
        let temperature = Degrees.text(entry.temperature)
        let range = "↑\(Degrees.text(entry.high)) ↓\(Degrees.text(entry.low))"
        let textLeft = rect.x + iconSide + Int(pixel: 8 * factor)
        if narrow {
            // Narrow: the name on top, temperature and range under it.
            let nameFont = Font.bold(11)
            let small = Font.sans(11)
            let rangeText = "\(Degrees.text(entry.high)) \(Degrees.text(entry.low))"
            var big = Font.bold(rect.height >= 44 ? 20 : 16)
            while big.size > 11, textLeft + big.width(of: temperature) + 6 + small.width(of: rangeText) > rect.maxX {
                big = big.smaller()
            }
            let nameTop = rect.y + 3
            var nameRight = rect.maxX
            nameRight =
                FrameBadges.stale(
                    entry.staleness, text: entry.ageText, right: nameRight, midY: nameTop + nameFont.capHeight / 2 + 1,
                    baseSize: 11, accent: .red, maxWidth: (rect.maxX - textLeft) / 2, words: input.language.messages,
                    on: &canvas) - 2
            canvas.draw(
                nameFont.truncated(entry.name, toWidth: nameRight - textLeft), font: nameFont, x: textLeft,
                baseline: nameTop + nameFont.capHeight + 1)
            let baseline = rect.maxY - 4
            canvas.draw(temperature, font: big, x: textLeft, baseline: baseline)
            canvas.draw(rangeText, font: small, x: rect.maxX, baseline: baseline, align: .right)
            return
        }
        if rect.height < 40 {
            // One line: icon, name (badge), range, temperature.
            let big = Font.bold(rect.height >= 30 ? 20 : 16)
            let small = Font.sans(11)
            let tempWidth = big.width(of: "−88°")
            canvas.draw(temperature, font: big, x: rect.maxX, baseline: rect.midY + big.capHeight / 2, align: .right)
            let rangeRight = rect.maxX - tempWidth - 6
            canvas.draw(range, font: small, x: rangeRight, baseline: rect.midY + small.capHeight / 2, align: .right)
            let nameFont = Font.bold(13)
            var nameRight = rangeRight - small.width(of: range) - 6
            nameRight =
                FrameBadges.stale(
                    entry.staleness, text: entry.ageText, right: nameRight, midY: rect.midY, baseSize: 11, accent: .red,
                    maxWidth: (nameRight - textLeft) / 2, words: input.language.messages, on: &canvas) - 3
            canvas.draw(
                nameFont.truncated(entry.name, toWidth: nameRight - textLeft), font: nameFont, x: textLeft,
                baseline: rect.midY + nameFont.capHeight / 2)
            return
        }
        let temperatureFonts = [88, 64, 44, 32, 24, 16].map { Font.bold($0).scaled(by: factor) }
        let big = temperatureFonts.first { $0.capHeight <= rect.height * 50 / 100 } ?? .bold(11)
        // The thresholds are the row heights of an 800×480 frame, grown with it.
        let height = Int(pixel: Double(rect.height) / factor)
        let nameFont = (height >= 100 ? Font.bold(32) : height >= 60 ? .bold(20) : .bold(16)).scaled(by: factor)
        let rangeFont = (height >= 90 ? Font.sans(20) : height >= 60 ? .sans(16) : .sans(13)).scaled(by: factor)
        let rightWidth = max(big.width(of: temperature), rangeFont.width(of: range))
        let textWidth = rect.maxX - rightWidth - 12 - textLeft
        // Name (and the stale badge under it) on the left, temperature and range on the right.
        let stale = entry.staleness > .fresh
        let badgeHeight = FrameBadges.badgeHeight(entry.staleness, baseSize: rangeFont.size)
        let nameBaseline =
            stale
            ? rect.midY - (nameFont.capHeight + nameFont.descent + 2 + badgeHeight) / 2 + nameFont.capHeight
            : rect.midY + nameFont.capHeight / 2
        canvas.draw(
            nameFont.truncated(entry.name, toWidth: textWidth), font: nameFont, x: textLeft, baseline: nameBaseline)
        if stale {
            let height = FrameBadges.badgeHeight(entry.staleness, baseSize: rangeFont.size)
            let width = FrameBadges.badgeWidth(
                entry.staleness, text: entry.ageText, baseSize: rangeFont.size, maxWidth: textWidth,
                words: input.language.messages)
            FrameBadges.stale(
                entry.staleness, text: entry.ageText, right: textLeft + width,
                midY: nameBaseline + nameFont.descent + 2 + height / 2, baseSize: rangeFont.size, accent: .red,
                maxWidth: textWidth, words: input.language.messages, on: &canvas)
        }
        let blockHeight = big.capHeight + Int(pixel: 4 * factor) + rangeFont.capHeight
        let tempBaseline = rect.y + (rect.height - blockHeight) / 2 + big.capHeight
        canvas.draw(temperature, font: big, x: rect.maxX, baseline: tempBaseline, align: .right)
        canvas.draw(
            range, font: rangeFont, x: rect.maxX, baseline: tempBaseline + Int(pixel: 6 * factor) + rangeFont.capHeight,
            align: .right)
    }
}
