import Testing
import WeatherModel

@testable import Rendering

@Suite("Monotone cubic interpolation")
struct LayoutInterpolationTests {
    /// Deterministic pseudo-random temperatures with sharp turns, plateaus and steps.
    static func series(seed: UInt64, count: Int) -> [Double] {
        var state = seed
        var value = 10.0
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let step = Double(Int(state >> 59)) - 15  // -15…16
            if state >> 40 & 7 == 0 { return value }  // a plateau
            value += step / 2
            return value
        }
    }

    @Test("never leaves the range of the two points it joins", arguments: 1...40)
    func neverOvershoots(seed: Int) {
        let ys = Self.series(seed: UInt64(seed), count: 24)
        let curve = MonotoneCubic(xs: ys.indices.map(Double.init), ys: ys)
        for index in 0..<(ys.count - 1) {
            let low = min(ys[index], ys[index + 1])
            let high = max(ys[index], ys[index + 1])
            for step in 0...50 {
                let value = curve.value(at: Double(index) + Double(step) / 50)!
                #expect(value >= low - 1e-9 && value <= high + 1e-9, "segment \(index) at step \(step)")
            }
        }
    }

    @Test("the same data under Catmull-Rom does overshoot (so the test above can fail)")
    func catmullRomOvershoots() {
        let ys: [Double] = [0, 0, 10, 10, 2, 2]
        func catmullRom(_ t: Double, _ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double) -> Double {
            0.5
                * (2 * p1 + (-p0 + p2) * t + (2 * p0 - 5 * p1 + 4 * p2 - p3) * t * t + (-p0 + 3 * p1 - 3 * p2 + p3) * t
                    * t * t)
        }
        let overshoot = (0...20).map { catmullRom(Double($0) / 20, ys[1], ys[2], ys[3], ys[4]) }.max()!
        #expect(overshoot > 10)
        let curve = MonotoneCubic(xs: ys.indices.map(Double.init), ys: ys)
        #expect((0...20).map { curve.value(at: 2 + Double($0) / 20)! }.max()! <= 10)
    }

    @Test("passes through every point and is flat where the data is")
    func throughPoints() {
        let ys: [Double] = [3, 5, 5, 5, 1, -4, 2]
        let curve = MonotoneCubic(xs: ys.indices.map(Double.init), ys: ys)
        for (index, y) in ys.enumerated() { #expect(abs(curve.value(at: Double(index))! - y) < 1e-12) }
        #expect(abs(curve.value(at: 1.5)! - 5) < 1e-12)
        #expect(curve.value(at: -3) == 3 && curve.value(at: 99) == 2)
    }

    @Test("monotone data gives a monotone curve")
    func monotone() {
        let ys: [Double] = [-10, -9.9, -2, 7, 7.1, 30]
        let curve = MonotoneCubic(xs: ys.indices.map(Double.init), ys: ys)
        var previous = -Double.infinity
        for step in 0...500 {
            let value = curve.value(at: Double(step) / 100)!
            #expect(value >= previous - 1e-12)
            previous = value
        }
    }

    @Test("bad points are skipped, not trusted")
    func badPoints() {
        let curve = MonotoneCubic(xs: [0, 1, 1, 2, .nan, 3], ys: [1, .infinity, 5, 2, 7, 4])
        #expect(curve.xs == [0, 1, 2, 3])
        #expect(MonotoneCubic(xs: [], ys: []).value(at: 0) == nil)
        #expect(MonotoneCubic(xs: [5], ys: [7]).value(at: 0) == 7)
    }
}

@Suite("Layout text and panels")
struct LayoutTextTests {
    @Test(
        "temperatures are whole degrees with a real minus and never −0",
        arguments: [
            (7.4, "7°"), (7.5, "8°"), (-0.4, "0°"), (-0.5, "−1°"), (-12.6, "−13°"), (nil, "–"), (.nan, "–"),
            (.infinity, "–"), (1e300, "–"),
        ] as [(Double?, String)])
    func degrees(value: Double?, text: String) {
        #expect(Degrees.text(value) == text)
    }

    @Test("panel profiles by name, and sizes for anything else")
    func panels() {
        #expect(PanelProfile.named("waveshare-7in5-v2")?.width == 800)
        #expect(PanelProfile.named("WAVESHARE-7IN5B-V2")?.colors == .bwr)
        #expect(PanelProfile.named("waveshare-4in2").map { "\($0.width)x\($0.height)" } == "400x300")
        #expect(PanelProfile.named("waveshare-2in9").map { "\($0.width)x\($0.height)" } == "296x128")
        #expect(PanelProfile.named("waveshare-2in13-v4").map { "\($0.width)x\($0.height)" } == "250x122")
        #expect(PanelProfile.named("nope") == nil)
        #expect(PanelProfile.size("640x384").map { "\($0.width)x\($0.height)" } == "640x384")
        #expect(PanelProfile.size("1448×1072", colors: .gray4)?.colors == .gray4)
        for bad in ["", "800", "800x", "x480", "0x480", "800x-1", "99999x10", "8.5x10", "800x480x2"] {
            #expect(PanelProfile.size(bad) == nil, "\(bad)")
        }
    }
}

