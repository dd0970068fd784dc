import PanelDriver
import PanelFrames
import Rendering
import Testing

@Suite("Pictures for panel show")
struct PanelImageTests {
    static let frame: PanelFrame = {
        var levels = [UInt8](repeating: 0, count: 37 * 5)
        for index in stride(from: 0, to: levels.count, by: 3) { levels[index] = 1 }
        levels[36] = 2
        return PanelFrame(width: 37, height: 5, mode: .bwr, levels: levels)
    }()

    @Test("render's own PNG and PBM come back as the same frame (bw and bwr)", arguments: [ColorMode.bw, .bwr])
    func roundTrip(_ mode: ColorMode) throws {
        let levels = Self.frame.levels.map { mode == .bw && $0 == 2 ? 1 : $0 }
        let frame = PanelFrame(width: 37, height: 5, mode: mode, levels: levels)
        #expect(try PanelImage.decode(PNGEncoder.encode(frame)).frame(colors: mode) == frame)
        #expect(try PanelImage.decode(NetpbmEncoder.encode(frame)).frame(colors: mode) == frame)
    }

    @Test("RGBA PNG: luma as PIL computes it for dithering, clear red is red on a bwr panel")
    func colourPNG() throws {
        // A 3×1 RGBA picture, (60,60,60) (200,200,200) (220,20,20), written with filter 1 (Sub).
        let rows: [UInt8] = [1, 60, 60, 60, 255, 140, 140, 140, 0, 20, 76, 76, 0]
        let png = PNGSketch.make(width: 3, height: 1, colorType: 6, rows: rows)
        let picture = try PanelImage.decode(png)
        #expect(picture.pixels == .gray([60, 200, 79]))
        #expect(picture.frame(colors: .bwr).levels == [1, 0, 2])
    }

    @Test(
        "broken pictures are refused with what is wrong",
        arguments: [
            ("P4\n800 480\n\u{0}", "ends before"),
            ("P4\nx", "P4 WIDTH HEIGHT"),
            ("GIF89a", "neither a PNG nor"),
        ])
    func broken(_ text: String, _ expected: String) {
        #expect {
            try PanelImage.decode(Array(text.utf8))
        } throws: { error in
            (error as? PanelImageError)?.message.contains(expected) == true
        }
    }

    @Test("a PNG whose data does not inflate is refused")
    func badPNG() {
        let png = PNGSketch.make(width: 3, height: 1, colorType: 6, rows: [0, 1, 2], compress: false)
        #expect(throws: PanelImageError.self) { try PanelImage.decode(png) }
    }
}
