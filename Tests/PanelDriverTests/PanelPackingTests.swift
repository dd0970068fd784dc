import PanelDriver
import PanelFrames
import Rendering
import Testing

/// Packing a frame into a panel's bytes: bit order, polarity, the red plane, the turn of a
/// landscape picture into a portrait controller and the padding of rows, for every panel.
@Suite("Panel packing")
struct PanelPackingTests {
    /// A frame with one black pixel at (x, y) (and red ones where given).
    static func frame(_ width: Int, _ height: Int, black: [(Int, Int)], red: [(Int, Int)] = []) -> PanelFrame {
        var levels = [UInt8](repeating: 0, count: width * height)
        for (x, y) in black { levels[y * width + x] = 1 }
        for (x, y) in red { levels[y * width + x] = 2 }
        return PanelFrame(width: width, height: height, mode: red.isEmpty ? .bw : .bwr, levels: levels)
    }

    /// The planes each panel's display step writes, and how: (name, command, plane).
    static let planes: [(String, UInt8, PanelPlane)] = [
        ("waveshare-7in5-v2", 0x10, .notBlack), ("waveshare-7in5-v2", 0x13, .black),
        ("waveshare-7in5b-v2", 0x10, .notBlack), ("waveshare-7in5b-v2", 0x13, .red),
        ("waveshare-4in2-v1", 0x10, .fill(0xFF, count: 20000)), ("waveshare-4in2-v1", 0x13, .notBlack),
        ("waveshare-4in2-v2", 0x24, .notBlack), ("waveshare-4in2-v2", 0x26, .notBlack),
        ("waveshare-2in9-v2", 0x24, .notBlack), ("waveshare-2in13-v4", 0x24, .notBlack),
    ]

    @Test("each panel's display writes the planes its vendor driver writes")
    func displayPlanes() throws {
        for model in PanelCatalog.all {
            let written: [String] = model.display.compactMap { step in
                switch step {
                case .plane(let command, let plane): "\(command) \(plane)"
                case .rows(let ram, _, _, let plane): "\(ram) \(plane)"
                default: nil
                }
            }
            var expected = Self.planes.filter { $0.0 == model.name }.map { "\($0.1) \($0.2)" }
            if model.name == "waveshare-2in9-v1" { expected = ["36 notBlack"] }
            #expect(written == expected, "\(model.name)")
        }
    }

    @Test("bit order: the leftmost pixel is the most significant bit; 1 is black in .black, white in .notBlack")
    func bitOrder() throws {
        let frame = Self.frame(16, 2, black: [(0, 0), (9, 0), (15, 1)])
        #expect(PanelPacking.pack(frame, .black) == [0x80, 0x40, 0x00, 0x01])
        #expect(PanelPacking.pack(frame, .notBlack) == [0x7F, 0xBF, 0xFF, 0xFE])
        #expect(PanelPacking.pack(frame, .fill(0xFF, count: 3)) == [0xFF, 0xFF, 0xFF])
    }

    @Test("the red plane of a bwr panel: 1 where red; red is neither black nor in .black; white on a bw panel's plane")
    func redPlane() throws {
        let model = try PanelCatalog.named("waveshare-7in5b-v2")
        let frame = Self.frame(800, 480, black: [(0, 0)], red: [(1, 0), (799, 479)])
        let fitted = try #require(PanelPacking.oriented(frame, for: model))
        let red = PanelPacking.pack(fitted, .red)
        let notBlack = PanelPacking.pack(fitted, .notBlack)
        #expect(red.count == 48000 && red[0] == 0x40 && red[47999] == 0x01)
        #expect(red.dropFirst().dropLast().allSatisfy { $0 == 0 })
        #expect(notBlack[0] == 0x7F && notBlack[47999] == 0xFF)
        // On a black/white panel red is drawn black, as the renderer draws it.
        let bw = try #require(PanelPacking.oriented(frame, for: PanelCatalog.named("waveshare-7in5-v2")))
        #expect(PanelPacking.pack(bw, .black)[0] == 0xC0)
        #expect(PanelPacking.pack(bw, .red).allSatisfy { $0 == 0 })
    }

    @Test("rotation: a landscape picture goes into a portrait controller a quarter turn anticlockwise, as the vendor's")
    func rotation() throws {
        let model = try PanelCatalog.named("waveshare-2in9-v2")
        // Top-left of 296×128 is bottom-left of 128×296; top-right is top-left.
        let frame = Self.frame(296, 128, black: [(0, 0), (295, 0)])
        let fitted = try #require(PanelPacking.oriented(frame, for: model))
        #expect(fitted.width == 128 && fitted.height == 296)
        let plane = PanelPacking.pack(fitted, .black)
        #expect(plane[295 * 16] == 0x80)
        #expect(plane[0] == 0x80)
        #expect(plane.enumerated().filter { $0.element != 0 }.count == 2)
        // A picture of the panel's own size is not turned; any other size is refused.
        #expect(PanelPacking.oriented(Self.frame(128, 296, black: []), for: model)?.width == 128)
        #expect(PanelPacking.oriented(Self.frame(296, 127, black: []), for: model) == nil)
    }

    @Test("row padding: 122-pixel rows are 16 bytes whose 6 pad bits are 0 whatever the polarity (2.13\" V4)")
    func rowPadding() throws {
        let model = try PanelCatalog.named("waveshare-2in13-v4")
        let frame = Self.frame(250, 122, black: [(0, 0)])
        let fitted = try #require(PanelPacking.oriented(frame, for: model))
        let plane = PanelPacking.pack(fitted, .notBlack)
        #expect(plane.count == 16 * 250)
        // Every row ends in x = 120, 121 white (1) and six pad bits 0.
        #expect((0..<250).allSatisfy { plane[$0 * 16 + 15] == 0xC0 })
        // The black pixel: top-left of the landscape picture, bottom-left of the controller's memory.
        #expect(plane[249 * 16] == 0x7F)
        #expect(PanelPacking.pack(fitted, .black)[249 * 16 + 15] == 0x00)
    }

    @Test("every panel: its planes have its memory's size and the vendor's polarity for a blank frame")
    func everyPanel() throws {
        for model in PanelCatalog.all {
            let blank = PanelFrame(
                width: model.width, height: model.height, mode: model.colors,
                levels: [UInt8](repeating: 0, count: model.width * model.height))
            let white = PanelPacking.pack(blank, .notBlack)
            #expect(white.count == model.rowBytes * model.height, "\(model.name)")
            let pad = UInt8(truncatingIfNeeded: 0xFF << (model.rowBytes * 8 - model.width))
            #expect(
                white.enumerated().allSatisfy { $0.element == (($0.offset + 1) % model.rowBytes == 0 ? pad : 0xFF) })
            #expect(PanelPacking.pack(blank, .black).allSatisfy { $0 == 0 }, "\(model.name)")
        }
    }
}
