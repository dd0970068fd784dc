import WeatherModel

/// The picture for each of Home Assistant's conditions (SPEC §4), drawn from shapes at any
/// size. Where the sky shows (clear, partly cloudy, fog) the icon has a sun by day and a moon
/// by night; under a closed cloud deck (rain, snow, storms) day and night look the same.
public enum WeatherIcon {
    /// Draws the icon for `condition` in the largest square that fits in `box`. `accent` is
    /// the ink for lightning and warnings (red; a black/white panel shows it black).
    public static func draw(
        _ condition: Condition, isDay: Bool, in box: RasterRect, on canvas: inout Canvas, accent: Ink = .red
    ) {
        let frame = IconFrame(box)
        canvas.clipped(to: frame.bounds) { canvas in
            draw(condition, isDay: isDay, frame: frame, canvas: &canvas, accent: .solid(accent))
        }
    }

    private static func draw(
        _ condition: Condition, isDay: Bool, frame f: IconFrame, canvas c: inout Canvas, accent: Paint
    ) {
        // The cloud of a precipitation icon sits in the upper part, leaving room below.
        let upperCloud = f.sub(0.0, -0.1, 1.0)
        let dropHeight = f.length(0.19)
        let flakeLine = max(1, (f.stroke * 0.55).rounded())
        switch condition {
        case .sunny, .clearNight:
            c.sky(f, isDay: condition == .sunny ? isDay : isDay, stars: true)
        case .partlyCloudy:
            c.sky(f.sub(0.0, 0.0, 0.66), isDay: isDay)
            c.cloud(f.sub(0.14, 0.2, 0.86), style: .outline)
        case .cloudy:
            c.cloud(f.sub(0.22, -0.08, 0.78), style: .shaded)
            c.cloud(f.sub(0.0, 0.16, 0.86), style: .outline)
        case .fog:
            c.sky(f.sub(0.17, -0.04, 0.66), isDay: isDay)
            // The lower half of the sun or moon is hidden in the fog.
            let bounds = f.bounds
            let horizon = Int(pixel: f.point(0, 0.5).y)
            c.fill(RasterRect(x: bounds.x, y: horizon, width: bounds.width, height: bounds.maxY - horizon), .white)
            c.fogLine(f, y: 0.52, from: 0.1, to: 0.9)
            c.fogLine(f, y: 0.67, from: 0.2, to: 0.8)
            c.fogLine(f, y: 0.82, from: 0.06, to: 0.7)
            c.fogLine(f, y: 0.97, from: 0.3, to: 0.94)
        case .rainy:
            c.cloud(upperCloud, style: .outline)
            for (x, y) in [(0.3, 0.76), (0.52, 0.8), (0.74, 0.76)] {
                c.drop(top: f.point(x, y), height: dropHeight)
            }
        case .pouring:
            c.cloud(upperCloud, style: .dark)
            for (index, x) in [0.22, 0.4, 0.58, 0.76].enumerated() {
                let y = index % 2 == 0 ? 0.76 : 0.82
                c.line(
                    from: f.point(x + 0.06, y), to: f.point(x - 0.04, y + 0.2), lineWidth: f.stroke * 1.3, .black)
            }
        case .snowy:
            c.cloud(upperCloud, style: .outline)
            for (x, y) in [(0.24, 0.85), (0.5, 0.88), (0.76, 0.85)] {
                c.snowflake(center: f.point(x, y), radius: f.length(0.1), lineWidth: flakeLine)
            }
        case .snowyRainy:
            c.cloud(upperCloud, style: .outline)
            c.drop(top: f.point(0.28, 0.78), height: dropHeight)
            c.snowflake(center: f.point(0.5, 0.87), radius: f.length(0.1), lineWidth: flakeLine)
            c.drop(top: f.point(0.72, 0.78), height: dropHeight)
        case .hail:
            c.cloud(upperCloud, style: .outline)
            let radius = f.length(0.055)
            for (x, y) in [(0.26, 0.8), (0.46, 0.85), (0.66, 0.8), (0.36, 0.93), (0.76, 0.9), (0.56, 0.96)] {
                c.hailstone(center: f.point(x, y - 0.02), radius: radius)
            }
        case .lightning:
            c.cloud(upperCloud, style: .dark)
            c.bolt(f.sub(0.3, 0.56, 0.44), paint: accent)
        case .lightningRainy:
            c.cloud(upperCloud, style: .outline)
            c.bolt(f.sub(0.3, 0.56, 0.44), paint: accent)
            c.drop(top: f.point(0.2, 0.76), height: dropHeight)
            c.drop(top: f.point(0.78, 0.76), height: dropHeight)
        case .windy:
            c.gust(f, y: 0.3, from: 0.06, to: 0.7, curl: 0.12, up: true)
            c.gust(f, y: 0.52, from: 0.06, to: 0.84, curl: 0.1, up: false)
            c.gust(f, y: 0.74, from: 0.16, to: 0.58, curl: 0.08, up: false)
        case .windyVariant:
            c.cloud(f.sub(0.18, -0.12, 0.8), style: .outline)
            c.gust(f, y: 0.66, from: 0.04, to: 0.74, curl: 0.1, up: true)
            c.gust(f, y: 0.84, from: 0.1, to: 0.82, curl: 0.08, up: false)
        case .exceptional:
            c.warning(f, paint: accent)
        }
    }
}
