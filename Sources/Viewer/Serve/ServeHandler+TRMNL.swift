import ConfigurationCore
import FoundationEssentials
import HTTPServer
import Rendering
import WeatherModel

/// TRMNL's "bring your own server" protocol as the firmware reads it (usetrmnl/trmnl-firmware,
/// read at 74f7b18: `src/api-client/setup.cpp`, `display.cpp`, `submit_log.cpp`,
/// `lib/trmnl/src/api-client/request_headers.cpp`, `parse_response_api_setup.cpp`,
/// `parse_response_api_display.cpp`, `src/bl.cpp`, `src/services/device_setup.cpp`,
/// `src/filesystem.cpp`, `include/config.h`):
///
/// - `/api/setup` with `ID: <MAC>`: JSON `status` 200 with `api_key`, `friendly_id`,
///   `image_url`; HTTP 404 is "MAC not registered" (the device sleeps and asks again).
/// - `/api/display` with `ID`, `Access-Token`, `Width`, `Height`, …: HTTP 200 and JSON `status`
///   0 with `image_url`, `filename`, `refresh_rate` (seconds); `status` 500 makes the device
///   drop its key and run setup again (what a wrong or missing token gets). The device
///   downloads `image_url` only when no file called `filename` is stored: names of at most 31
///   characters are kept whole, so ours are `w2m-` and 24 hex digits of the image's SHA-256.
/// - The image: PNG, or a 1-bit 800×480 BMP of exactly 48,062 bytes; at most 90,000 bytes
///   (`MAX_IMAGE_SIZE`) but on boards with PSRAM.
/// - `/api/log`: a POST of `{"logs":[…]}`; 200 or 204 is success.
///
/// KOReader's TRMNL plugin (usetrmnl/trmnl-koreader, `trmnl.koplugin/main.lua`, read at ccfa717)
/// skips setup (its key is typed in), sends no `ID`, and sends `PNG-Width` and `PNG-Height`.
extension ServeHandler {
    func setup(_ head: RequestHead) -> ServerResponse {
        guard let mac = head.header("ID"), Self.plausibleMAC(mac) else {
            return Self.json(400, ["status": 400, "message": "the ID header (the device's MAC) is missing"])
        }
        let settings = displays.device(mac)
        guard settings != nil || displays.unknown == .default else {
            said.say("refused " + mac, "serve: display \(mac) asked to register; not in displays: (unknown: refuse)")
            return Self.json(404, ["status": 404, "message": "MAC not registered"])
        }
        let device: DeviceBook.Device
        do throws(Failure) {
            let registered = try devices.register(mac: mac, name: settings?.name)
            device = registered.device
            if registered.isNew {
                Output.error("serve: display \(device.mac) registered as \(device.friendlyID)")
            }
        } catch {
            Output.error("serve: " + error.message)
            return Self.json(500, ["status": 500, "message": "cannot register the device"])
        }
        var answer: [(String, JSONValue)] = [
            ("status", 200), ("api_key", .string(device.token)), ("friendly_id", .string(device.friendlyID)),
            ("message", "registered with weatherview"),
        ]
        if case .success(let image) = picture(for: head, settings: settings ?? displays.fallback) {
            answer.append(("image_url", .string(origin(head) + "/trmnl/" + image.name)))
            answer.append(("filename", .string(image.filename)))
        }
        return Self.json(200, .object(JSONObject(answer)))
    }

    func display(_ head: RequestHead) -> ServerResponse {
        guard let token = head.header("Access-Token"), let device = devices.device(token: token),
            head.header("ID").map({ $0.uppercased() == device.mac }) ?? true
        else {
            return Self.json(200, ["status": 500, "message": "unknown device or access token: run setup again"])
        }
        let configured = displays.device(device.mac)
        guard configured != nil || displays.unknown == .default else {
            return Self.json(200, ["status": 500, "message": "MAC not registered"])
        }
        let settings = configured ?? displays.fallback
        switch picture(for: head, settings: settings) {
        case .failure(let missing):
            said.say(
                "missing \(device.mac) \(missing)", "serve: display \(device.friendlyID): \(Self.describe(missing))")
            health?.contact(device: device, settings: settings, head: head, now: now(), filename: nil, refresh: nil)
            return Self.json(
                200, ["status": 202, "message": .string(Self.describe(missing))])
        case .success(let image):
            let refresh = TRMNLRefresh.seconds(
                toChange: image.frame.secondsToChange(from: now()), settings: settings, now: now(),
                zone: image.frame.zone)
            health?.contact(
                device: device, settings: settings, head: head, now: now(), filename: image.filename, refresh: refresh)
            return Self.json(
                200,
                [
                    "status": 0, "image_url": .string(origin(head) + "/trmnl/" + image.name),
                    "filename": .string(image.filename), "refresh_rate": .number(Double(refresh)),
                    "reset_firmware": false, "update_firmware": false, "special_function": "none",
                ])
        }
    }

