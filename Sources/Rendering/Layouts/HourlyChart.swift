import WeatherModel

/// The next hours as a chart: temperature as a smooth curve (``MonotoneCubic``), the
/// probability of precipitation as stippled bars, a mark at now, a divider at local midnight
/// with the new day's name, and the highest and lowest temperature written where they occur.
struct HourlyChart {
    var hours: [FrameInput.Hour]
    var nowFraction: Double
    /// Axis and day labels.
    var labelFont: Font
    /// The max/min labels on the curve.
    var valueFont: Font
    var curveWidth: Double
    /// Ink for the now mark.
    var accent: Ink
    /// An hour label every this many hours.
    var labelEvery: Int = 3
    /// Whose clock the axis labels follow (`3p` or `15`).
    var language: Language = .en

    func draw(in rect: RasterRect, on canvas: inout Canvas) {
        guard hours.count >= 2, rect.width > 40, rect.height > 30 else { return }
        let axisBand = labelFont.lineHeight + 2
        let plot = rect.inset(top: 2, bottom: axisBand)
        let slot = Double(plot.width) / Double(hours.count)
        func x(_ hour: Double) -> Double { Double(plot.x) + hour * slot }
        // Two bands, as a meteogram has them: the curve above, the bars below.
        let barsHeight = plot.height * 30 / 100
        let bars = RasterRect(x: plot.x, y: plot.maxY - barsHeight, width: plot.width, height: barsHeight)
        let curve = RasterRect(x: plot.x, y: plot.y, width: plot.width, height: bars.y - plot.y - 2)

        drawBars(band: bars, slot: slot, on: &canvas)
        canvas.fill(RasterRect(x: plot.x, y: plot.maxY, width: plot.width, height: 1), .black)
        drawAxis(plot: plot, slot: slot, on: &canvas)
        drawMidnights(plot: plot, slot: slot, top: rect.y, on: &canvas)
        drawNow(plot: plot, x: x(min(max(nowFraction, 0), 1)), on: &canvas)
        drawPeakLabel(band: bars, slot: slot, on: &canvas)
        drawCurve(band: curve, plot: plot, x: x, on: &canvas)
    }

    private func drawBars(band: RasterRect, slot: Double, on canvas: inout Canvas) {
        let gap = slot >= 8 ? 2 : 1
        for (index, hour) in hours.enumerated() {
            guard let probability = hour.precipitationProbability, probability.isFinite, probability >= 1 else {
                continue
            }
            let height = Int(pixel: Double(band.height) * min(probability, 100) / 100)
            guard height > 0 else { continue }
            let left = Int(pixel: Double(band.x) + Double(index) * slot) + gap / 2
            let right = Int(pixel: Double(band.x) + Double(index + 1) * slot) - (gap - gap / 2)
            let bar = RasterRect(x: left, y: band.maxY - height, width: right - left, height: height)
            canvas.fill(bar, .stipple(.checker, .black))
            canvas.fill(RasterRect(x: bar.x, y: bar.y, width: bar.width, height: 1), .black)
        }
    }

    /// The largest chance is written on its bar when it matters.
    private func drawPeakLabel(band: RasterRect, slot: Double, on canvas: inout Canvas) {
        guard
            let peak = hours.indices.max(by: {
                (hours[$0].precipitationProbability ?? 0) < (hours[$1].precipitationProbability ?? 0)
            }), let probability = hours[peak].precipitationProbability, probability.isFinite, probability >= 20
        else {
            return
        }
        let center = Int(pixel: Double(band.x) + (Double(peak) + 0.5) * slot)
        let text = "\(Int(pixel: min(probability, 100)))%"
        let width = labelFont.width(of: text)
        let barTop = band.maxY - Int(pixel: Double(band.height) * min(probability, 100) / 100)
        let inside = band.maxY - barTop >= labelFont.capHeight + 8
        let baseline = inside ? barTop + labelFont.capHeight + 4 : barTop - 3
        let left = min(max(center - width / 2, band.x), band.maxX - width)
        canvas.fill(
            RasterRect(
                x: left - 2, y: baseline - labelFont.capHeight - 2, width: width + 4, height: labelFont.capHeight + 4),
            .white)
        canvas.draw(text, font: labelFont, x: left, baseline: baseline)
    }

    private func drawAxis(plot: RasterRect, slot: Double, on canvas: inout Canvas) {
        let baseline = plot.maxY + 2 + labelFont.capHeight + 1
        // The first entry of every `labelEvery`-th hour (entries may be shorter than an hour).
        for (index, hour) in hours.enumerated()
        where hour.hour % labelEvery == 0 && (index == 0 || hours[index - 1].hour != hour.hour) {
            let center = Int(pixel: Double(plot.x) + Double(index) * slot)
            canvas.fill(RasterRect(x: center, y: plot.maxY, width: 1, height: 3), .black)
            let text = language.axisHour(hour.hour)
            let width = labelFont.width(of: text)
            guard center - width / 2 >= plot.x - 2, center + width / 2 <= plot.maxX + 2 else { continue }
            canvas.draw(text, font: labelFont, x: center, baseline: baseline, align: .center)
        }
    }

