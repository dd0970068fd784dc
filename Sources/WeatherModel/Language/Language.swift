/// A language weather2mqtt writes in: condition summaries in payloads (`language:` in the
/// configuration) and every word, date and clock `weatherview` prints or draws (`--lang`).
///
/// The condition *key* (`partlycloudy`) never changes with the language; only the text does.
/// The words themselves are data, one table per language in `Tables/` (`Messages`).
public enum Language: String, Sendable, CaseIterable, Equatable {
    case en, de, fr, es, it, nl, pl, pt, sv, nb, da, fi, cs, uk, ru, ja, zh

    /// The table of everything said in this language.
    public var messages: Messages {
        switch self {
        case .en: .english
        case .de: .german
        case .fr: .french
        case .es: .spanish
        case .it: .italian
        case .nl: .dutch
        case .pl: .polish
        case .pt: .portuguese
        case .sv: .swedish
        case .nb: .norwegian
        case .da: .danish
        case .fi: .finnish
        case .cs: .czech
        case .uk: .ukrainian
        case .ru: .russian
        case .ja: .japanese
        case .zh: .chinese
        }
    }

    /// Whether clocks read `3:05 PM` (English) rather than `15:05` (all the others).
    public var usesTwelveHourClock: Bool { self == .en }

    /// The language's own name (`Deutsch`), for lists of the supported languages.
    public var name: String { messages.languageName }

    /// `en, de, fr, …`: every code, in the order of the tables.
    public static var codes: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// A language from a code as people write it: `de`, `DE`, `de_DE`, `de-AT`,
    /// `de_DE.UTF-8`, `pt_BR`, `zh_CN`, `zh-Hans`, `no`/`nn` (Norwegian: `nb`). `nil` when the
    /// language is not one of ours.
    public init?(code: String) {
        var base = Substring(code)
        if let cut = base.firstIndex(where: { $0 == "." || $0 == "@" }) { base = base[..<cut] }
        if let cut = base.firstIndex(where: { $0 == "_" || $0 == "-" }) { base = base[..<cut] }
        let lowered = base.lowercased()
        switch lowered {
        case "no", "nn", "nob": self = .nb
        default:
            guard let language = Language(rawValue: lowered) else { return nil }
            self = language
        }
    }

    /// The language of the user's locale: the first of `LC_ALL`, `LC_MESSAGES` and `LANG`
    /// that is set and not empty (as the C library decides). `C`, `POSIX` or no locale at all
    /// is English without a word; a locale whose language has no table is English with a
    /// `warning` naming it and the languages there are.
    public static func fromLocale(environment: [String: String]) -> (language: Language, warning: String?) {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        guard let locale else { return (.en, nil) }
        let base = locale.split(separator: ".").first.map(String.init) ?? locale
        if base == "C" || base == "POSIX" { return (.en, nil) }
        if let language = Language(code: locale) { return (language, nil) }
        return (
            .en,
            "the locale '\(String(locale.prefix(40)))' names a language weatherview has no words for; writing English "
                + "(choose one with --lang: \(codes))"
        )
    }
}
