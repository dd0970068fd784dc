import FoundationEssentials
import FuzzSupport
import Rendering
import WeatherModel
import WireContract

/// Retained payloads as weatherview receives them: a location id, then the current, hourly, daily,
/// alerts and status payloads, separated by NUL bytes; decoded into the view model and turned
/// into terminal text, a status line and an e-ink frame's input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzInput.bytes(data, size)
    let parts = FuzzInput.parts(input, count: 6)
    guard let location = parts.first.flatMap({ String(validating: $0, as: UTF8.self) }), !location.isEmpty else {
        return 0
    }
    var messages: [String: [UInt8]] = [:]
    for (kind, part) in zip(LocationTopic.allCases, parts.dropFirst()) where !part.isEmpty {
        messages[TopicNames(base: "weather").name(.location(location, kind))] = part
    }
    guard let payloads = try? LocationPayloads(base: "weather", location: location, messages: messages) else {
        return 0
    }
    for units in [nil, UnitSettings.imperial] {
        guard let model = try? WeatherViewModel(payloads: payloads, now: now, units: units) else { continue }
        _ = TerminalRenderer(options: TerminalOptions(glyphs: .unicode, bothUnits: units != nil)).render(model)
        _ = statusLine?.render(model, glyphs: .ascii)
        _ = FrameInput(model)
    }
    return 0
}

@_cdecl("FuzzViewModel_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.run(argc, argv, fuzzOneInput)
}

/// When the Munich and New York recordings are fresh.
let now = Date(timeIntervalSince1970: 1_770_477_600)

/// A status bar's template with every placeholder.
let statusLine = try? StatusLineTemplate(StatusLineTemplate.placeholders.map { "{\($0)}" }.joined(separator: " "))
