import Glibc

extension StateStore {
    /// The ids of every location file in `state_dir` (`location-<id>.json`), in no order.
    public func storedLocationIDs() -> [String] {
        guard let folder = opendir(directory) else { return [] }
        defer { closedir(folder) }
        var ids: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name.hasPrefix("location-"), name.hasSuffix(".json") else { continue }
            ids.append(String(name.dropFirst("location-".count).dropLast(".json".count)))
        }
        return ids
    }

    /// Deletes the location file of `id` (a location that left the configuration, its topics
    /// cleared); `true` when there is none any more.
    @discardableResult
    public func removeLocation(_ id: String) -> Bool {
        unlink(locationPath(id)) == 0 || errno == ENOENT
    }
}
