import ConfigurationCore
import PanelFrames
import Rendering

/// What a TRMNL's `Model` header says about the board (usetrmnl/trmnl-firmware at 74f7b18:
/// `DEVICE_MODEL` in `include/config.h`, `BOARD_X_CLASS` in `platformio.ini`), used where the
/// display's settings do not say otherwise.
enum TRMNLModel {
    /// The largest image a board takes (`MAX_IMAGE_SIZE`): 90,000 bytes, 750,000 on X-class
    /// boards (PSRAM).
    static let imageLimit = 90_000
    static let psramImageLimit = 750_000

    /// The X-class boards' models.
    static let xClass: Set<String> = ["x", "sensoria_c5", "sensoria_s3", "lilygo", "paper_s3", "reterminal_e1003"]

    /// The colours a model shows where it is not black and white (the TRMNL X shows 16 grays).
    static let colors: [String: ColorMode] = ["x": .gray16]

    /// The image limit of a display: `psram: true` or an X-class model.
    static func imageLimit(_ settings: DisplaySettings, model: String?) -> Int {
        settings.psram || xClass.contains(model ?? "") ? psramImageLimit : imageLimit
    }

    /// The colours of `model`, if the model is known to show more than black and white.
    static func colors(of model: String?) -> ColorMode? { colors[model ?? ""] }
}
