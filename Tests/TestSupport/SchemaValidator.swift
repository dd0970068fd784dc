import Foundation

/// A small JSON Schema (draft 2020-12) validator for tests, covering the keywords that
/// `docs/schema/*.json` use.
///
/// Supported: `type` (a name or a list, `integer` included), `enum`, `const`, `required`,
/// `properties`, `additionalProperties` (`false` or a schema), `propertyNames`, `items`,
/// `minItems`, `maxItems`, `uniqueItems`, `minimum`, `maximum`, `exclusiveMinimum`,
/// `exclusiveMaximum`, `minLength`, `maxLength`, `pattern` (ECMA-262 meaning of `\d` and `$`),
/// `allOf`, `anyOf`, `oneOf`, `not`, and `$ref` to `#/$defs/…` in the same file or to a sibling
/// file (`common.json#/$defs/…`). `$schema`, `$id`, `$defs`, `$comment`, `title`,
/// `description`, `examples`, `default` and `format` are annotations.
///
/// A schema that uses any other keyword, or a `$ref` that leads nowhere, makes `init` throw:
/// a keyword this validator silently ignored would be a check that can never fail.
public struct SchemaValidator: Sendable {
    /// What is wrong with the schema folder.
    public struct SchemaError: Error, CustomStringConvertible {
        public var description: String
    }

    /// The schema files of the folder, by file name (`current.json`).
    private let documents: [String: SchemaJSON]

    /// Loads every `*.json` file of `schemaFolder`.
    public init(schemaFolder: String) throws {
        var documents: [String: SchemaJSON] = [:]
        let names = try FileManager.default.contentsOfDirectory(atPath: schemaFolder).filter { $0.hasSuffix(".json") }
        for name in names.sorted() {
            let path = schemaFolder + "/" + name
            guard let data = FileManager.default.contents(atPath: path) else {
                throw SchemaError(description: "cannot read \(path)")
            }
            do {
                documents[name] = try SchemaJSON.parse(data)
            } catch {
                throw SchemaError(description: "\(path) is not JSON: \(error)")
            }
        }
        guard !documents.isEmpty else { throw SchemaError(description: "no *.json schema in \(schemaFolder)") }
        self.documents = documents
        var problems: [String] = []
        for (name, document) in documents.sorted(by: { $0.key < $1.key }) {
            checkSchema(document, at: "", in: name, problems: &problems)
        }
        if !problems.isEmpty { throw SchemaError(description: problems.joined(separator: "\n")) }
    }

    /// The repository's own schemas, `docs/schema`.
    public static func repository() throws -> SchemaValidator {
        try SchemaValidator(schemaFolder: TestPaths.repository + "/docs/schema")
    }

    /// The names of the schema files, without `.json`.
    public var schemaNames: [String] { documents.keys.map { String($0.dropLast(5)) }.sorted() }

    /// The schema file `name` (`current` or `current.json`) as `JSONSerialization` objects,
    /// for tests that look at the schemas themselves.
    public func schemaDocument(_ name: String) -> Any? {
        documents[Self.fileName(name)]?.foundationValue
    }

    /// Validates the JSON text `json` against the schema file `schemaName` (`current` or
    /// `current.json`). Returns one message per violation, each starting with the JSON pointer
    /// of the offending value in URI fragment form (`#/hours/3/humidity: …`; `#` is the root).
    /// An empty list means the document is valid.
    public func validate(_ json: String, against schemaName: String) -> [String] {
        let file = Self.fileName(schemaName)
        guard let schema = documents[file] else {
            return ["#: no schema named \(schemaName) (have \(schemaNames.joined(separator: ", ")))"]
        }
        let value: SchemaJSON
        do { value = try SchemaJSON.parse(Data(json.utf8)) } catch {
            return ["#: not JSON: \(error)"]
        }
        let context = Context()
        var errors: [String] = []
        check(value, against: schema, at: "", in: file, context: context, errors: &errors)
        return errors
    }

    private static func text(_ number: Double) -> String { SchemaJSON.number(number).summary }

    private static func fileName(_ name: String) -> String {
        name.hasSuffix(".json") ? name : name + ".json"
    }

