/// The next days side by side: name, icon, high and low. Days are columns of equal width;
/// today's name is set in reverse so the eye finds the start.
struct DayStrip {
    var days: [FrameInput.Day]
    var nameFont: Font
    var valueFont: Font
    var iconSize: Int
    var isDay: Bool = true

    func draw(in rect: RasterRect, on canvas: inout Canvas) {
        guard !days.isEmpty, rect.width > 0 else { return }
        let width = Double(rect.width) / Double(days.count)
        // One size for every column's values, small enough for the widest.
        var valueFont = self.valueFont
        while valueFont.size > 11,
            days.contains(where: {
                Self.width(Degrees.text($0.high), Degrees.text($0.low), valueFont) > Int(width) - 6
            })
        {
            valueFont = valueFont.smaller()
        }
        for (index, day) in days.enumerated() {
            let left = rect.x + Int(pixel: Double(index) * width)
            let right = rect.x + Int(pixel: Double(index + 1) * width)
            let column = RasterRect(x: left, y: rect.y, width: right - left, height: rect.height)
            if index > 0 {
                canvas.dashedVertical(x: left, from: rect.y + 4, to: rect.maxY - 4, on: 1, off: 2, .black)
            }
            drawDay(day, in: column, first: index == 0, valueFont: valueFont, on: &canvas)
        }
    }

    private func drawDay(
        _ day: FrameInput.Day, in column: RasterRect, first: Bool, valueFont: Font, on canvas: inout Canvas
    ) {
        let nameHeight = nameFont.capHeight + max(4, nameFont.capHeight / 2)
        let name = nameFont.truncated(day.label, toWidth: column.width - 6)
        let nameBox = RasterRect(x: column.x + 3, y: column.y, width: column.width - 6, height: nameHeight)
        if first {
            canvas.fillRounded(nameBox, radius: 4, .black)
            canvas.draw(name, font: nameFont, in: nameBox, align: .center, .white)
        } else {
            canvas.draw(name, font: nameFont, in: nameBox, align: .center)
        }
        let high = Degrees.text(day.high)
        let low = Degrees.text(day.low)
        let valuesHeight = valueFont.capHeight + max(4, valueFont.capHeight / 3)
        let iconTop = column.y + nameHeight + 2
        let iconArea = RasterRect(
            x: column.x, y: iconTop, width: column.width, height: column.maxY - valuesHeight - iconTop - 1)
        let side = min(iconSize, iconArea.height, column.width - 8)
        if let condition = day.condition, side > 8 {
            let box = RasterRect(
                x: iconArea.midX - side / 2, y: iconArea.midY - side / 2, width: side, height: side)
            WeatherIcon.draw(condition.adjusted(isDay: true), isDay: true, in: box, on: &canvas)
        }
        let gap = valueFont.width(of: " ")
        let total = Self.width(high, low, valueFont)
        let baseline = column.maxY - 3
        let start = column.midX - total / 2
        canvas.draw(high, font: valueFont, x: start, baseline: baseline)
        // The low in the light weight of the same size, so the high reads first.
        canvas.draw(low, font: Self.lowFont(valueFont), x: start + valueFont.width(of: high) + gap, baseline: baseline)
    }

    private static func lowFont(_ font: Font) -> Font {
        font.weight == .bold ? Font.sans(font.size) : font
    }

    private static func width(_ high: String, _ low: String, _ font: Font) -> Int {
        font.width(of: high) + font.width(of: " ") + lowFont(font).width(of: low)
    }
}
