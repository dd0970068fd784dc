import FontEngine
import Foundation
import PanelFrames
import Testing

@testable import Rendering

/// Place names in six scripts on three panels, pinned like ``LayoutGoldenTests``: hashes of the
/// raw frames in `Golden/scripts/frames.txt`, PNGs beside them to look at, `UPDATE_GOLDEN=1`
/// rewrites both.
///
/// The pixels depend on the installed fonts: Debian's fonts-dejavu-core (Latin, Greek,
/// Cyrillic), fonts-noto-cjk (Noto Sans CJK JP) and fonts-noto-core (Noto Sans Hebrew, Noto
/// Sans Arabic), as `.ci/run` and `deploy/dev/install-deps.sh` install them. Without them the
/// test is skipped, saying which are missing.
@Suite("Golden frames in every script")
struct ScriptGoldenTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Golden/scripts")

    static let names: [(script: String, name: String)] = [
        ("latin", "São Paulo"), ("cyrillic", "Москва"), ("greek", "Αθήνα"), ("cjk", "東京"),
        ("hebrew", "תל אביב"), ("arabic", "القاهرة"),
    ]
    static let panels = [(800, 480), (400, 300), (250, 122)]

    /// The font file each script must come from for these goldens, by a character of it.
    static let expectedFonts: [(Unicode.Scalar, String, String)] = [
        ("a", "DejaVuSans.ttf", "fonts-dejavu-core"), ("Ж", "DejaVuSans.ttf", "fonts-dejavu-core"),
        ("東", "NotoSansCJK-Regular.ttc", "fonts-noto-cjk"), ("א", "NotoSansHebrew-Regular.ttf", "fonts-noto-core"),
        ("ق", "NotoSansArabic-Regular.ttf", "fonts-noto-core"),
    ]

    /// Debian packages whose fonts are missing (empty: the goldens apply).
    static let missingPackages: [String] = expectedFonts.compactMap { scalar, file, package in
        TextEngine.shared.font(for: scalar, bold: false)?.path.hasSuffix("/" + file) == true ? nil : package
    }

    static func frame(_ name: String, _ width: Int, _ height: Int) -> PanelFrame {
        var input = LayoutSamples.all.first { $0.0 == "day-rain" }!.1
        input.locationName = name
        return PanelFrame(FrameRenderer.single(input, width: width, height: height), mode: .bw)
    }

    @Test(
        "names in Latin, Cyrillic, Greek, CJK, Hebrew and Arabic match their golden frames",
        .enabled(
            if: missingPackages.isEmpty,
            "the golden fonts are not installed: apt-get install fonts-dejavu-core fonts-noto-core fonts-noto-cjk")
    )
    func golden() throws {
        var lines: [String] = []
        var pngs: [(String, [UInt8])] = []
        for (script, name) in Self.names {
            for (width, height) in Self.panels {
                let frame = Self.frame(name, width, height)
                let key = "\(script)-\(width)x\(height)"
                let raw = RawEncoder.encode(frame)
                lines.append("\(key) \(raw.count) \(LayoutGoldenTests.hash(raw))")
                pngs.append((key, PNGEncoder.encode(frame)))
            }
        }
        let list = Self.folder.appendingPathComponent("frames.txt")
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
            try (lines.joined(separator: "\n") + "\n").write(to: list, atomically: true, encoding: .utf8)
            for (key, png) in pngs { try Data(png).write(to: Self.folder.appendingPathComponent(key + ".png")) }
            return
        }
        let expected = try String(contentsOf: list, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(expected.count == lines.count)
        for (index, line) in lines.enumerated() where index >= expected.count || expected[index] != line {
            let path = NSTemporaryDirectory() + pngs[index].0 + ".actual.png"
            try Data(pngs[index].1).write(to: URL(fileURLWithPath: path))
            Issue.record(
                "\(pngs[index].0) changed: got \(line); compare \(path) with Golden/scripts/\(pngs[index].0).png")
        }
    }
}
