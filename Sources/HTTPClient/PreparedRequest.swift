/// An ``HTTPRequest`` checked and translated into what libcurl is given.
///
/// Built on the caller's task (cheap, no I/O), so that a malformed request fails before it
/// ever reaches the transfer thread.
struct PreparedRequest: Sendable {
    var url: String
    /// The host of ``url``: the only part of the URL that error messages may name.
    var host: String
    /// `Name: value` lines for `CURLOPT_HTTPHEADER` (`Name;` for an empty value).
    var headerLines: [String]
    var connectTimeoutMilliseconds: Int
    var totalTimeoutMilliseconds: Int
    var maxBodyBytes: Int
    var maxRedirects: Int

    init(_ request: HTTPRequest) throws(HTTPError) {
        guard let (scheme, host) = CurlURL.schemeAndHost(of: request.url) else {
            throw HTTPError(.invalidURL, "the URL is not a valid absolute http(s) URL")
        }
        guard scheme == "http" || scheme == "https" else {
            throw HTTPError(.protocolNotAllowed, "only http and https URLs are allowed, not \(scheme)")
        }
        guard !host.isEmpty else {
            throw HTTPError(.invalidURL, "the URL has no host")
        }
        var lines: [String] = []
        for (name, value) in request.headers {
            guard Self.isToken(name), !value.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0 })
            else {
                throw HTTPError(.invalidURL, "request header \"\(Self.printable(name))\" is not valid")
            }
            lines.append(value.isEmpty ? "\(name);" : "\(name): \(value)")
        }
        self.url = request.url
        self.host = host
        self.headerLines = lines
        self.connectTimeoutMilliseconds = Self.milliseconds(request.connectTimeout)
        self.totalTimeoutMilliseconds = Self.milliseconds(request.totalTimeout)
        self.maxBodyBytes = max(0, request.maxBodyBytes)
        self.maxRedirects = max(0, request.maxRedirects)
    }

    /// Whole milliseconds, at least 1 (0 means "no limit" to libcurl).
    static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0 else { return 1 }
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        if overflow || whole > Int64(Int32.max) { return Int(Int32.max) }
        return max(1, Int(whole + attoseconds / 1_000_000_000_000_000))
    }

    /// An RFC 9110 token: the characters allowed in a header name.
    private static func isToken(_ name: String) -> Bool {
        !name.isEmpty
            && name.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"):
                    return true
                default:
                    return "!#$%&'*+-.^_`|~".utf8.contains(byte)
                }
            }
    }

    private static func printable(_ text: String) -> String {
        String(text.unicodeScalars.prefix(40).map { $0.isASCII && $0.value >= 0x20 ? Character($0) : "?" })
    }
}
