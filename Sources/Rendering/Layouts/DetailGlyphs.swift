import WeatherModel

/// Small pictograms that lead the detail lines (wind, humidity, sun, feels-like), drawn from
/// shapes at the size of the text they sit next to.
enum DetailGlyph: Equatable {
    case thermometer
    /// An arrow showing where the wind blows to (from `bearing`, degrees).
    case wind(bearing: Double?)
    case drop
    case sun

    /// Draws the glyph centred in `box`.
    func draw(in box: RasterRect, on canvas: inout Canvas) {
        let size = Double(min(box.width, box.height))
        let center = RasterPoint(Double(box.x) + Double(box.width) / 2, Double(box.y) + Double(box.height) / 2)
        let line = max(1.5, (size / 9).rounded())
        switch self {
        case .thermometer:
            let bulb = RasterPoint(center.x, center.y + size * 0.28)
            canvas.fillCircle(center: bulb, radius: size * 0.2, .black)
            canvas.line(
                from: RasterPoint(center.x, center.y - size * 0.38), to: bulb, lineWidth: size * 0.2, .black)
            canvas.line(
                from: RasterPoint(center.x, center.y - size * 0.36), to: RasterPoint(center.x, bulb.y),
                lineWidth: max(1, size * 0.2 - 2 * line), .white)
            canvas.fillCircle(center: bulb, radius: size * 0.2 - line, .black)
        case .wind(let bearing):
            guard let bearing, bearing.isFinite else {
                canvas.strokeCircle(center: center, radius: size * 0.3, lineWidth: line, .black)
                return
            }
            // The wind comes from `bearing`, so the arrow points the other way.
            let toward = bearing + 180
            let tip = center.moved(size * 0.48, bearing: toward)
            let tail = center.moved(size * 0.48, bearing: bearing)
            let neck = center.moved(size * 0.02, bearing: toward)
            canvas.line(from: tail, to: neck, lineWidth: line * 1.2, .black)
            canvas.fill(
                polygon: [
                    tip, neck.moved(size * 0.26, bearing: toward - 90), neck.moved(size * 0.26, bearing: toward + 90),
                ], .black)
        case .drop:
            canvas.drop(top: RasterPoint(center.x, center.y - size * 0.45), height: size * 0.9)
        case .sun:
            WeatherIcon.draw(.sunny, isDay: true, in: box.inset(by: -1), on: &canvas)
        }
    }
}

/// One line of the details column: a pictogram and its words.
struct DetailLine {
    var glyph: DetailGlyph?
    var text: String
    var bold: Bool = false

    /// The lines a frame has data for, in reading order.
    static func lines(for input: FrameInput) -> [DetailLine] {
        var lines: [DetailLine] = []
        if input.high != nil || input.low != nil {
            lines.append(
                DetailLine(glyph: nil, text: "↑ \(Degrees.text(input.high))   ↓ \(Degrees.text(input.low))", bold: true)
            )
        }
        if let feels = input.feelsLike {
            lines.append(
                DetailLine(glyph: .thermometer, text: input.language.messages.feelsLike + " " + Degrees.text(feels)))
        }
        if let speed = input.windSpeed {
            let direction = input.windDirection.map { " " + $0 } ?? ""
            lines.append(DetailLine(glyph: .wind(bearing: input.windBearing), text: speed + direction))
        }
        if let humidity = input.humidity {
            lines.append(
                DetailLine(
                    glyph: .drop, text: Messages.fill(input.language.messages.humidityValue, [("value", humidity)])))
        }
        if input.sunrise != nil || input.sunset != nil {
            lines.append(DetailLine(glyph: .sun, text: "↑ \(input.sunrise ?? "–")   ↓ \(input.sunset ?? "–")"))
        }
        return lines
    }

    /// Draws lines top to bottom from `top`, `spacing` apart.
    static func draw(
        _ lines: [DetailLine], x: Int, top: Int, spacing: Int, width: Int, font: Font, bold: Font,
        on canvas: inout Canvas
    ) {
        let glyphSize = font.capHeight + 4
        let indent = glyphSize + max(6, glyphSize / 2)
        for (index, line) in lines.enumerated() {
            let baseline = top + index * spacing + font.capHeight
            let box = RasterRect(
                x: x, y: baseline - font.capHeight / 2 - glyphSize / 2, width: glyphSize, height: glyphSize)
            let textFont = line.bold ? bold : font
            guard let glyph = line.glyph else {
                canvas.draw(textFont.truncated(line.text, toWidth: width), font: textFont, x: x, baseline: baseline)
                continue
            }
            glyph.draw(in: box, on: &canvas)
            canvas.draw(
                textFont.truncated(line.text, toWidth: width - indent), font: textFont, x: x + indent,
                baseline: baseline)
        }
    }
}
