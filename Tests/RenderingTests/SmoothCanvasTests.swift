import FontEngine
import PanelFrames
import Testing
import WeatherModel

@testable import Rendering

/// Anti-aliasing on a smooth canvas (the frames for 16 and 256 grays): edges blend, the
/// shapes keep their places, and a crisp canvas is untouched.
@Suite("Smooth canvas")
struct SmoothCanvasTests {
    /// The levels of `canvas` at 256 grays that are none of the four inks' (0, 85, 170, 255).
    static func inBetween(_ canvas: Canvas) -> Int {
        PanelFrame(canvas, mode: .gray256).levels.filter { ![0, 85, 170, 255].contains($0) }.count
    }

    static func drawn(smooth: Bool, _ draw: @escaping (inout Canvas) -> Void) -> Canvas {
        var canvas = Canvas(width: 160, height: 90, smooth: smooth)
        draw(&canvas)
        return canvas
    }

    @Test("text: the smooth glyphs' half-covered pixels are the crisp glyphs' pixels, nearly all")
    func text() {
        let draw = { (canvas: inout Canvas) in
            _ = canvas.draw("Ag 7°", font: .bold(64), x: 4, baseline: 70)
        }
        let crisp = Self.drawn(smooth: false, draw)
        let smooth = Self.drawn(smooth: true, draw)
        #expect(Self.inBetween(crisp) == 0)
        #expect(Self.inBetween(smooth) > 100)
        let crispBlack = PanelFrame(crisp, mode: .gray256).levels.map { $0 >= 128 }
        let smoothBlack = PanelFrame(smooth, mode: .gray256).levels.map { $0 >= 128 }
        let inked = crispBlack.filter { $0 }.count
        let differing = zip(crispBlack, smoothBlack).filter { $0 != $1 }.count
        #expect(inked > 1_000)
        #expect(differing * 10 < inked, "\(differing) of \(inked) pixels moved")
    }

    @Test("a smooth glyph has the crisp glyph's advance and full coverage inside")
    func glyphs() {
        let engine = TextEngine()
        let crisp = engine.line("Hx", bold: true, size: 88)
        let smooth = engine.line("Hx", bold: true, size: 88, smooth: true)
        #expect(crisp.width == smooth.width)
        #expect(crisp.glyphs.map(\.x) == smooth.glyphs.map(\.x))
        guard case .glyph(let h) = smooth.glyphs[0].shape else {
            Issue.record("no glyph for H")
            return
        }
        #expect(h.isSmooth)
        // The middle of H's left stem is fully covered, the middle of the H between stems empty.
        #expect(h.coverage(h.width / 8, h.height / 4) == 255)
        #expect(h.coverage(h.width / 2, h.height / 4) == 0)
    }

    @Test("discs, icons and polygons blend their edges only on a smooth canvas")
    func shapes() {
        let draw = { (canvas: inout Canvas) in
            canvas.fillCircle(center: RasterPoint(30.3, 40.6), radius: 20.2, .black)
            canvas.fill(polygon: [RasterPoint(60, 10), RasterPoint(150, 30), RasterPoint(90, 80)], .black)
            WeatherIcon.draw(.lightning, isDay: true, in: RasterRect(x: 100, y: 40, width: 48, height: 48), on: &canvas)
        }
        #expect(Self.inBetween(Self.drawn(smooth: false, draw)) == 0)
        #expect(Self.inBetween(Self.drawn(smooth: true, draw)) > 150)
    }

    @Test("blending: half black over white is middle gray; full coverage is the ink; none leaves it")
    func blend() {
        var canvas = Canvas(width: 4, height: 1, smooth: true)
        canvas.blend(0, 0, .black, coverage: 128)
        canvas.blend(1, 0, .black, coverage: 255)
        canvas.blend(2, 0, .black, coverage: 0)
        canvas.fill(RasterRect(x: 3, y: 0, width: 1, height: 1), .black)
        canvas.blend(3, 0, .white, coverage: 64)
        let levels = PanelFrame(canvas, mode: .gray256).levels
        #expect(abs(Int(levels[0]) - 128) <= 1)
        #expect(levels[1] == 255 && levels[2] == 0)
        #expect(abs(Int(levels[3]) - 191) <= 2)
        #expect(canvas[0, 0] == .darkGray || canvas[0, 0] == .lightGray)
        #expect(PanelFrame(canvas, mode: .gray16).levels[0] == 8)
    }

    @Test("a stipple is a flat tint on a smooth canvas, dots on a crisp one")
    func stipple() {
        let draw = { (canvas: inout Canvas) in
            canvas.fill(RasterRect(x: 0, y: 0, width: 32, height: 32), .stipple(.checker, .black))
        }
        let smooth = PanelFrame(Self.drawn(smooth: true, draw), mode: .gray256)
        let crisp = PanelFrame(Self.drawn(smooth: false, draw), mode: .gray256)
        #expect(Set(smooth.levels.prefix(32)) == [128])
        #expect(Set(crisp.levels.prefix(32)) == [0, 255])
    }
}
