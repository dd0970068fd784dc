import ArgumentParser
import Viewer

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
            "Language of every word, date and time shown: \(BrokerOptions.languageCodes) (default: from LC_ALL, LC_MESSAGES or "
                + "LANG, else en).", valueName: "CODE"))
    var lang: String?

    func validate() throws {
        guard timeout.isFinite, timeout > 0, timeout <= 3600 else {
            throw ValidationError("--timeout must be between 0 and 3600 seconds")
        }
    }

    /// The options as the viewer's library takes them.
    var brokerOptions: BrokerOptions {
        BrokerOptions(
            broker: broker, config: config, baseTopic: baseTopic, timeout: timeout, username: username,
            passwordFile: passwordFile, caFile: caFile, certFile: certFile, keyFile: keyFile, insecure: insecure,
            lang: lang)
    }
}

/// `--font-dir`, for the commands that draw (`render`, `serve`).
struct FontOptions: ParsableArguments {
    @Option(
        name: .customLong("font-dir"),
        help: ArgumentHelp(
            "A directory of TrueType/OpenType fonts to draw with before the installed ones.", valueName: "DIR"))
    var fontDirectory: String?
}
