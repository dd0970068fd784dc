import ArgumentParser
import Configuration
import MQTTClient
import WeatherModel

/// Options every command takes: where the broker is, how to log in, where the topics are,
/// and how long to wait for retained data.
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Broker URL, mqtt://host[:port] or mqtts://host[:port].", valueName: "URL"))
    var broker: String?

    @Option(
        name: .long,
        help: ArgumentHelp("A weather2mqtt configuration file; its mqtt: section is used.", valueName: "FILE"))
    var config: String?

    @Option(
        name: .long,
        help: ArgumentHelp("Topic prefix (default: the config's base_topic, else weather).", valueName: "TOPIC"))
    var baseTopic: String?

    @Option(
        name: .long, help: ArgumentHelp("Seconds to wait for the broker and its retained data.", valueName: "SECONDS"))
    var timeout: Double = 5

    @Option(name: .long, help: "User name for the broker.")
    var username: String?

    @Option(name: .long, help: ArgumentHelp("File whose first line is the broker password.", valueName: "FILE"))
    var passwordFile: String?

    @Option(
        name: .long, help: ArgumentHelp("CA certificates (PEM) to verify an mqtts:// broker with.", valueName: "FILE"))
    var caFile: String?

    @Option(name: .long, help: ArgumentHelp("Client certificate (PEM) for an mqtts:// broker.", valueName: "FILE"))
    var certFile: String?

    @Option(name: .long, help: ArgumentHelp("Private key (PEM) of --cert-file.", valueName: "FILE"))
    var keyFile: String?

    @Flag(name: .long, help: "Do not verify the mqtts:// broker's certificate (self-signed test brokers only).")
    var insecure = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Language of every word, date and time shown: \(Language.codes) (default: from LC_ALL, LC_MESSAGES or "
                + "LANG, else en).", valueName: "CODE"))
    var lang: String?

    func validate() throws {
        guard timeout.isFinite, timeout > 0, timeout <= 3600 else {
            throw ValidationError("--timeout must be between 0 and 3600 seconds")
        }
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

/// Location ids as SPEC §2 allows them: `^[a-z0-9][a-z0-9_-]{0,63}$`.
enum LocationID {
    static func validate(_ id: String) throws(Failure) {
        let bytes = Array(id.utf8)
        let valid =
            (1...64).contains(bytes.count)
            && bytes.enumerated().allSatisfy { index, byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || (index > 0 && (byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")))
            }
        guard valid else {
            throw Failure.usage("invalid location id '\(id)': lower-case letters, digits, '_' and '-' (e.g. home)")
        }
    }
}