    func log(_ request: ServerRequest) -> ServerResponse {
        guard let token = request.head.header("Access-Token"), let device = devices.device(token: token) else {
            return .text(401, "unknown device or access token\n")
        }
        guard let json = try? JSONParser.parse(request.body), let logs = json["logs"]?.array else {
            return .text(400, "the body must be {\"logs\": [...]}\n")
        }
        for entry in logs.prefix(10) {
            // A device that logs its own key does not get it into ours.
            let line = entry.serialized().replacingAll(device.token, with: "***")
            Output.error("serve: display \(device.friendlyID) logs: " + String(line.prefix(300)))
        }
        if logs.count > 10 {
            Output.error("serve: display \(device.friendlyID): \(logs.count - 10) more log entries not shown")
        }
        return ServerResponse(status: 204)
    }

    /// An image for a device: its frame, kept on the shelf under its hash.
    struct Picture {
        var frame: ServedFrame
        /// `<24 hex>.png` under `/trmnl/`.
        var name: String
        /// What the device stores it as: `w2m-<24 hex>`.
        var filename: String
    }

    /// The device's frame, within its size limit: as configured, else in black and white,
    /// else (800×480) as TRMNL's 1-bit BMP.
    func picture(for head: RequestHead, settings: DisplaySettings) -> Result<Picture, FrameBook.Missing> {
        let spec = TRMNLRefresh.spec(settings, head: head, defaults: defaults)
        let limit = TRMNLModel.imageLimit(settings, model: head.header("Model"))
        var tries = [spec]
        if spec.colors != .bw { tries.append(with(spec) { $0.colors = .bw }) }
        if spec.width == 800, spec.height == 480, spec.format != .bmp {
            tries.append(with(spec) { ($0.colors, $0.format, $0.rotation) = (.bw, .bmp, .none) })
        }
        var last: ServedFrame?
        for attempt in tries {
            switch book.frame(attempt, now: now()) {
            case .failure(let missing): return .failure(missing)
            case .success(let frame):
                last = frame
                if frame.bytes.count <= limit { return .success(shelve(frame, format: attempt.format)) }
            }
        }
        guard let last else { return .failure(.data("no frame")) }
        Output.error("serve: a \(last.bytes.count)-byte image is over the display's \(limit) bytes; sent anyway")
        return .success(shelve(last, format: tries.last?.format ?? .png))
    }

    private func shelve(_ frame: ServedFrame, format: ImageFormat) -> Picture {
        let short = String(frame.hash.prefix(24))
        let name = short + "." + format.rawValue
        shelf.keep(frame.bytes, as: name)
        return Picture(frame: frame, name: name, filename: "w2m-" + short)
    }

    private func with(_ spec: FrameSpec, _ change: (inout FrameSpec) -> Void) -> FrameSpec {
        var copy = spec
        change(&copy)
        return copy
    }

    static func describe(_ missing: FrameBook.Missing) -> String {
        switch missing {
        case .location(let id): "no location '\(id)' on the broker (its displays: location)"
        case .data(let problem): "no frame yet: \(problem)"
        }
    }

    static func json(_ status: Int, _ value: JSONValue) -> ServerResponse {
        ServerResponse(
            status: status, headers: [HeaderField("Content-Type", "application/json")],
            body: Array(value.serialized().utf8))
    }

    /// Six pairs of hex digits separated by `:` (what the firmware sends).
    static func plausibleMAC(_ text: String) -> Bool {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        return parts.count == 6 && parts.allSatisfy { $0.count == 2 && $0.allSatisfy(\.isHexDigit) }
    }
}
