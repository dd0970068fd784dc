import Foundation

/// A TRMNL as its firmware talks to a server (usetrmnl/trmnl-firmware: `request_headers.cpp`
/// for the headers, `bl.cpp` for what each answer does): setup once, then on each wake
/// `/api/display`, the image only when no file of that `filename` is stored, and logs.
struct TRMNLDevice {
    /// What one wake did.
    enum Wake: Equatable {
        /// A new image was downloaded and shown.
        case downloaded(filename: String, bytes: Int)
        /// The filename was stored already: nothing downloaded, nothing redrawn.
        case cached(filename: String)
        /// `status` 500: the device drops its key and runs setup again.
        case reset
        case other(status: Int)
    }

    let server: String
    var mac = "A1:B2:C3:D4:E5:F6"
    var width = 800
    var height = 480
    var apiKey: String?
    var friendlyID: String?
    /// The files the device has stored, by name.
    var stored: [String: [UInt8]] = [:]
    var refreshRate = 900
    /// What its `/api/display` says of its battery, signal and firmware.
    var batteryVoltage = "4.12"
    var rssi = "-61"
    var firmware = "1.6.9"

    init(server: String) { self.server = server }

    /// `GET /api/setup`: the JSON `status` (200: registered; HTTP 404: not registered).
    mutating func setup() throws -> Int {
        let call = try HTTPCall.run(
            server + "/api/setup",
            headers: ["ID": mac, "Content-Type": "application/json", "FW-Version": "1.6.9", "Model": "og"])
        guard call.status == 200 else { return call.status }
        let answer = call.json
        let status = answer["status"] as? Int ?? 0
        if status == 200 {
            apiKey = answer["api_key"] as? String
            friendlyID = answer["friendly_id"] as? String
        }
        return status
    }

    /// One wake: `/api/display` with the firmware's headers, then the image if it is new.
    mutating func wake() throws -> Wake {
        let call = try HTTPCall.run(
            server + "/api/display",
            headers: [
                "ID": mac, "Content-Type": "application/json", "Update-Source": "timer",
                "Access-Token": apiKey ?? "", "Refresh-Rate": String(refreshRate), "Battery-Voltage": batteryVoltage,
                "FW-Version": firmware, "Model": "og", "Image-Cached": "false", "Wake-Time": "0", "RSSI": rssi,
                "Temperature-Profile": "true", "Width": String(width), "Height": String(height),
            ])
        guard call.status == 200 else { return .other(status: call.status) }
        let answer = call.json
        switch answer["status"] as? Int {
        case 0:
            refreshRate = answer["refresh_rate"] as? Int ?? refreshRate
            let filename = answer["filename"] as? String ?? ""
            if stored[filename] != nil { return .cached(filename: filename) }
            let url = answer["image_url"] as? String ?? ""
            let image = try HTTPCall.run(url, headers: ["ID": mac, "Access-Token": apiKey ?? ""])
            guard image.status == 200 else { return .other(status: image.status) }
            stored[filename] = image.body
            return .downloaded(filename: filename, bytes: image.body.count)
        case 500:
            apiKey = nil
            return .reset
        case let status: return .other(status: status ?? -1)
        }
    }

    /// `POST /api/log` as `submit_log.cpp` sends it: the HTTP status.
    func log(_ entries: String) throws -> Int {
        try HTTPCall.run(
            server + "/api/log", method: "POST",
            headers: [
                "ID": mac, "Accept": "application/json, */*", "Access-Token": apiKey ?? "",
                "Content-Type": "application/json",
            ],
            body: Array(#"{"logs":[\#(entries)]}"#.utf8)
        ).status
    }
}
