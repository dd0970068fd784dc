import YAML

extension ConfigDecoder {
    package static let oneCallKeys = ["radius", "appid", "appid_file"]

    /// `onecall:`: optional (``OneCallSettings`` documents the keys).
    package func oneCall(_ node: YAMLNode?) throws(ConfigurationError) -> OneCallSettings {
        let section = try section(node, path: "onecall", keys: ConfigDecoder.oneCallKeys)
        var settings = OneCallSettings()
        settings.radius = try double(section, "radius", in: 0.001...20038) ?? settings.radius
        if let appid = try secret(section, "appid", fileKey: "appid_file") {
            guard appid.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else {
                throw fail(
                    section.value("appid") ?? section.value("appid_file"),
                    "\(section.name("appid")) must be printable ASCII without spaces (it is sent in a URL)")
            }
            settings.appid = appid
        }
        return settings
    }
}