    // MARK: - Validation

    /// Per-call state: compiled patterns and the `$ref` depth (a guard against cycles).
    private final class Context {
        var patterns: [String: NSRegularExpression] = [:]
        var refDepth = 0

        func regex(_ pattern: String) -> NSRegularExpression? {
            if let cached = patterns[pattern] { return cached }
            let compiled = try? NSRegularExpression(pattern: SchemaValidator.icuPattern(pattern))
            patterns[pattern] = compiled
            return compiled
        }
    }

    private func check(
        _ value: SchemaJSON, against schema: SchemaJSON, at pointer: String, in file: String, context: Context,
        errors: inout [String]
    ) {
        func fail(_ message: String) { errors.append("#\(pointer): \(message)") }
        func descend(_ child: SchemaJSON, _ subschema: SchemaJSON, _ childPointer: String, _ list: inout [String]) {
            check(child, against: subschema, at: childPointer, in: file, context: context, errors: &list)
        }

        if case .bool(let allowed) = schema {
            if !allowed { fail("no value is allowed here") }
            return
        }
        guard case .object(let keywords) = schema else { return }

        if case .string(let reference)? = keywords["$ref"] {
            guard let (target, targetFile) = resolve(reference, from: file), context.refDepth < 64 else {
                fail("cannot follow $ref \(reference)")
                return
            }
            context.refDepth += 1
            check(value, against: target, at: pointer, in: targetFile, context: context, errors: &errors)
            context.refDepth -= 1
        }

        if let type = keywords["type"] {
            let allowed: [String] = type.array?.compactMap(\.string) ?? [type.string].compactMap { $0 }
            if !allowed.contains(where: { value.hasType($0) }) {
                fail("expected \(allowed.joined(separator: " or ")), got \(value.summary)")
            }
        }
        if case .array(let options)? = keywords["enum"], !options.contains(value) {
            fail("\(value.summary) is not one of \(options.map(\.summary).joined(separator: ", "))")
        }
        if let constant = keywords["const"], constant != value {
            fail("expected \(constant.summary), got \(value.summary)")
        }

        switch value {
        case .number(let number):
            if let limit = keywords["minimum"]?.number, number < limit {
                fail("\(value.summary) is below the minimum \(Self.text(limit))")
            }
            if let limit = keywords["maximum"]?.number, number > limit {
                fail("\(value.summary) is above the maximum \(Self.text(limit))")
            }
            if let limit = keywords["exclusiveMinimum"]?.number, number <= limit {
                fail("\(value.summary) is not above \(Self.text(limit))")
            }
            if let limit = keywords["exclusiveMaximum"]?.number, number >= limit {
                fail("\(value.summary) is not below \(Self.text(limit))")
            }
        case .string(let text):
            let length = Double(text.unicodeScalars.count)
            if let limit = keywords["minLength"]?.number, length < limit {
                fail("\(value.summary) is shorter than \(Self.text(limit)) characters")
            }
            if let limit = keywords["maxLength"]?.number, length > limit {
                fail("\(value.summary) is longer than \(Self.text(limit)) characters")
            }
            if case .string(let pattern)? = keywords["pattern"] {
                if let regex = context.regex(pattern) {
                    let range = NSRange(text.startIndex..<text.endIndex, in: text)
                    if regex.firstMatch(in: text, range: range) == nil {
                        fail("\(value.summary) does not match \(pattern)")
                    }
                } else {
                    fail("the schema's pattern \(pattern) does not compile")
                }
            }
        case .array(let items):
            if let limit = keywords["minItems"]?.number, Double(items.count) < limit {
                fail("fewer than \(Self.text(limit)) items")
            }
            if let limit = keywords["maxItems"]?.number, Double(items.count) > limit {
                fail("more than \(Self.text(limit)) items")
            }
            if keywords["uniqueItems"] == .bool(true) {
                for (index, item) in items.enumerated() where items[..<index].contains(item) {
                    fail("item \(index) repeats an earlier one")
                }
            }
            if let itemSchema = keywords["items"] {
                for (index, item) in items.enumerated() {
                    descend(item, itemSchema, pointer + "/\(index)", &errors)
                }
            }
        case .object(let members):
            for case .string(let name) in keywords["required"]?.array ?? [] where members[name] == nil {
                fail("missing required key \"\(name)\"")
            }
            let properties = keywords["properties"]?.objectMembers ?? [:]
            for (name, member) in members.sorted(by: { $0.key < $1.key }) {
                let memberPointer = pointer + "/" + Self.escape(name)
                if let names = keywords["propertyNames"] {
                    var nameErrors: [String] = []
                    descend(.string(name), names, memberPointer, &nameErrors)
                    errors += nameErrors.map { "\($0) (the key)" }
                }
                if let propertySchema = properties[name] {
                    descend(member, propertySchema, memberPointer, &errors)
                } else if let additional = keywords["additionalProperties"] {
                    if additional == .bool(false) {
                        errors.append("#\(memberPointer): key \"\(name)\" is not allowed here")
                    } else {
                        descend(member, additional, memberPointer, &errors)
                    }
                }
            }
        default:
            break
        }

        for subschema in keywords["allOf"]?.array ?? [] {
            descend(value, subschema, pointer, &errors)
        }
        if let options = keywords["anyOf"]?.array ?? keywords["oneOf"]?.array {
            let isOneOf = keywords["oneOf"] != nil
            var branchErrors: [[String]] = []
            for option in options {
                var optionErrors: [String] = []
                descend(value, option, pointer, &optionErrors)
                branchErrors.append(optionErrors)
            }
            let matching = branchErrors.filter(\.isEmpty).count
            if matching == 0 {
                let details = branchErrors.enumerated().map { "[\($0.offset)] " + $0.element.joined(separator: "; ") }
                fail("matches none of the \(isOneOf ? "oneOf" : "anyOf") options: " + details.joined(separator: " | "))
            } else if isOneOf, matching > 1 {
                fail("matches \(matching) oneOf options, not exactly one")
            }
        }
        if let negated = keywords["not"] {
            var negatedErrors: [String] = []
            descend(value, negated, pointer, &negatedErrors)
            if negatedErrors.isEmpty { fail("matches a schema it must not match") }
        }
    }

