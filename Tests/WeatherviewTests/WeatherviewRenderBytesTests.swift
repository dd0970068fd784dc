import Foundation
import PanelFrames
import Rendering
import TestSupport
import Testing
import WireContract

/// `render`'s file is exactly what ``PanelRender`` gives for the same data and options — the
/// pure call any other caller (`serve`) makes.
@Suite("weatherview render: the same bytes as PanelRender")
struct WeatherviewRenderBytesTests {
    /// The frame `PanelRender` draws from Munich's recorded payloads at the fresh instant.
    static func expected(_ render: PanelRender) throws -> [UInt8] {
        let names = TopicNames(base: "weather")
        var messages: [String: [UInt8]] = [:]
        for (kind, payload) in RetainedWeather.munich {
            messages["weather/munich/\(kind)"] = Array(payload.utf8)
        }
        #expect(messages[names.current("munich")] != nil)
        let payloads = try LocationPayloads(base: "weather", location: "munich", messages: messages)
        let now = try #require(ISO8601DateFormatter().date(from: RetainedWeather.freshNow))
        let model = try WeatherViewModel(payloads: payloads, now: now)
        return render.encode(FrameInput(model))
    }

    @Test(
        "render --size --colors --rotate --format writes PanelRender's bytes",
        arguments: [
            ("1072x1448", ColorMode.gray256, Rotation.none, ImageFormat.png),
            ("1872x1404", .gray16, .none, .bmp),
            ("1448x1072", .gray256, .threeQuarters, .pbm),
            ("800x480", .bw, .none, .bmp),
        ])
    func sameBytes(size: String, colors: ColorMode, rotation: Rotation, format: ImageFormat) throws {
        let broker = try TestBroker.start()
        try RetainedWeather.publish(to: broker)
        let result = try WeatherviewProcess.run(
            [
                "render", "munich", "--size", size, "--colors", colors.rawValue, "--rotate", "\(rotation.rawValue)",
                "--format", format.rawValue, "--out", "-", "--lang", "en", "--broker", broker.url,
            ], environment: ["WEATHER2MQTT_NOW": RetainedWeather.freshNow])
        #expect(result.status == 0, "\(result.stderr)")
        let panel = try #require(PanelProfile.size(size))
        let bytes = try Self.expected(PanelRender(panel: panel, colors: colors, rotation: rotation, format: format))
        #expect(result.stdoutBytes.count == bytes.count)
        // A Bool, not `==` in the expectation: on a failure Swift Testing diffs the two arrays,
        // and a diff of two frames (1.5 MB) took 23 GB under qemu before the kernel killed it.
        let same = result.stdoutBytes == bytes
        #expect(same, "the frames differ")
    }
}
