import PanelFrames
import Testing

@testable import Rendering

@Suite("Raster primitives")
struct RasterTests {
    @Test("a filled rectangle inks exactly its pixels, clipped to the canvas")
    func fillRectangle() {
        var canvas = Canvas(width: 20, height: 10)
        canvas.fill(RasterRect(x: 2, y: 3, width: 5, height: 4), .black)
        #expect(canvas.count(of: .black) == 20)
        #expect(canvas[2, 3] == .black && canvas[6, 6] == .black)
        #expect(canvas[7, 6] == .white && canvas[2, 7] == .white)
        canvas.fill(RasterRect(x: -5, y: -5, width: 100, height: 100), .red)
        #expect(canvas.count(of: .red) == 200)
    }

    @Test("a stroked rectangle is a frame of the given width")
    func strokeRectangle() {
        var canvas = Canvas(width: 20, height: 20)
        canvas.stroke(RasterRect(x: 0, y: 0, width: 10, height: 10), lineWidth: 2, .black)
        #expect(canvas.count(of: .black) == 100 - 36)
        #expect(canvas[5, 5] == .white && canvas[1, 5] == .black && canvas[8, 9] == .black)
    }

    @Test("a polygon fills the pixels whose centres are inside it")
    func polygonFill() {
        var canvas = Canvas(width: 20, height: 20)
        canvas.fill(polygon: [RasterPoint(2, 2), RasterPoint(12, 2), RasterPoint(12, 12), RasterPoint(2, 12)], .black)
        #expect(canvas.count(of: .black) == 100)
        var triangle = Canvas(width: 40, height: 40)
        triangle.fill(polygon: [RasterPoint(0, 0), RasterPoint(40, 0), RasterPoint(0, 40)], .black)
        #expect(abs(triangle.count(of: .black) - 800) <= 40)
        #expect(triangle[0, 0] == .black && triangle[39, 39] == .white)
    }

    @Test("an outline drawn the other way round cuts a hole (non-zero winding)")
    func polygonHole() {
        var canvas = Canvas(width: 20, height: 20)
        let outer = [RasterPoint(0, 0), RasterPoint(20, 0), RasterPoint(20, 20), RasterPoint(0, 20)]
        let hole = [RasterPoint(5, 5), RasterPoint(5, 15), RasterPoint(15, 15), RasterPoint(15, 5)]
        canvas.fill(contours: [outer, hole], .black)
        #expect(canvas.count(of: .black) == 400 - 100)
        #expect(canvas[10, 10] == .white && canvas[2, 10] == .black)
    }

    @Test("a disc has about πr² pixels and is symmetric")
    func disc() {
        var canvas = Canvas(width: 64, height: 64)
        canvas.fillCircle(center: RasterPoint(32, 32), radius: 20, .black)
        let count = canvas.count(of: .black)
        #expect(abs(Double(count) - Double.pi * 400) < 30)
        for y in 0..<64 {
            for x in 0..<64 {
                #expect(canvas[x, y] == canvas[63 - x, y])
                #expect(canvas[x, y] == canvas[x, 63 - y])
            }
        }
    }

    @Test("a ring and a half arc")
    func ringAndArc() {
        var ring = Canvas(width: 64, height: 64)
        ring.strokeCircle(center: RasterPoint(32, 32), radius: 20, lineWidth: 4, .black)
        let expected = Double.pi * (22 * 22 - 18 * 18)
        #expect(abs(Double(ring.count(of: .black)) - expected) < 30)
        #expect(ring[32, 32] == .white && ring[32, 12] == .black)
        var arc = Canvas(width: 64, height: 64)
        arc.strokeArc(center: RasterPoint(32, 32), radius: 20, from: 0, to: 180, lineWidth: 4, .black, roundCaps: false)
        // The right half only.
        #expect(arc[52, 32] == .black && arc[11, 32] == .white)
        #expect(abs(Double(arc.count(of: .black)) - expected / 2) < 30)
    }

    @Test("a thick line has the given width; a hairline has no gaps")
    func lines() {
        var canvas = Canvas(width: 40, height: 20)
        canvas.line(from: RasterPoint(5, 10), to: RasterPoint(35, 10), lineWidth: 4, .black, cap: .butt)
        #expect(canvas.count(of: .black) == 30 * 4)
        var hair = Canvas(width: 40, height: 40)
        hair.line(from: RasterPoint(0, 0), to: RasterPoint(39, 20), .black)
        #expect(hair.count(of: .black) == 40)
        for x in 0..<40 {
            #expect((0..<40).contains { hair[x, $0] == .black })
        }
    }

