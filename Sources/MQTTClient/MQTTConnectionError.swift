/// A failure to connect, publish or subscribe, described in plain language.
///
/// `description` is meant for logs and users ("connection refused by 127.0.0.1:1883",
/// "not authorised: bad username or password", "TLS: certificate not trusted") and never
/// contains the password.
public struct MQTTConnectionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The broad class of failure, for exit codes and retry decisions.
    public enum Kind: Sendable, Hashable {
        /// The options cannot work (bad port, unreadable TLS file, invalid topic, ...).
        case invalidOptions
        /// Nothing accepted the TCP connection.
        case refused
        /// The host name did not resolve.
        case hostNotFound
        /// No route, or no answer in time.
        case unreachable
        /// The broker rejected the credentials or the client.
        case notAuthorised
        /// The TLS handshake or certificate verification failed.
        case tls
        /// The broker refused the connection for another reason, or broke the protocol.
        case rejected
        /// The broker did not accept the MQTT version asked for (the client then tries 3.1.1).
        case protocolVersion
        /// An established connection was lost.
        case connectionLost
        /// A QoS 0 message could not be sent because there is no connection.
        case notConnected
        /// Anything else libmosquitto reported.
        case other
    }

    /// The class of failure.
    public var kind: Kind
    /// The plain-language description.
    public var message: String

    /// An error of `kind` described by `message` (which must not contain secrets).
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
