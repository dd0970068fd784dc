import CMosquitto

/// The `struct mosquitto *` of one client.
///
/// `@unchecked Sendable` because libmosquitto (built WITH_THREADING) guards the handle's
/// state with its own mutexes: publish/subscribe from any thread while the network thread
/// runs `mosquitto_loop` is the documented threaded usage (`mosquitto_threaded_set`).
struct MosquittoHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}

/// Process-wide libmosquitto state.
enum Mosquitto {
    /// `mosquitto_lib_init`, exactly once per process (Swift runs a `static let`
    /// initialiser once, thread-safely).
    static let initialised: Bool = mosquitto_lib_init() == MOSQ_ERR_SUCCESS.rawValue

    /// `rc` as the `mosq_err_t` it is.
    static func isSuccess(_ rc: Int32) -> Bool { rc == MOSQ_ERR_SUCCESS.rawValue }

    static func describe(_ rc: Int32) -> String {
        guard let text = mosquitto_strerror(rc) else { return "error \(rc)" }
        return String(cString: text)
    }
}

extension mosq_err_t {
    /// Whether a libmosquitto return code is this error.
    static func ~= (pattern: mosq_err_t, rc: Int32) -> Bool { pattern.rawValue == rc }
}