    @Test("a stipple is anchored to the canvas and leaves the rest alone")
    func stipple() {
        var canvas = Canvas(width: 16, height: 16)
        canvas.fill(RasterRect(x: 0, y: 0, width: 16, height: 16), .solid(.red))
        canvas.fill(RasterRect(x: 0, y: 0, width: 8, height: 8), .stipple(.checker, .black))
        canvas.fill(RasterRect(x: 8, y: 0, width: 8, height: 8), .stipple(.checker, .black))
        #expect(canvas.count(of: .black) == 64)
        #expect(canvas.count(of: .red) == 256 - 64)
        // Continuous across the seam at x = 8.
        #expect(canvas[7, 0] != canvas[8, 0])
        var sparse = Canvas(width: 8, height: 8)
        sparse.fill(sparse.bounds, .stipple(.sparse, .black))
        #expect(sparse.count(of: .black) == 4)
    }

    @Test("drawing is limited to the clip rectangle")
    func clipping() {
        var canvas = Canvas(width: 20, height: 20)
        canvas.clipped(to: RasterRect(x: 5, y: 5, width: 5, height: 5)) { inner in
            inner.fillCircle(center: RasterPoint(10, 10), radius: 30, .black)
        }
        #expect(canvas.count(of: .black) == 25)
        canvas.fillCircle(center: RasterPoint(-100, -100), radius: 3, .black)
        canvas.line(from: RasterPoint(-50, -50), to: RasterPoint(-10, 300), lineWidth: 3, .black)
        #expect(canvas.count(of: .black) == 25)
    }

    @Test("a rounded rectangle keeps its corners white")
    func roundedRectangle() {
        var canvas = Canvas(width: 30, height: 20)
        canvas.fillRounded(canvas.bounds, radius: 6, .black)
        #expect(canvas[0, 0] == .white && canvas[29, 19] == .white && canvas[15, 0] == .black)
        var outline = Canvas(width: 30, height: 20)
        outline.strokeRounded(outline.bounds, radius: 6, lineWidth: 2, .black)
        #expect(outline[15, 10] == .white && outline[15, 0] == .black && outline[0, 10] == .black)
    }
}

@Suite("Frames: quantising and rotation")
struct PanelFrameTests {
    private func marked() -> Canvas {
        var canvas = Canvas(width: 4, height: 2)
        canvas.plot(0, 0, .black)
        canvas.plot(3, 1, .red)
        return canvas
    }

    @Test("red is black on a bw panel and red on a bwr panel")
    func quantise() {
        let bw = PanelFrame(marked(), mode: .bw)
        #expect(bw.levels == [1, 0, 0, 0, 0, 0, 0, 1])
        let bwr = PanelFrame(marked(), mode: .bwr)
        #expect(bwr.levels == [1, 0, 0, 0, 0, 0, 0, 2])
        #expect(bwr.blackPlane == [0x80, 0x00])
        #expect(bwr.redPlane == [0x00, 0x10])
        let gray = PanelFrame(marked(), mode: .gray4)
        #expect(gray.levels == [3, 0, 0, 0, 0, 0, 0, 2])
    }

    @Test("grays become a stipple on two-colour panels")
    func grays() {
        var canvas = Canvas(width: 8, height: 8)
        canvas.fill(canvas.bounds, .solid(.lightGray))
        #expect(PanelFrame(canvas, mode: .bw).count(of: 1) == 16)
        #expect(PanelFrame(canvas, mode: .gray4).count(of: 1) == 64)
    }

    @Test(
        "rotation turns the frame clockwise",
        arguments: [
            (Rotation.none, 4, 2, [1, 0, 0, 0, 0, 0, 0, 2] as [UInt8]),
            (Rotation.quarter, 2, 4, [0, 1, 0, 0, 0, 0, 2, 0]),
            (Rotation.half, 4, 2, [2, 0, 0, 0, 0, 0, 0, 1]),
            (Rotation.threeQuarters, 2, 4, [0, 2, 0, 0, 0, 0, 1, 0]),
        ])
    func rotation(rotation: Rotation, width: Int, height: Int, levels: [UInt8]) {
        let frame = PanelFrame(marked(), mode: .bwr, rotation: rotation)
        #expect(frame.width == width && frame.height == height)
        #expect(frame.levels == levels)
    }

    @Test("four quarter turns give the frame back")
    func fullTurn() {
        let frame = PanelFrame(marked(), mode: .bwr)
        let turned = frame.rotated(.quarter).rotated(.quarter).rotated(.quarter).rotated(.quarter)
        #expect(turned == frame)
        #expect(frame.rotated(.quarter).rotated(.threeQuarters) == frame)
    }

    @Test("a portrait panel is drawn on a turned canvas")
    func canvasSize() {
        #expect(Rotation.quarter.canvasSize(panelWidth: 800, panelHeight: 480) == (480, 800))
        #expect(Rotation.half.canvasSize(panelWidth: 800, panelHeight: 480) == (800, 480))
        #expect(Rotation(degrees: -90) == .threeQuarters)
        #expect(Rotation(degrees: 45) == nil)
    }
}