@Suite("Layouts")
struct LayoutTests {
    static let sizes = [(800, 480), (400, 300), (296, 128), (250, 122), (480, 800), (300, 400), (122, 250), (640, 384)]

    @Test("every sample renders on every size, the same way every time")
    func deterministic() {
        for (_, input) in LayoutSamples.all {
            for (width, height) in Self.sizes {
                let first = FrameRenderer.single(input, width: width, height: height)
                let second = FrameRenderer.single(input, width: width, height: height)
                #expect(first == second)
                #expect(first.width == width && first.height == height)
                #expect(first.count(of: .black) > width * height / 50, "\(width)×\(height) shows something")
            }
        }
    }

    @Test("a temperature from the user's station gets a small mark at every size")
    func stationMark() {
        for (width, height) in Self.sizes {
            let plain = FrameRenderer.single(LayoutSamples.dayRain, width: width, height: height)
            let marked = FrameRenderer.single(LayoutSamples.station, width: width, height: height)
            let added = marked.count(of: .black) - plain.count(of: .black)
            #expect(added > 0, "\(width)×\(height): no mark")
            #expect(added < width * height / 200, "\(width)×\(height): \(added) pixels is not a small mark")
        }
    }

    @Test("the big temperature, the alert and the stale badge are on the frame")
    func essentials() {
        let plain = FrameRenderer.single(LayoutSamples.dayRain, width: 800, height: 480)
        let alert = FrameRenderer.single(LayoutSamples.staleAlert, width: 800, height: 480)
        // The alert banner and stale badge are red; a fresh frame without alerts has no red
        // outside the now mark.
        #expect(alert.count(of: .red) > 800 * 30)
        #expect(plain.count(of: .red) < 800)
        var noTemperature = LayoutSamples.dayRain
        noTemperature.temperature = nil
        #expect(FrameRenderer.single(noTemperature, width: 800, height: 480) != plain)
    }

    @Test("a stale badge grows with the age of the data")
    func badgeGrows() {
        func badgeArea(_ staleness: FrameInput.Staleness) -> Int {
            var input = LayoutSamples.nightSnow
            input.staleness = staleness
            input.ageText = "3 h old"
            let plain = FrameRenderer.single(LayoutSamples.nightSnow, width: 800, height: 480)
            let canvas = FrameRenderer.single(input, width: 800, height: 480)
            return zip(plain.pixels, canvas.pixels).filter { $0 != $1 }.count
        }
        let old = badgeArea(.old)
        let stale = badgeArea(.stale)
        let veryStale = badgeArea(.veryStale)
        #expect(old > 0 && old < stale && stale < veryStale)
    }

    @Test("no input, however odd, breaks a layout")
    func oddInputs() {
        // The lists are built apart from the initializer: as one expression it exceeds Swift 6.2.3's
        // type-checker limit.
        let hours: [FrameInput.Hour] = (0..<60).map { (index: Int) -> FrameInput.Hour in
            let temperature: Double? = index % 3 == 0 ? nil : Double(index) * 1e6
            let probability: Double = Double(index) * 50 - 100
            let newDay: String? = index % 5 == 0 ? "Day" : nil
            return FrameInput.Hour(
                hour: index * 7, temperature: temperature, precipitationProbability: probability, newDay: newDay)
        }
        let days: [FrameInput.Day] = (0..<30).map { _ in
            FrameInput.Day(label: "", condition: nil, high: .nan, low: nil)
        }
        let alerts: [FrameInput.Alert] = (0..<200).map { index in
            FrameInput.Alert(title: "Alert \(index) " + String(repeating: "!", count: index), severity: .extreme)
        }
        var odd = FrameInput(
            locationName: String(repeating: "Llanfairpwllgwyngyll ", count: 20), observedAt: "",
            condition: .exceptional, temperature: .nan, feelsLike: .infinity, high: -1e308, low: 1e308,
            windSpeed: String(repeating: "9", count: 300), windBearing: .nan, humidity: "", sunrise: nil,
            hours: hours, nowFraction: .nan, days: days, alerts: alerts,
            staleness: .veryStale, ageText: String(repeating: "old ", count: 50))
        let sizes = Self.sizes + [(8, 8), (1000, 8), (8, 1000), (4096, 16)]
        for (width, height) in sizes {
            _ = FrameRenderer.single(odd, width: width, height: height)
            _ = FrameRenderer.single(FrameInput(locationName: ""), width: width, height: height)
        }
        odd.hours = [FrameInput.Hour(hour: 0, temperature: 5, precipitationProbability: nil)]
        _ = FrameRenderer.single(odd, width: 800, height: 480)
        let entries = (0..<40).map {
            OverviewInput.Entry(
                name: "Place \($0)", condition: Condition.allCases[$0 % Condition.allCases.count], isDay: $0 % 2 == 0,
                temperature: Double($0) - 20, high: nil, low: .nan, staleness: .stale, ageText: "")
        }
        for (width, height) in sizes {
            _ = FrameRenderer.overview(
                OverviewInput(entries: entries, observedAt: "12:00"), width: width, height: height)
            _ = FrameRenderer.overview(OverviewInput(entries: []), width: width, height: height)
        }
    }

