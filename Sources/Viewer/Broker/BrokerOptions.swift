import ConfigurationCore
import MQTTClient
import WeatherModel
import WireContract

/// Where the broker is, how to log in, where the topics are and how long to wait: the global
/// options of every `weatherview` command, before they are resolved.
public struct BrokerOptions: Sendable {
    public var broker: String?
    public var config: String?
    public var baseTopic: String?
    /// Seconds.
    public var timeout: Double
    public var username: String?
    public var passwordFile: String?
    public var caFile: String?
    public var certFile: String?
    public var keyFile: String?
    public var insecure: Bool
    /// `--lang`: the language of every word, date and time shown (nil: the locale's).
    public var lang: String?

    public init(
        broker: String? = nil, config: String? = nil, baseTopic: String? = nil, timeout: Double = 5,
        username: String? = nil, passwordFile: String? = nil, caFile: String? = nil, certFile: String? = nil,
        keyFile: String? = nil, insecure: Bool = false, lang: String? = nil
    ) {
        self.broker = broker
        self.config = config
        self.baseTopic = baseTopic
        self.timeout = timeout
        self.username = username
        self.passwordFile = passwordFile
        self.caFile = caFile
        self.certFile = certFile
        self.keyFile = keyFile
        self.insecure = insecure
        self.lang = lang
    }

    /// The languages `--lang` takes, for `--help`.
    public static var languageCodes: String { Language.codes }

    /// The language to write in: `--lang` (an unknown code is a usage error listing the
    /// known ones), else the locale's (a locale in another language is English, with a
    /// one-line warning on stderr).
    func language() throws(Failure) -> Language {
        if let lang {
            guard let language = Language(code: lang) else {
                throw Failure.usage(
                    "--lang: unknown language '\(lang.prefix(40))' (supported: "
                        + Language.allCases.map { "\($0.rawValue) \($0.name)" }.joined(separator: ", ") + ")")
            }
            return language
        }
        var environment: [String: String] = [:]
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] { environment[name] = ProcessEnvironment.value(name) }
        let (language, warning) = Language.fromLocale(environment: environment)
        if let warning { Output.error("warning: " + warning) }
        return language
    }

    /// Everything needed to connect, resolved from the options, the environment and the
    /// configuration file. Warns on stderr when TLS verification is off and when
    /// `--password-file` is readable by other users.
    func resolve() throws(Failure) -> BrokerSettings {
        var mqtt: MQTTSettings?
        if let config {
            do {
                mqtt = try ConfigurationLoader.loadMQTT(path: config)
            } catch {
                throw Failure(ConfigurationError.exitCode, error.description)
            }
        }
        let urlText =
            broker ?? ProcessEnvironment.value("WEATHER2MQTT_BROKER").flatMap { $0.isEmpty ? nil : $0 }
            ?? mqtt?.url ?? "mqtt://127.0.0.1:1883"
        guard let url = MQTTURL(urlText) else {
            // Never echo a URL that holds a password (`mqtt://user:secret@host`).
            let authority = urlText.split(separator: "://", maxSplits: 1).last?.prefix { $0 != "/" } ?? ""
            if authority.contains("@") {
                throw Failure.usage("the broker URL must not hold credentials: use --username and --password-file")
            }
            throw Failure.usage("invalid broker URL '\(urlText)': expected mqtt://host[:port] or mqtts://host[:port]")
        }
        let base = baseTopic ?? mqtt?.baseTopic ?? "weather"
        guard !base.isEmpty, MQTTTopicFilter.isValidTopic(base), !base.hasPrefix("/"), !base.hasSuffix("/") else {
            throw Failure.usage("invalid --base-topic '\(base)': no wildcards, no leading or trailing '/'")
        }
        var options = MQTTConnectOptions(url: url, clientID: Self.clientID())
        options.protocolVersion = mqtt?.protocolVersion == .v5 ? .v5 : .v311
        options.keepAlive = 30
        options.connectTimeout = max(1, Int(timeout.rounded(.up)))
        options.username = username ?? mqtt?.username
        if let passwordFile {
            guard let password = LocalFile.firstLine(passwordFile) else {
                throw Failure.usage("cannot read --password-file \(passwordFile)")
            }
            if LocalFile.isReadableByOthers(passwordFile) {
                Output.error("warning: --password-file \(passwordFile) is readable by other users (chmod 600)")
            }
            options.password = password
        } else {
            options.password = mqtt?.password
        }
        let wantsTLSOptions = caFile != nil || certFile != nil || keyFile != nil || insecure
        if url.scheme == .mqtts {
            let tls = mqtt?.tls
            options.tls = MQTTTLSOptions(
                caFile: caFile ?? tls?.caFile, certFile: certFile ?? tls?.certFile, keyFile: keyFile ?? tls?.keyFile,
                insecure: insecure || (tls?.insecure ?? false))
            if options.tls?.insecure == true {
                Output.error(
                    "warning: TLS verification is off (\(insecure ? "--insecure" : "tls.insecure")): "
                        + "the broker's certificate is NOT verified")
            }
        } else if wantsTLSOptions {
            throw Failure.usage(
                "--ca-file, --cert-file, --key-file and --insecure need an mqtts:// broker (got \(url))")
        }
        return BrokerSettings(url: url, options: options, baseTopic: base, timeout: timeout)
    }

    /// `weatherview-<pid>-<random>`: unique, so two viewers never kick each other off.
    static func clientID() -> String {
        var generator = SystemRandomNumberGenerator()
        return "weatherview-\(ProcessIdentity.id)-\(String(generator.next() as UInt32, radix: 16))"
    }
}

/// A resolved broker connection.
struct BrokerSettings: Sendable {
    var url: MQTTURL
    var options: MQTTConnectOptions
    var baseTopic: String
    /// Seconds.
    var timeout: Double
}

extension LocationID {
    /// A usage error unless `id` is a location id (SPEC §2); stations' ids follow the same
    /// pattern (`what: "station", example: "roof"`).
    static func validate(_ id: String, what: String = "location", example: String = "home") throws(Failure) {
        guard isValid(id) else {
            throw Failure.usage("invalid \(what) id '\(id)': lower-case letters, digits, '_' and '-' (e.g. \(example))")
        }
    }
}
