/// A whole request: its head, its body, and what was left of its source's request budget when
/// it arrived (a full budget is ``RatePolicy/burst``; a flooder's is near 0).
public struct ServerRequest: Sendable, Equatable {
    public var head: RequestHead
    public var body: [UInt8]
    public var budget: Double

    public init(head: RequestHead, body: [UInt8] = [], budget: Double = 1) {
        self.head = head
        self.body = body
        self.budget = budget
    }
}