    /// `#/$defs/x` in `file`, or `other.json#/$defs/x`, as a schema and the file it lives in.
    private func resolve(_ reference: String, from file: String) -> (SchemaJSON, String)? {
        let parts = reference.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let targetFile = parts[0].isEmpty ? file : String(parts[0])
        guard var node = documents[targetFile] else { return nil }
        let fragment = parts.count > 1 ? String(parts[1]) : ""
        guard fragment.isEmpty || fragment.hasPrefix("/") else { return nil }
        for token in fragment.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            let key = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            switch node {
            case .object(let members):
                guard let next = members[key] else { return nil }
                node = next
            case .array(let items):
                guard let index = Int(key), items.indices.contains(index) else { return nil }
                node = items[index]
            default:
                return nil
            }
        }
        return (node, targetFile)
    }

    /// A JSON pointer reference token: `~` and `/` escaped.
    static func escape(_ key: String) -> String {
        key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    /// An ECMA-262 pattern (what JSON Schema means) in ICU syntax: `\d` is ASCII digits only
    /// (ICU would take any Unicode digit) and `$` is the very end (ICU would also allow a
    /// final newline before it).
    static func icuPattern(_ pattern: String) -> String {
        var result = ""
        var inClass = false
        var characters = pattern.makeIterator()
        while let character = characters.next() {
            switch character {
            case "\\":
                guard let escaped = characters.next() else {
                    result.append("\\")
                    break
                }
                switch escaped {
                case "d": result += inClass ? "0-9" : "[0-9]"
                case "D" where !inClass: result += "[^0-9]"
                default: result += "\\" + String(escaped)
                }
            case "[" where !inClass:
                inClass = true
                result.append(character)
            case "]" where inClass:
                inClass = false
                result.append(character)
            case "$" where !inClass:
                result += "\\z"
            default:
                result.append(character)
            }
        }
        return result
    }

    // MARK: - Checking the schemas themselves

    private static let keywords: Set<String> = [
        "type", "enum", "const", "required", "properties", "additionalProperties", "propertyNames", "items",
        "minItems", "maxItems", "uniqueItems", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
        "minLength", "maxLength", "pattern", "allOf", "anyOf", "oneOf", "not", "$ref",
    ]
    private static let annotations: Set<String> = [
        "$schema", "$id", "$defs", "$comment", "title", "description", "examples", "default", "format",
    ]

    private func checkSchema(_ schema: SchemaJSON, at path: String, in file: String, problems: inout [String]) {
        guard case .object(let members) = schema else {
            if case .bool = schema { return }
            problems.append("\(file)#\(path): a schema must be an object or a boolean")
            return
        }
        for (key, value) in members.sorted(by: { $0.key < $1.key }) {
            let here = path + "/" + Self.escape(key)
            if !Self.keywords.contains(key) && !Self.annotations.contains(key) {
                problems.append("\(file)#\(path): unsupported keyword \"\(key)\"")
                continue
            }
            switch key {
            case "$defs", "properties":
                for (name, subschema) in (value.objectMembers ?? [:]).sorted(by: { $0.key < $1.key }) {
                    checkSchema(subschema, at: here + "/" + Self.escape(name), in: file, problems: &problems)
                }
            case "additionalProperties", "propertyNames", "items", "not":
                checkSchema(value, at: here, in: file, problems: &problems)
            case "allOf", "anyOf", "oneOf":
                for (index, subschema) in (value.array ?? []).enumerated() {
                    checkSchema(subschema, at: here + "/\(index)", in: file, problems: &problems)
                }
            case "$ref":
                if let reference = value.string, resolve(reference, from: file) == nil {
                    problems.append("\(file)#\(here): $ref \(reference) leads nowhere")
                }
            case "pattern":
                if let pattern = value.string, (try? NSRegularExpression(pattern: Self.icuPattern(pattern))) == nil {
                    problems.append("\(file)#\(here): pattern \(pattern) does not compile")
                }
            default:
                break
            }
        }
    }
}

