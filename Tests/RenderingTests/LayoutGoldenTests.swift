import Foundation
import PanelFrames
import Testing

@testable import Rendering

/// Golden frames: the raw bytes of each sample frame are hashed into
/// `Golden/frames/frames.txt`, and the frame is kept as a PNG next to it so a change can be
/// looked at. `UPDATE_GOLDEN=1` rewrites both (look at the PNGs before committing them).
@Suite("Golden frames")
struct LayoutGoldenTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Golden/frames")

    static let cases: [(name: String, width: Int, height: Int, mode: ColorMode, rotation: Rotation)] = [
        ("day-rain", 800, 480, .bw, .none), ("day-rain", 800, 480, .bwr, .none), ("night-snow", 800, 480, .bw, .none),
        ("stale-alert", 800, 480, .bwr, .none), ("clear-night", 400, 300, .bw, .none),
        ("night-snow", 400, 300, .gray4, .none), ("day-rain", 250, 122, .bw, .none),
        ("stale-alert", 296, 128, .bw, .none), ("very-stale", 480, 800, .bw, .quarter), ("old", 122, 250, .bw, .none),
        ("overview", 800, 480, .bwr, .none), ("overview", 250, 122, .bw, .none),
        ("nowcast", 800, 480, .bwr, .none), ("nowcast", 400, 300, .bw, .none), ("nowcast", 250, 122, .bw, .none),
        ("nowcast", 480, 800, .bw, .quarter),
        // The warning banner at every panel size: red on black/white/red, reversed black elsewhere.
        ("stale-alert", 800, 480, .bw, .none), ("stale-alert", 400, 300, .bwr, .none),
        ("stale-alert", 400, 300, .bw, .none), ("stale-alert", 250, 122, .bwr, .none),
        ("stale-alert", 480, 800, .bwr, .quarter), ("stale-alert", 300, 400, .bw, .none),
        ("stale-alert", 122, 250, .bw, .none),
        // The station's mark beside the big temperature, where it fits, at every panel size.
        ("station", 800, 480, .bw, .none), ("station", 400, 300, .bw, .none), ("station", 296, 128, .bw, .none),
        ("station", 250, 122, .bw, .none), ("station", 480, 800, .bw, .quarter), ("station", 300, 400, .bw, .none),
        ("station", 122, 250, .bw, .none),
        // Larger panels and deeper grays: a tablet-sized screen, a Kindle (portrait, 8-bit),
        // the Inkplate 10, TRMNL X (4-bit) and the 7.5" panel in 16 grays.
        ("day-rain", 1024, 758, .gray256, .none), ("day-rain", 1072, 1448, .gray256, .none),
        ("stale-alert", 1200, 825, .bw, .none), ("nowcast", 1872, 1404, .gray16, .none),
        ("night-snow", 800, 480, .gray16, .none), ("overview", 1872, 1404, .gray16, .none),
        ("overview", 1024, 758, .gray256, .none), ("station", 1448, 1072, .gray256, .threeQuarters),
        ("overview", 1072, 1448, .gray256, .none),
    ]

    static func frame(_ name: String, _ width: Int, _ height: Int, _ mode: ColorMode, _ rotation: Rotation)
        -> PanelFrame
    {
        let size = rotation.canvasSize(panelWidth: width, panelHeight: height)
        let canvas =
            name == "overview"
            ? FrameRenderer.overview(
                LayoutSamples.overview, width: size.width, height: size.height, smooth: mode.isSmooth)
            : FrameRenderer.single(
                LayoutSamples.all.first { $0.0 == name }!.1, width: size.width, height: size.height,
                smooth: mode.isSmooth)
        return PanelFrame(canvas, mode: mode, rotation: rotation)
    }

    static func key(_ name: String, _ width: Int, _ height: Int, _ mode: ColorMode, _ rotation: Rotation) -> String {
        "\(name)-\(width)x\(height)-\(mode.rawValue)" + (rotation == .none ? "" : "-r\(rotation.rawValue)")
    }

    /// FNV-1a, 64 bit: enough to notice any changed pixel.
    static func hash(_ bytes: [UInt8]) -> String {
        var value: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { value = (value ^ UInt64(byte)) &* 0x100_0000_01B3 }
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    @Test("raw frames match the golden hashes")
    func golden() throws {
        var lines: [String] = []
        var actualPNGs: [(String, [UInt8])] = []
        for item in Self.cases {
            let frame = Self.frame(item.name, item.width, item.height, item.mode, item.rotation)
            let key = Self.key(item.name, item.width, item.height, item.mode, item.rotation)
            let raw = RawEncoder.encode(frame)
            lines.append("\(key) \(raw.count) \(Self.hash(raw))")
            actualPNGs.append((key, PNGEncoder.encode(frame)))
        }
        let listing = lines.joined(separator: "\n") + "\n"
        let list = Self.folder.appendingPathComponent("frames.txt")
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
            try listing.write(to: list, atomically: true, encoding: .utf8)
            for (key, png) in actualPNGs {
                try Data(png).write(to: Self.folder.appendingPathComponent(key + ".png"))
            }
            return
        }
        let expected = try String(contentsOf: list, encoding: .utf8)
        let expectedLines = expected.split(separator: "\n").map(String.init)
        for (index, line) in lines.enumerated() {
            let want = index < expectedLines.count ? expectedLines[index] : "<missing>"
            if line != want {
                let key = actualPNGs[index].0
                let path = NSTemporaryDirectory() + key + ".actual.png"
                try Data(actualPNGs[index].1).write(to: URL(fileURLWithPath: path))
                Issue.record(
                    "\(key) changed: expected \(want), got \(line); compare \(path) with Golden/frames/\(key).png")
            }
        }
        #expect(expectedLines.count == lines.count)
    }

    @Test("an 800×480 bw frame is 48,000 raw bytes, rotated or not")
    func rawSize() {
        #expect(RawEncoder.encode(Self.frame("day-rain", 800, 480, .bw, .none)).count == 48_000)
        let turned = Self.frame("day-rain", 800, 480, .bw, .quarter)
        #expect(turned.width == 800 && turned.height == 480)
        #expect(RawEncoder.encode(turned).count == 48_000)
    }

    @Test("an 800×480 bw BMP is exactly 48,062 bytes, the size TRMNL's firmware takes")
    func trmnlBMPSize() {
        #expect(BMPEncoder.encode(Self.frame("day-rain", 800, 480, .bw, .none)).count == 48_062)
    }

    @Test("rotation at output is the upright frame turned")
    func rotationAtOutput() {
        let canvas = FrameRenderer.single(LayoutSamples.dayRain, width: 480, height: 800)
        let upright = PanelFrame(canvas, mode: .bw)
        #expect(PanelFrame(canvas, mode: .bw, rotation: .quarter) == upright.rotated(.quarter))
        #expect(PanelFrame(canvas, mode: .bw, rotation: .half).levels == upright.levels.reversed())
    }
}
