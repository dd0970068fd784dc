import PanelDriver
import Rendering
import Testing

@Suite("Panel names")
struct PanelCatalogTests {
    @Test("every driven panel is found by its name, in any case, and draws with an existing render profile")
    func names() throws {
        for model in PanelCatalog.all {
            #expect(try PanelCatalog.named(model.name.uppercased()).name == model.name)
            let profile = try #require(PanelProfile.named(model.profile), "\(model.name)")
            // The profile's frame fits the controller's memory, as it is or turned.
            let fits =
                (profile.width, profile.height) == (model.width, model.height)
                || (profile.height, profile.width) == (model.width, model.height)
            #expect(fits, "\(model.name)")
            #expect(profile.colors == model.colors)
        }
    }

    @Test(
        "a name with two revisions is refused, naming both, their controllers and how to tell them apart",
        arguments: [
            ("waveshare-4in2", "waveshare-4in2-v1 (UC8176", "waveshare-4in2-v2 (SSD1683)"),
            ("waveshare-2in9", "waveshare-2in9-v1 (SSD1608", "waveshare-2in9-v2 (SSD1680)"),
        ])
    func ambiguous(_ name: String, _ v1: String, _ v2: String) throws {
        #expect {
            try PanelCatalog.named(name)
        } throws: { error in
            guard let error = error as? PanelError else { return false }
            return error.kind == .unusable && error.message.contains(v1) && error.message.contains(v2)
                && error.message.contains("label on the back")
        }
    }

    @Test("V1 and V2 differ in command set; the 4.2\" also in BUSY polarity (the 2.9\"s both read high when busy)")
    func revisionsDiffer() throws {
        for (v1, v2) in [("waveshare-4in2-v1", "waveshare-4in2-v2"), ("waveshare-2in9-v1", "waveshare-2in9-v2")] {
            let old = try PanelCatalog.named(v1)
            let new = try PanelCatalog.named(v2)
            #expect(old.controller != new.controller)
            #expect(old.initialise != new.initialise && old.display != new.display)
        }
        #expect(
            try PanelCatalog.named("waveshare-4in2-v1").busy
                == BusySignal(
                    level: 0, statusCommand: 0x71, pollMilliseconds: 100, timeoutMilliseconds: 30_000))
        #expect(try PanelCatalog.named("waveshare-4in2-v2").busy.level == 1)
        #expect(try PanelCatalog.named("waveshare-2in9-v1").busy.level == 1)
        #expect(try PanelCatalog.named("waveshare-2in9-v2").busy.level == 1)
    }

    @Test("unknown names and trmnl are refused with what to do")
    func unknown() {
        #expect(throws: PanelError.self) { try PanelCatalog.named("trmnl") }
        #expect {
            try PanelCatalog.named("inky-what")
        } throws: { error in
            (error as? PanelError)?.message.contains("waveshare-7in5-v2") == true
        }
    }
}