    @Test("the hourly chart draws a midnight divider and a now mark")
    func chartMarks() {
        var canvas = Canvas(width: 480, height: 160)
        let hours = LayoutSamples.dayRain.hours
        HourlyChart(
            hours: hours, nowFraction: 0.5, labelFont: .sans(13), valueFont: .bold(16), curveWidth: 3, accent: .red
        ).draw(in: canvas.bounds, on: &canvas)
        let slot = 480.0 / Double(hours.count)
        let midnight = Int((Double(hours.firstIndex { $0.newDay != nil }!) * slot).rounded())
        // The divider is dashed: some of its pixels are black, not all.
        let column = (20..<120).filter { canvas[midnight, $0] == .black }.count
        #expect(column > 10 && column < 90)
        // The now mark is red, half an hour in.
        let now = Int((0.5 * slot).rounded())
        #expect((20..<120).filter { canvas[now, $0] == .red || canvas[now - 1, $0] == .red }.count > 80)
    }
}

@Suite("Watching: when a frame reaches the panel")
struct LayoutWatchTests {
    @Test("the first frame is written, an identical one never, a new one after the interval")
    func policy() {
        var watch = FrameWatch(minInterval: 180)
        #expect(watch.offer([1, 2, 3], at: 1000) == .write)
        #expect(watch.offer([1, 2, 3], at: 1001) == .identical)
        #expect(watch.offer([1, 2, 4], at: 1060) == .wait(until: 1180))
        #expect(watch.offer([1, 2, 5], at: 1179.9) == .wait(until: 1180))
        #expect(watch.offer([1, 2, 5], at: 1180) == .write)
        #expect(watch.offer([1, 2, 5], at: 5000) == .identical)
        #expect(watch.offer([1, 2, 3], at: 5000) == .write)
        #expect(watch.lastFrame == [1, 2, 3] && watch.lastWrite == 5000)
    }

    @Test("panel settings pick the canvas size and the bytes")
    func settings() {
        let panel = PanelProfile.named("waveshare-7in5b-v2")!
        let upright = PanelRender(panel: panel, format: .raw)
        #expect(upright.colors == .bwr)
        #expect(upright.canvasSize == (800, 480))
        #expect(upright.encode(LayoutSamples.dayRain).count == 96_000)
        let portrait = PanelRender(panel: panel, colors: .bw, rotation: .quarter, format: .raw)
        #expect(portrait.canvasSize == (480, 800))
        #expect(portrait.encode(LayoutSamples.dayRain).count == 48_000)
        #expect(portrait.encode(LayoutSamples.dayRain) == portrait.encode(LayoutSamples.dayRain))
        #expect(PanelRender(panel: panel, format: .pbm).encode(LayoutSamples.overview).count > 96_000)
    }
}

@Suite("Chart axis")
struct LayoutAxisTests {
    @Test("quarter-hourly entries get one label per labelled hour")
    func quarterHours() {
        let hours = (0..<96).map {
            FrameInput.Hour(hour: (12 + $0 / 4) % 24, temperature: Double($0 % 7), precipitationProbability: nil)
        }
        var quarters = Canvas(width: 800, height: 160)
        HourlyChart(
            hours: hours, nowFraction: 0, labelFont: .sans(13), valueFont: .bold(16), curveWidth: 3, accent: .red
        )
        .draw(in: quarters.bounds, on: &quarters)
        let hourly = (0..<24).map {
            FrameInput.Hour(hour: (12 + $0) % 24, temperature: Double($0 % 7), precipitationProbability: nil)
        }
        var whole = Canvas(width: 800, height: 160)
        HourlyChart(
            hours: hourly, nowFraction: 0, labelFont: .sans(13), valueFont: .bold(16), curveWidth: 3, accent: .red
        )
        .draw(in: whole.bounds, on: &whole)
        // The axis band (below the plot) looks the same either way.
        let band = 160 - Font.sans(13).lineHeight - 2
        for y in band..<160 {
            for x in 0..<800 { #expect(quarters[x, y] == whole[x, y]) }
        }
    }
}
