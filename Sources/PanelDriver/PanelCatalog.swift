/// The panels weatherview drives, by name, and what a name that is not one of them means.
public enum PanelCatalog {
    public static let all: [PanelModel] = [
        .waveshare7in5V2, .waveshare7in5bV2, .waveshare4in2V1, .waveshare4in2V2, .waveshare2in9V1,
        .waveshare2in9V2, .waveshare2in13V4,
    ]

    /// Names that are more than one panel: the render profile's name, and its revisions.
    static let revisions: [String: [String]] = [
        "waveshare-4in2": ["waveshare-4in2-v1", "waveshare-4in2-v2"],
        "waveshare-2in9": ["waveshare-2in9-v1", "waveshare-2in9-v2"],
    ]

    /// The panel called `name` (case-insensitive); an ambiguous or unknown name is an error
    /// that says what to choose.
    public static func named(_ name: String) throws(PanelError) -> PanelModel {
        let key = name.lowercased()
        if let model = all.first(where: { $0.name == key }) { return model }
        if let choices = revisions[key] {
            let models = all.filter { choices.contains($0.name) }
            throw PanelError(
                .unusable,
                "--panel \(name) is made in two revisions that need different commands: "
                    + models.map { "\($0.name) (\($0.controller))" }.joined(separator: " or ")
                    + ". " + tellApart + " (Rendering to a file with --panel \(name) works as before.)")
        }
        if key == "trmnl" {
            throw PanelError(
                .unusable, "--panel trmnl is a whole device, not a HAT: render it to a file for its server")
        }
        throw PanelError(
            .unusable, "weatherview does not drive --panel \(name): one of \(all.map(\.name).joined(separator: ", "))")
    }

    /// How to tell a V1 from a V2 panel.
    static let tellApart =
        "Tell them apart by the label on the back of the panel or its flex cable: a V2 panel says \"V2\" "
        + "(Waveshare has sold V2 since 2023); no mark is V1. The wrong one shows nothing, or waits on BUSY until the timeout."

    /// For a BUSY timeout's message: the other revision's name, if there is one.
    static func revisionHint(_ model: PanelModel) -> String {
        guard let choices = revisions.values.first(where: { $0.contains(model.name) }) else {
            return "check the name printed on the panel's back against --panel \(model.name)"
        }
        let other = choices.filter { $0 != model.name }.joined()
        return "try --panel \(other): a V2 panel says \"V2\" on the label on its back"
    }
}