/// JSON as `JSONSerialization` reads it, with booleans told apart from numbers.
enum SchemaJSON: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([SchemaJSON])
    case object([String: SchemaJSON])

    static func parse(_ data: Data) throws -> SchemaJSON {
        try SchemaJSON(JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]))
    }

    init(_ any: Any) throws {
        switch any {
        case is NSNull:
            self = .null
        case let number as NSNumber:
            // JSONSerialization gives booleans as NSNumber too; their type encoding is `c`.
            if String(cString: number.objCType) == "c" {
                self = .bool(number.boolValue)
            } else {
                self = .number(number.doubleValue)
            }
        case let value as Bool:
            self = .bool(value)
        case let text as String:
            self = .string(text)
        case let items as [Any]:
            self = .array(try items.map(SchemaJSON.init))
        case let members as [String: Any]:
            self = .object(try members.mapValues(SchemaJSON.init))
        default:
            throw SchemaValidator.SchemaError(description: "unexpected \(type(of: any)) from JSONSerialization")
        }
    }

    var foundationValue: Any {
        switch self {
        case .null: NSNull()
        case .bool(let value): value
        case .number(let value): value
        case .string(let value): value
        case .array(let items): items.map(\.foundationValue)
        case .object(let members): members.mapValues(\.foundationValue)
        }
    }

    var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    var number: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    var array: [SchemaJSON]? {
        if case .array(let items) = self { return items }
        return nil
    }

    var objectMembers: [String: SchemaJSON]? {
        if case .object(let members) = self { return members }
        return nil
    }

    func hasType(_ name: String) -> Bool {
        switch (name, self) {
        case ("null", .null), ("boolean", .bool), ("number", .number), ("string", .string), ("array", .array),
            ("object", .object):
            true
        case ("integer", .number(let value)):
            value.isFinite && value == value.rounded()
        default:
            false
        }
    }

    /// The value, short, for messages.
    var summary: String {
        switch self {
        case .null: "null"
        case .bool(let value): "\(value)"
        case .number(let value): value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
        case .string(let value): "\"" + (value.count > 40 ? String(value.prefix(40)) + "…" : value) + "\""
        case .array(let items): "an array of \(items.count)"
        case .object: "an object"
        }
    }
}
