import Testing
import WeatherModel

@testable import Rendering

@Suite("Weather icons")
struct RasterIconTests {
    @Test("every condition draws inside its box at every size", arguments: Condition.allCases)
    func drawsInside(condition: Condition) {
        for size in [16, 24, 48, 100, 160] {
            for isDay in [true, false] {
                var canvas = Canvas(width: size + 40, height: size + 40)
                let box = RasterRect(x: 20, y: 20, width: size, height: size)
                WeatherIcon.draw(condition, isDay: isDay, in: box, on: &canvas)
                let inked = canvas.bounds.width * canvas.bounds.height - canvas.count(of: .white)
                #expect(inked > size * size / 30, "\(condition) \(size) px shows something")
                // Nothing beyond a small margin (strokes may overhang by the icon's margin).
                let margin = size / 10 + 2
                for y in 0..<canvas.height {
                    for x in 0..<canvas.width where canvas[x, y] != .white {
                        #expect(
                            x >= 20 - margin && x < 20 + size + margin && y >= 20 - margin && y < 20 + size + margin)
                    }
                }
            }
        }
    }

    @Test("where the sky shows, day and night differ; under a cloud deck they do not")
    func dayAndNight() {
        func picture(_ condition: Condition, _ isDay: Bool) -> Canvas {
            var canvas = Canvas(width: 64, height: 64)
            WeatherIcon.draw(condition, isDay: isDay, in: canvas.bounds, on: &canvas)
            return canvas
        }
        for condition in [Condition.sunny, .clearNight, .partlyCloudy, .fog] {
            #expect(picture(condition, true) != picture(condition, false), "\(condition)")
        }
        #expect(picture(.sunny, true) == picture(.clearNight, true))
        #expect(picture(.rainy, true) == picture(.rainy, false))
    }

    @Test("lightning and warnings use the accent ink")
    func accent() {
        var canvas = Canvas(width: 64, height: 64)
        WeatherIcon.draw(.lightning, isDay: true, in: canvas.bounds, on: &canvas)
        #expect(canvas.count(of: .red) > 50)
        var black = Canvas(width: 64, height: 64)
        WeatherIcon.draw(.exceptional, isDay: true, in: black.bounds, on: &black, accent: .black)
        #expect(black.count(of: .red) == 0 && black.count(of: .black) > 500)
    }
}