    private func drawMidnights(plot: RasterRect, slot: Double, top: Int, on canvas: inout Canvas) {
        for (index, hour) in hours.enumerated() where index > 0 {
            guard let day = hour.newDay else { continue }
            let x = Int(pixel: Double(plot.x) + Double(index) * slot)
            canvas.dashedVertical(x: x, from: top, to: plot.maxY, on: 3, off: 3, .black)
            canvas.fill(RasterRect(x: x - 1, y: top, width: 3, height: 3), .black)
            canvas.draw(day, font: labelFont, x: x + 4, baseline: top + labelFont.capHeight)
        }
    }

    private func drawCurve(band: RasterRect, plot: RasterRect, x: (Double) -> Double, on canvas: inout Canvas) {
        let known = hours.enumerated().compactMap { index, hour in
            hour.temperature.flatMap { $0.isFinite && abs($0) < 10_000 ? (Double(index), $0) : nil }
        }
        guard let lowest = known.map(\.1).min(), let highest = known.map(\.1).max() else { return }
        // A flat day is drawn flat, not stretched into drama: at least 4 degrees of range.
        let middle = (lowest + highest) / 2
        let span = max(highest - lowest, 4)
        // Room above for the max label; the min label may hang into the bars band below.
        let room = Double(valueFont.capHeight) + curveWidth + 5
        let top = Double(band.y) + room
        let usable = max(1, Double(band.height) - room - curveWidth - 2)
        func y(_ value: Double) -> Double { top + (middle + span / 2 - value) / span * usable }

        let curve = MonotoneCubic(xs: known.map(\.0), ys: known.map(\.1))
        var points: [RasterPoint] = []
        if let first = known.first?.0, let last = known.last?.0 {
            var pixel = x(first)
            while pixel <= x(last) + 0.001 {
                let hour = (pixel - Double(plot.x)) / (x(1) - x(0))
                if let value = curve.value(at: hour) { points.append(RasterPoint(pixel, y(value))) }
                pixel += 1
            }
        }
        // A white halo keeps the curve clear of the marks it crosses.
        canvas.polyline(points, lineWidth: curveWidth + 4, .white)
        canvas.polyline(points, lineWidth: curveWidth, .black)

        guard let maxPoint = known.first(where: { $0.1 == highest }),
            let minPoint = known.first(where: { $0.1 == lowest })
        else { return }
        let maxAt = RasterPoint(x(maxPoint.0), y(highest))
        let minAt = RasterPoint(x(minPoint.0), y(lowest))
        canvas.fillCircle(center: maxAt, radius: curveWidth + 1, .black)
        label(Degrees.text(highest), at: maxAt, above: true, plot: plot, on: &canvas)
        if minPoint.0 != maxPoint.0 {
            canvas.fillCircle(center: minAt, radius: curveWidth + 1, .black)
            label(Degrees.text(lowest), at: minAt, above: false, plot: plot, on: &canvas)
        }
    }

    /// Writes a value next to its point, kept inside the chart, on a white patch.
    private func label(_ text: String, at point: RasterPoint, above: Bool, plot: RasterRect, on canvas: inout Canvas) {
        let width = valueFont.width(of: text)
        let gap = Int(curveWidth) + 4
        var left = Int(pixel: point.x) - width / 2
        left = min(max(left, plot.x - 4), plot.maxX - width + 4)
        let baseline =
            above
            ? Int(pixel: point.y) - gap
            : Int(pixel: point.y) + gap + valueFont.capHeight
        let patch = RasterRect(
            x: left - 2, y: baseline - valueFont.capHeight - 2, width: width + 4, height: valueFont.capHeight + 4)
        canvas.fill(patch, .white)
        canvas.draw(text, font: valueFont, x: left, baseline: baseline)
    }

    private func drawNow(plot: RasterRect, x: Double, on canvas: inout Canvas) {
        let column = Int(pixel: x)
        let size = Double(max(4, labelFont.capHeight / 2 + 1))
        canvas.fill(RasterRect(x: column - 1, y: plot.y, width: 2, height: plot.height), .solid(accent))
        canvas.fill(
            polygon: [
                RasterPoint(Double(column) - size, Double(plot.y) - size),
                RasterPoint(Double(column) + size, Double(plot.y) - size),
                RasterPoint(Double(column), Double(plot.y) + 1),
            ], .solid(accent))
    }
}
