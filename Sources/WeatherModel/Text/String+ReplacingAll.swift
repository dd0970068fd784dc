extension String {
    /// Every occurrence of `target` replaced by `replacement`, matched on UTF-8 bytes (no
    /// Foundation): the one substring replacement of the package. Byte matching also finds
    /// `target` where a following combining mark would hide it from `Character` matching, which
    /// matters for redacting secrets and shell-quoting.
    public func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        let needle = Array(target.utf8)
        let hay = Array(utf8)
        guard needle.count <= hay.count else { return self }
        var result: [UInt8] = []
        result.reserveCapacity(hay.count)
        var index = 0
        while index < hay.count {
            if index + needle.count <= hay.count, hay[index..<index + needle.count].elementsEqual(needle) {
                result += replacement.utf8
                index += needle.count
            } else {
                result.append(hay[index])
                index += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}
