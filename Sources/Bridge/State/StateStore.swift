import FoundationEssentials
import WeatherModel

/// The bridge's memory across restarts, in `state_dir`: one file per location (last good
/// forecast, HTTP validators, not-before times, failures) and one for the request budget.
/// Files are written atomically and only when their content changed (SD cards wear).
public struct StateStore: Sendable {
    public let directory: String

    public init(directory: String) { self.directory = directory }

    func locationPath(_ id: String) -> String { directory + "/" + Self.locationFile(id) }

    /// The name of a location's state file.
    static func locationFile(_ id: String) -> String { "location-" + id + ".json" }
    var budgetPath: String { directory + "/budget.json" }
    /// The components each location's Home Assistant device announced (`LocationDevices`).
    var discoveryPath: String { directory + "/discovery.json" }

    /// The saved state of a location; `nil` when there is none or it is damaged.
    public func load(location id: String) -> LocationState? {
        guard let bytes = StateFiles.read(locationPath(id)), let json = try? JSONParser.parse(bytes) else {
            return nil
        }
        return ForecastArchive.decode(json)
    }

    /// Saves a location's state unless it equals `previous` (what was last saved); `true` when
    /// the file was written. Comparing states, not bytes, keeps no second copy in memory: the
    /// saved state shares its forecast's storage with the live one.
    @discardableResult
    public func save(location id: String, _ state: LocationState, previous: LocationState?) -> Bool {
        if state == previous { return false }
        return write(location: id, state) == 0
    }

    /// Writes a location's state file; 0, or the `errno` of the failed write.
    public func write(location id: String, _ state: LocationState) -> Int32 {
        StateFiles.writeReportingErrno(locationPath(id), ForecastArchive.encode(state).utf8Bytes)
    }

    public func loadBudget() -> RequestBudget? {
        guard let bytes = StateFiles.read(budgetPath), let json = try? JSONParser.parse(bytes),
            let day = json["day"]?.string.flatMap({ CivilDate(iso: $0) })
        else { return nil }
        var used: [String: Int] = [:]
        for (provider, count) in json["used"]?.object ?? JSONObject() { used[provider] = count.int ?? 0 }
        return RequestBudget(day: day, used: used)
    }

    /// The budget file's bytes.
    public func budgetBytes(_ budget: RequestBudget) -> [UInt8] {
        var used = JSONObject()
        for (provider, count) in budget.used.sorted(by: { $0.key < $1.key }) { used[provider] = .number(Double(count)) }
        let value: JSONValue = ["day": .string(budget.day.description), "used": .object(used)]
        return value.utf8Bytes
    }

    @discardableResult
    public func save(budget: RequestBudget, previous: [UInt8]?) -> [UInt8]? {
        let bytes = budgetBytes(budget)
        if bytes == previous { return nil }
        return StateFiles.write(budgetPath, bytes) ? bytes : nil
    }
}
