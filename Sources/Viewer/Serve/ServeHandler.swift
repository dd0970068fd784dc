import ConfigurationCore
import FoundationEssentials
import HTTPServer
import Rendering

/// What `weatherview serve` answers (SPEC §8), on the HTTP server's thread. Every path is
/// matched whole, never decoded into a file name: `/frames/<loc>.png|bmp`, `/trmnl/<hash>.png|bmp`,
/// `/api/setup`, `/api/display`, `/api/log`, OpenWeatherMap's (`ServeHandler+OneCall`); anything else is 404.
struct ServeHandler: HTTPHandler {
    let book: FrameBook
    let devices: DeviceBook
    let shelf: ImageShelf
    let displays: DisplaysSettings
    /// The spec of a `/frames` request before its query (`--lang`).
    let defaults: FrameSpec
    /// `host:port` for absolute URLs when a request has no usable `Host`.
    let listen: String
    /// Now, on the viewer's clock (`WEATHER2MQTT_NOW`).
    let now: @Sendable () -> Date
    /// Where each `/api/display` contact goes to be published (nil: not published).
    let health: HealthDesk?
    /// What a display did wrong, said once per display.
    let said = OnceLog()
    /// `onecall:`: the OpenWeatherMap-shaped answers' radius and key.
    var oneCall = OneCallSettings()
    /// The air-quality hours read so far, for `/data/2.5/air_pollution/history`.
    let airHistory = AirHistory()

    func screen(_ head: RequestHead) -> ServerResponse? {
        let path = head.path
        let allowed = path == "/api/log" ? ["POST"] : ["GET", "HEAD"]
        guard allowed.contains(head.method) else {
            return ServerResponse(
                status: 405, headers: [HeaderField("Allow", allowed.joined(separator: ", "))],
                body: Array("method not allowed\n".utf8), notice: .init(.wrongMethod(head.method)))
        }
        return nil
    }

    func respond(to request: ServerRequest) -> ServerResponse {
        let head = request.head
        let path = head.path
        if path.hasPrefix("/frames/") { return frame(file: path.dropFirst("/frames/".count), head: head) }
        if path.hasPrefix("/trmnl/") { return image(head.path.dropFirst("/trmnl/".count), head: head) }
        if Self.oneCallPaths.contains(path) { return openWeatherMap(head) }
        switch path {
        case "/api/setup": return setup(head)
        case "/api/display": return display(head)
        case "/api/log": return log(request)
        case "/": return index()
        default: return .text(404, "not found\n")
        }
    }

    /// `/frames/<loc>.png|bmp?…`.
    private func frame(file: Substring, head: RequestHead) -> ServerResponse {
        guard let asked = FrameQuery.spec(file: file, query: head.query, defaults: defaults) else {
            return .text(404, "not found: frames are /frames/<location>.png or .bmp\n")
        }
        switch asked {
        case .failure(let problem): return .text(400, problem.message + "\n")
        case .success(let spec):
            let now = now()
            switch book.frame(spec, now: now) {
            case .success(let frame): return FrameAnswer.respond(frame, format: spec.format, head: head, now: now)
            case .failure(let missing): return Self.answer(missing)
            }
        }
    }

    /// `/trmnl/<hash>.png|bmp`: an image named by `/api/display`; the same name always has the
    /// same bytes.
    private func image(_ name: Substring, head: RequestHead) -> ServerResponse {
        guard let bytes = shelf.image(String(name)) else { return .text(404, "not found\n") }
        let format: ImageFormat = name.hasSuffix(".bmp") ? .bmp : .png
        return ServerResponse(
            status: 200,
            headers: [
                HeaderField("Content-Type", FrameAnswer.contentType(format)),
                HeaderField("Cache-Control", "max-age=31536000, immutable"),
            ], body: bytes)
    }

    /// A short text listing the frames' URLs, for a person trying the server in a browser.
    private func index() -> ServerResponse {
        let lines = book.locations.map { "/frames/\($0).png  /frames/\($0).bmp" }
        return .text(200, (["weatherview serve: frames of the weather"] + lines).joined(separator: "\n") + "\n")
    }

    static func answer(_ missing: FrameBook.Missing) -> ServerResponse {
        switch missing {
        case .location(let id): .text(404, "no location '\(id)' on the broker\n")
        case .data(let problem): .text(503, "no frame yet: \(problem)\n")
        }
    }

    /// `http://<Host>` of the request when it is a plain host[:port], else of the listen address.
    func origin(_ head: RequestHead) -> String {
        let host = head.header("Host") ?? ""
        let plain =
            !host.isEmpty && host.utf8.count <= 255
            && host.unicodeScalars.allSatisfy {
                $0.isASCII && $0.properties.isAlphabetic || ("0"..."9").contains($0)
                    || ".:-[]".unicodeScalars.contains($0)
            }
        return "http://" + (plain ? host : listen)
    }
}
