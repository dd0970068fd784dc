/// MQTT topic-filter rules, as a broker applies them. Pure functions.
public enum MQTTTopicFilter {
    /// Whether `topic` matches `filter`.
    ///
    /// `+` matches exactly one level (which may be empty), `#` (last level only) matches the
    /// parent level and everything below it. Filters starting with a wildcard do not match
    /// topics starting with `$` (`$SYS/...`). An invalid filter matches nothing.
    public static func matches(filter: String, topic: String) -> Bool {
        guard isValidFilter(filter), isValidTopic(topic) else { return false }
        let filterLevels = filter.split(separator: "/", omittingEmptySubsequences: false)
        let topicLevels = topic.split(separator: "/", omittingEmptySubsequences: false)
        if topic.hasPrefix("$"), let first = filterLevels.first, first == "+" || first == "#" {
            return false
        }
        var index = 0
        while index < filterLevels.count {
            let level = filterLevels[index]
            if level == "#" { return true }
            guard index < topicLevels.count else { return false }
            if level != "+" && level != topicLevels[index] { return false }
            index += 1
        }
        return index == topicLevels.count
    }

    /// Whether `filter` is a valid subscription filter: non-empty, `#` only as the whole last
    /// level, `+` only as a whole level, no NUL character.
    public static func isValidFilter(_ filter: String) -> Bool {
        guard !filter.isEmpty, !filter.contains("\u{0}"), filter.utf8.count <= 65535 else { return false }
        let levels = filter.split(separator: "/", omittingEmptySubsequences: false)
        for (index, level) in levels.enumerated() {
            if level.contains("#") && (level != "#" || index != levels.count - 1) { return false }
            if level.contains("+") && level != "+" { return false }
        }
        return true
    }

    /// Whether `topic` is a valid topic to publish to: non-empty, no wildcards, no NUL character.
    public static func isValidTopic(_ topic: String) -> Bool {
        !topic.isEmpty && topic.utf8.count <= 65535
            && !topic.contains(where: { $0 == "+" || $0 == "#" || $0 == "\u{0}" })
    }
}
