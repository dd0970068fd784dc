/// Why a request is answered 400, in words naming the parameter.
struct RequestProblem: Error, Sendable, Equatable {
    var message: String

    init(_ message: String) { self.message = message }
}
