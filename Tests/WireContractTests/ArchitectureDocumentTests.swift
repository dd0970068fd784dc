import Foundation
import Testing

/// docs/ARCHITECTURE.md names files and folders for a newcomer to open ("To add …" lists the
/// files to touch); a name that no longer exists sends them nowhere. Every path it writes in
/// backticks or links to must exist: from the repository's root (`Sources/…`, `Tests/…`,
/// `docs/…`, `deploy/…`), as the end of a path under `Sources/` or `Tests/`
/// (`Runners/LocationRunner.swift`), or beside the document (`SPEC.md`). Names with a
/// placeholder (`<Name>`) are patterns and left out.
@Suite("docs/ARCHITECTURE.md names files that exist")
struct ArchitectureDocumentTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every path under Sources/ and Tests/, relative to the root.
    static let tree: [String] = ["Sources", "Tests"].flatMap { top -> [String] in
        let base = root.appendingPathComponent(top)
        let walker = FileManager.default.enumerator(atPath: base.path)
        return (walker?.allObjects as? [String] ?? []).map { "\(top)/\($0)" }
    }

    /// The paths the document names: backticked tokens that look like a path, and link targets.
    static func named(in text: String) -> [String] {
        var names: [String] = []
        for pattern in [#"`([A-Za-z0-9_.+/-]+)`"#, #"\]\(([A-Za-z0-9_.+/-]+)\)"#] {
            let regex = try! NSRegularExpression(pattern: pattern)
            let range = NSRange(text.startIndex..., in: text)
            for match in regex.matches(in: text, range: range) {
                guard let token = Range(match.range(at: 1), in: text).map({ String(text[$0]) }) else { continue }
                // A bare `budget.json` is a state file the bridge writes, not one of ours.
                let isPath = token.contains("/") || token.hasSuffix(".swift") || token.hasSuffix(".md")
                if isPath && !token.hasPrefix("<") && !token.contains("://") { names.append(token) }
            }
        }
        return names
    }

    static func exists(_ name: String) -> Bool {
        let manager = FileManager.default
        let trimmed = name.hasSuffix("/") ? String(name.dropLast()) : name
        for base in [root, root.appendingPathComponent("docs")] {
            if manager.fileExists(atPath: base.appendingPathComponent(trimmed).path) { return true }
        }
        return tree.contains { $0.hasSuffix("/" + trimmed) }
    }

    @Test("every file and folder it names exists")
    func namedFilesExist() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
        let names = Self.named(in: text)
        #expect(names.count > 20, "\(names)")
        let missing = Set(names.filter { !Self.exists($0) }).sorted()
        #expect(missing.isEmpty, "named in docs/ARCHITECTURE.md but not in the repository: \(missing)")
    }

    @Test("a name that does not exist is found missing, a real one is not")
    func detector() {
        #expect(!Self.exists("Sources/Bridge/NoSuchFile.swift"))
        #expect(!Self.exists("Service/NoSuchFile.swift"))
        #expect(Self.exists("Sources/WireContract"))
        #expect(Self.exists("Payloads/LocationInfo.swift"))
        #expect(Self.exists("SPEC.md"))
        #expect(
            Self.named(in: "a `Feeds/` folder, `x`, [it](STATIONS.md), `Sources/<Name>/`") == ["Feeds/", "STATIONS.md"])
    }
}
