import Testing
import WeatherModel

@testable import HTTPServer
@testable import StationListeners

@Suite("Listener rules")
struct ListenerRulesTests {
    @Test("listen addresses: IPv4, IPv6 in brackets, every interface; clear errors otherwise")
    func addresses() throws {
        #expect(try ListenAddress(parsing: "127.0.0.1:8080").description == "127.0.0.1:8080")
        #expect(try ListenAddress(parsing: "0.0.0.0:50222").port == 50222)
        let v6 = try ListenAddress(parsing: "[::]:8080")
        #expect(v6.isIPv6 && v6.host == "::" && v6.description == "[::]:8080")
        for (text, words) in [
            ("8080", "is not address:port"), ("localhost:8080", "host names are not resolved"),
            ("127.0.0.1:99999", "is not a port"), ("::1:8080", "is not address:port"),
            ("[::1]8080", "is not address:port"),
            ("192.168.1.300:80", "is not an IPv4 or IPv6 address"),
        ] {
            #expect(throws: ListenerError.self) { try ListenAddress(parsing: text) }
            do {
                _ = try ListenAddress(parsing: text)
            } catch {
                #expect(error.message.contains(words), "\(text): \(error.message)")
            }
        }
    }

    @Test("a source gets its burst, then one request per refill; refusals are first-time once")
    func budget() {
        var limiter = SourceLimiter(policy: RatePolicy(burst: 3, perSecond: 0.5))
        let first = (0..<5).map { _ in limiter.admit("a", at: 100) }
        #expect(first == [.admitted, .admitted, .admitted, .limited(firstTime: true), .limited(firstTime: false)])
        let later = [
            limiter.admit("b", at: 100),
            limiter.admit("a", at: 101),  // 0.5 token
            limiter.admit("a", at: 102),  // 1.0 token (0.5 a second × 2 s)
            limiter.admit("a", at: 102),
        ]
        #expect(later == [.admitted, .limited(firstTime: false), .admitted, .limited(firstTime: false)])
        let notices = [
            limiter.firstNotice(.tooLarge, from: "a", at: 103), limiter.firstNotice(.tooLarge, from: "a", at: 104),
        ]
        #expect(notices == [true, false])
    }

    @Test("the sources remembered stay bounded: quiet ones are forgotten first")
    func boundedSources() {
        var limiter = SourceLimiter(policy: RatePolicy(burst: 2, perSecond: 1), capacity: 4)
        for index in 0..<4 { _ = limiter.admit("s\(index)", at: 0) }
        _ = limiter.admit("s3", at: 0.5)
        _ = limiter.admit("s3", at: 0.5)  // s3 is now empty, the others refill within a second
        for index in 4..<100 { _ = limiter.admit("s\(index)", at: 10 + Double(index)) }
        #expect(limiter.count <= 4)
    }

    @Test("form fields: plus, escapes, duplicates, empty values; malformed escapes kept as written")
    func form() {
        let fields = FormEncoding.fields(
            "dateutc=2018-06-20+13%3A39%3A00&tempf=69.1&tempf=70&flag&&bad=%G1%&x=%e2%82%ac")
        #expect(fields.map(\.name) == ["dateutc", "tempf", "tempf", "flag", "bad", "x"])
        #expect(fields.map(\.value) == ["2018-06-20 13:39:00", "69.1", "70", "", "%G1%", "€"])
        #expect(FormEncoding.fields([0x61, 0x3D, 0xFF]).first?.value == "\u{FFFD}")
    }

    @Test("request targets: path and query; a query glued on with & (Ambient firmware) is still a query")
    func targets() {
        #expect(PushRequest.split("/data/report/?PASSKEY=A&t=1") == ("/data/report/", "PASSKEY=A&t=1"))
        #expect(PushRequest.split("/data/report&PASSKEY=A&t=1") == ("/data/report", "PASSKEY=A&t=1"))
        #expect(PushRequest.split("/a&b") == ("/a&b", ""))
        #expect(PushRequest.split("/") == ("/", ""))
    }

    @Test("station keys are masked in what is logged; other fields are left alone")
    func masking() {
        let masked = LogMask.text(
            "PASSKEY=E77D0FB57F98FAF6317D3A20DB83D8ED&stationtype=GW2000B&MAC=FC:F5:C4:98:4F:60&ID=KX1&PASSWORD=hunter2&tempf=1"
        )
        #expect(masked == "PASSKEY=***D8ED&stationtype=GW2000B&MAC=***F:60&ID=***&PASSWORD=***&tempf=1")
        #expect(LogMask.text("/data/report&passkey=E77D0FB57F98FAF6317D3A20DB83D8ED") == "/data/report&passkey=***D8ED")
        let request = PushRequest(
            source: "10.0.0.2", method: "POST", target: "/data/report/?id=24C86E0A1B2C",
            body: Array("PASSKEY=E77D0FB57F98FAF6317D3A20DB83D8ED&tempf=50".utf8), received: .init())
        #expect(request.summary == "POST /data/report/?id=***1B2C body PASSKEY=***D8ED&tempf=50")
    }
}
