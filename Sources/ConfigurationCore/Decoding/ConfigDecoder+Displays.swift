import WireContract
import YAML

extension ConfigDecoder {
    package static let displaysKeys = ["unknown", "default", "devices", "images"]
    package static let imageKeys = ["name", "location", "layout", "size", "colors", "rotate", "lang", "units"]
    package static let displayKeys = [
        "mac", "name", "location", "layout", "size", "colors", "rotate", "lang", "units", "refresh_min", "refresh_max",
        "quiet_hours", "format", "psram",
    ]

    /// `displays:`: optional (``DisplaysSettings`` documents the keys).
    package func displays(_ node: YAMLNode?) throws(ConfigurationError) -> DisplaysSettings {
        let section = try section(node, path: "displays", keys: ConfigDecoder.displaysKeys)
        var settings = DisplaysSettings()
        if let text = try string(section, "unknown") {
            guard let unknown = DisplaysSettings.Unknown(rawValue: text) else {
                throw fail(
                    section.value("unknown"),
                    "displays.unknown must be default or refuse (got '\(MessageText.shown(text))')")
            }
            settings.unknown = unknown
        }
        settings.fallback = try display(section.value("default"), path: "displays.default", named: false)
        var seen: [String: Int] = [:]
        for (index, item) in try list(section, "devices").enumerated() {
            let device = try display(item, path: "displays.devices[\(index)]", named: true)
            for id in [device.mac, device.name].compactMap({ $0?.lowercased() }) {
                if let first = seen[id] {
                    throw fail(
                        item, "displays.devices[\(index)]: '\(id)' is already a display's mac or name (line \(first))")
                }
                seen[id] = item.line
            }
            settings.devices.append(device)
        }
        for (index, item) in try list(section, "images").enumerated() {
            let path = "displays.images[\(index)]"
            let image = try display(item, path: path, keys: ConfigDecoder.imageKeys)
            guard let id = DisplaysSettings.imageID(image) else {
                throw fail(item, "\(path) needs a name or a location (or layout: overview)")
            }
            guard DisplayHealth.isValidID(id) else {
                throw fail(item, "\(path): '\(MessageText.shown(id))' cannot be a topic segment (a-z, 0-9, _ and -)")
            }
            if let first = seen[id] {
                throw fail(item, "\(path): '\(id)' is already a display's or an image's name (line \(first))")
            }
            seen[id] = item.line
            settings.images.append(image)
        }
        return settings
    }

    /// `devices:` or `images:` of `displays:`: a list, or nothing.
    private func list(_ section: ConfigSection, _ key: String) throws(ConfigurationError) -> [YAMLNode] {
        guard let node = section.value(key) else { return [] }
        guard let items = node.items else {
            throw fail(node, "displays.\(key) must be a list (- location: …), not \(node.kindDescription)")
        }
        return items
    }

    private func display(_ node: YAMLNode?, path: String, named: Bool) throws(ConfigurationError) -> DisplaySettings {
        let keys = named ? ConfigDecoder.displayKeys : ConfigDecoder.displayKeys.filter { $0 != "mac" && $0 != "name" }
        let display = try display(node, path: path, keys: keys)
        if named, display.mac == nil, display.name == nil {
            throw fail(node, "\(path) needs a mac (as the device sends it in ID) or a name")
        }
        return display
    }

    /// A display's (or an image's) `keys`.
    private func display(_ node: YAMLNode?, path: String, keys: [String]) throws(ConfigurationError)
        -> DisplaySettings
    {
        if let node, !node.isNull, node.entries == nil {
            throw fail(node, "\(path) must be a mapping (location, size, colors, …), not \(node.kindDescription)")
        }
        let section = try section(node, path: path, keys: keys)
        var display = DisplaySettings()
        display.mac = try string(section, "mac")
        display.name = try string(section, "name")
        if let location = try string(section, "location") {
            if let problem = LocationID.problem(location) {
                throw fail(section.value("location"), "\(path).location: \(problem)")
            }
            display.location = location
        }
        display.layout = try choice(section, "layout", ["single", "overview"])
        if let size = try string(section, "size") {
            let parts = size.lowercased().split(whereSeparator: { $0 == "x" || $0 == "×" })
            guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
                (8...4096).contains(width), (8...4096).contains(height)
            else {
                throw fail(
                    section.value("size"),
                    "\(path).size must be WIDTHxHEIGHT in pixels, 8…4096 each, e.g. 800x480 (got '\(MessageText.shown(size))')"
                )
            }
            (display.width, display.height) = (width, height)
        }
        display.colors = try choice(section, "colors", DisplaySettings.colorNames)
        if let rotate = try int(section, "rotate", in: 0...270) {
            guard rotate % 90 == 0 else {
                throw fail(section.value("rotate"), "\(path).rotate must be 0, 90, 180 or 270")
            }
            display.rotate = rotate
        }
        display.language = try language(section, "lang")
        display.units = try choice(section, "units", ["metric", "imperial", "si", "uk"])
        display.refreshMin = try duration(section, "refresh_min", in: 60...86400) ?? display.refreshMin
        display.refreshMax =
            try duration(section, "refresh_max", in: 60...86400) ?? max(display.refreshMax, display.refreshMin)
        guard display.refreshMin <= display.refreshMax else {
            throw fail(section.value("refresh_max"), "\(path).refresh_max must not be less than refresh_min")
        }
        if let quiet = try string(section, "quiet_hours") {
            guard let hours = QuietHours(parsing: quiet) else {
                throw fail(
                    section.value("quiet_hours"),
                    "\(path).quiet_hours must be HH:MM-HH:MM in local time, e.g. 23:00-06:00 (got '\(MessageText.shown(quiet))')"
                )
            }
            display.quietHours = hours
        }
        display.format = try choice(section, "format", ["png", "bmp"]) ?? "png"
        if display.format == "bmp",
            display.width.map({ $0 != 800 }) ?? false || display.height.map({ $0 != 480 }) ?? false
        {
            throw fail(
                section.value("format"), "\(path).format bmp is TRMNL's 1-bit 800x480 BMP: leave out size or use png")
        }
        display.psram = try bool(section, "psram") ?? false
        return display
    }

    /// A key whose value must be one of `choices`.
    private func choice(_ section: ConfigSection, _ key: String, _ choices: [String]) throws(ConfigurationError)
        -> String?
    {
        guard let value = try string(section, key) else { return nil }
        guard choices.contains(value) else {
            throw fail(
                section.value(key),
                "\(section.name(key)) must be \(MessageText.alternatives(choices)) (got '\(MessageText.shown(value))')")
        }
        return value
    }
}
