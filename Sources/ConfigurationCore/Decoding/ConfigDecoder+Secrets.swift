extension ConfigDecoder {
    /// A secret given either inline (`key`, usually `${VARIABLE}`) or as the first line of a
    /// file (`fileKey`: systemd credentials, Docker secrets). Both at once is an error; so is a
    /// file that cannot be read or holds nothing. A file others may read earns a warning.
    package func secret(_ section: ConfigSection, _ key: String, fileKey: String) throws(ConfigurationError) -> String?
    {
        let inline = section.value(key)
        let fileNode = section.value(fileKey)
        if inline != nil, let fileNode {
            throw fail(fileNode, "give either \(section.name(key)) or \(section.name(fileKey)), not both")
        }
        if inline != nil {
            return try string(section, key, single: false)
        }
        guard let fileNode, let path = try path(section, fileKey) else { return nil }
        let name = section.name(fileKey)
        let text: String
        switch files.read(path) {
        case .success(let contents): text = contents
        case .failure(let failure):
            throw fail(fileNode, "cannot read \(name) '\(MessageText.shown(path))': \(failure.reason)")
        }
        var firstLine = String(text.prefix(while: { $0 != "\n" && $0 != "\r\n" }))
        if firstLine.hasSuffix("\r") { firstLine.removeLast() }
        guard !firstLine.isEmpty else {
            throw fail(fileNode, "\(name) '\(MessageText.shown(path))' is empty (the secret is its first line)")
        }
        if firstLine.unicodeScalars.contains("\u{0}") {
            throw fail(fileNode, "\(name) '\(MessageText.shown(path))' holds a NUL character")
        }
        if files.isReadableByOthers(path) {
            warn("secret file \(path) is readable by other users (chmod 600)")
        }
        return firstLine
    }

    /// A file the MQTT client will open itself (certificates): it must be readable now.
    package func existingFile(_ section: ConfigSection, _ key: String) throws(ConfigurationError) -> String? {
        guard let path = try path(section, key) else { return nil }
        guard files.isReadable(path) else {
            throw fail(section.value(key), "cannot read \(section.name(key)) '\(MessageText.shown(path))'")
        }
        return path
    }
}
