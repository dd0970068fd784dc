import Foundation
import PanelDriver
import Rendering
import TestSupport
import Testing

/// `weatherview panel show IMAGE --panel NAME --panel-device trace:OUT` sends, for every panel,
/// exactly the command stream of the vendor's own driver (Waveshare's `waveshare_epd` at
/// 86aa993, run against a recording `epdconfig`): `compare.py` exits 0. The 7.5" V2 golden is
/// `../shared/epaper/waveshare-7in5-v2.stream.jsonl`; the others were derived the same way.
@Suite("Vendor command streams")
struct VendorStreamTests {
    static let panels: [(name: String, image: String)] = [
        ("waveshare-7in5-v2", "800x480-bw.pbm"),
        ("waveshare-7in5b-v2", "800x480-bwr.pbm"),
        ("waveshare-4in2-v1", "400x300-bw.pbm"),
        ("waveshare-4in2-v2", "400x300-bw.pbm"),
        ("waveshare-2in9-v1", "296x128-bw.pbm"),
        ("waveshare-2in9-v2", "296x128-bw.pbm"),
        ("waveshare-2in13-v4", "250x122-bw.pbm"),
    ]

    @Test("panel show PBM sends the vendor's stream (init, display, sleep)", arguments: panels)
    func pbm(_ panel: (name: String, image: String)) throws {
        let folder = TemporaryFolder()
        let trace = folder.path + "/" + panel.name + ".trace.jsonl"
        let shown = try PanelFiles.run(
            PanelFiles.weatherview,
            [
                "panel", "show", PanelFiles.golden(panel.image), "--panel", panel.name, "--panel-device",
                "trace:" + trace,
            ])
        #expect(shown.status == 0, "\(shown.output)")
        let compared = try PanelFiles.compare(PanelFiles.golden(panel.name + ".stream.jsonl.gz"), trace)
        #expect(compared.status == 0, "\(compared.output)")
        #expect(compared.output.hasPrefix("EQUAL"), "\(compared.output)")
    }

    @Test("the same picture as PNG, and BUSY busy for 3 reads a wait, send the same stream", arguments: panels)
    func png(_ panel: (name: String, image: String)) throws {
        let folder = TemporaryFolder()
        let model = try PanelCatalog.named(panel.name)
        let frame = try PanelImage.decode(PanelFiles.bytes(PanelFiles.golden(panel.image))).frame(colors: model.colors)
        let picture = folder.path + "/picture.png"
        #expect(FileManager.default.createFile(atPath: picture, contents: Data(PNGEncoder.encode(frame))))
        let trace = folder.path + "/trace.jsonl"
        let shown = try PanelFiles.run(
            PanelFiles.weatherview,
            ["panel", "show", picture, "--panel", panel.name, "--panel-device", "trace:\(trace),busy=3"])
        #expect(shown.status == 0, "\(shown.output)")
        let compared = try PanelFiles.compare(PanelFiles.golden(panel.name + ".stream.jsonl.gz"), trace)
        #expect(compared.status == 0, "\(compared.output)")
    }

    /// Pictures PIL converts with dithering (gray, RGB, RGBA, 2-bit, 16-bit) or by its palette's
    /// luma, of the panel's size or turned: the vendor's `getbuffer` converted them.
    static let pictures: [(name: String, image: String)] = [
        ("waveshare-2in9-v2", "296x128-gray.png"),
        ("waveshare-2in9-v1", "296x128-gray.png"),
        ("waveshare-2in9-v2", "128x296-gray16.png"),
        ("waveshare-2in13-v4", "250x122-rgb.png"),
        ("waveshare-2in13-v4", "250x122-gray2.png"),
        ("waveshare-4in2-v1", "400x300-rgba.png"),
        ("waveshare-4in2-v2", "300x400-palette.png"),
    ]

    @Test(
        "gray, colour and palette PNGs are dithered or thresholded as PIL does, turned before or after as the vendor does",
        arguments: pictures)
    func dithered(_ panel: (name: String, image: String)) throws {
        let folder = TemporaryFolder()
        let trace = folder.path + "/trace.jsonl"
        let shown = try PanelFiles.run(
            PanelFiles.weatherview,
            [
                "panel", "show", PanelFiles.golden(panel.image), "--panel", panel.name, "--panel-device",
                "trace:" + trace,
            ])
        #expect(shown.status == 0, "\(shown.output)")
        let golden = PanelFiles.golden(panel.name + "--" + panel.image.dropLast(4) + ".stream.jsonl.gz")
        let compared = try PanelFiles.compare(golden, trace)
        #expect(compared.status == 0, "\(compared.output)")
    }

    @Test("a picture of another size is refused with both sizes named, exit 65")
    func wrongSize() throws {
        let folder = TemporaryFolder()
        let shown = try PanelFiles.run(
            PanelFiles.weatherview,
            [
                "panel", "show", PanelFiles.golden("400x300-bw.pbm"), "--panel", "waveshare-7in5-v2", "--panel-device",
                "trace:" + folder.path + "/t.jsonl",
            ])
        #expect(shown.status == 65)
        #expect(shown.output.contains("400×300") && shown.output.contains("800×480"), "\(shown.output)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/t.jsonl"))
    }
}
