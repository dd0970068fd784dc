import PanelFrames
import Rendering
import WeatherModel
import WireContract

/// `/frames/<loc>.png` and `/frames/<loc>.bmp` with their query (SPEC §8): the spec asked for,
/// or the problem naming the parameter. Pure: the request target in, a value out.
enum FrameQuery {
    /// The parameters a query may have.
    static let parameters = ["size", "colors", "rotate", "layout", "lang", "units"]

    /// The spec of `path` (still percent-encoded, after `/frames/`) and `query`; `nil` when the
    /// path is not a frame (404), a problem when a parameter is wrong (400).
    static func spec(file: Substring, query: Substring, defaults: FrameSpec) -> Result<FrameSpec, RequestProblem>? {
        // The file name: a location id and an extension; ids have no '%', '/' or '.', so an
        // encoded or literal `../` never names a frame (and nothing here reads a file).
        guard let dot = file.lastIndex(of: "."),
            let format = ImageFormat(rawValue: String(file[file.index(after: dot)...])),
            format == .png || format == .bmp
        else { return nil }
        let name = String(file[..<dot])
        guard LocationID.isValid(name) else { return nil }
        var spec = defaults
        spec.format = format
        spec.location = name
        for (key, value) in FormEncoding.fields(query.utf8) {
            if let problem = apply(key, value, to: &spec) { return .failure(problem) }
        }
        // The overview shows every location: one cached frame, whatever location was named.
        if spec.overview { spec.location = nil }
        return .success(spec)
    }

    /// Sets `key` in `spec`; the problem when the key or its value is wrong.
    private static func apply(_ key: String, _ value: String, to spec: inout FrameSpec) -> RequestProblem? {
        switch key {
        case "size":
            guard let size = FrameSpec.size(Substring(value)) else {
                return RequestProblem(
                    "size must be WIDTHxHEIGHT, 8…4096 each, e.g. 800x480 (got '\(FrameSpec.shown(value))')")
            }
            (spec.width, spec.height) = size
        case "colors":
            switch FrameSpec.colors(value) {
            case .success(let mode): spec.colors = mode
            case .failure(let problem): return problem
            }
        case "rotate":
            guard let degrees = Int(value), let rotation = Rotation(rawValue: degrees) else {
                return RequestProblem("rotate must be 0, 90, 180 or 270 (got '\(FrameSpec.shown(value))')")
            }
            spec.rotation = rotation
        case "layout":
            switch value {
            case "single": spec.overview = false
            case "overview": spec.overview = true
            default: return RequestProblem("layout must be single or overview (got '\(FrameSpec.shown(value))')")
            }
        case "lang":
            guard let language = Language(code: value) else {
                return RequestProblem("lang must be one of \(Language.codes) (got '\(FrameSpec.shown(value))')")
            }
            spec.language = language
        case "units":
            guard UnitSettings.preset(named: value) != nil else {
                return RequestProblem("units must be metric, imperial, si or uk (got '\(FrameSpec.shown(value))')")
            }
            spec.units = value
        default:
            return RequestProblem(
                "unknown parameter '\(FrameSpec.shown(key))' (known: \(parameters.joined(separator: ", ")))")
        }
        return nil
    }
}
