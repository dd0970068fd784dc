import FoundationEssentials
import HTTPClient
import Providers

/// Sends provider requests over libcurl (`HTTPClient`) with SPEC §5's limits: gzip, bounded
/// connect and total time, at most 10 MB, redirects only to http/https, TLS verified.
public struct HTTPTransport: ProviderTransport {
    let client: HTTPClient
    let clock: BridgeClock

    public init(client: HTTPClient = .shared, clock: BridgeClock) {
        self.client = client
        self.clock = clock
    }

    public func send(_ request: ProviderRequest) async throws(ProviderError) -> ProviderResponse {
        var http = HTTPRequest(url: request.url, headers: request.headers)
        http.connectTimeout = .seconds(10)
        http.totalTimeout = .seconds(30)
        do {
            let response = try await client.send(http)
            return ProviderResponse(
                status: response.status, headers: response.headers, body: response.body, receivedAt: clock.now())
        } catch {
            let message = ResponseCheck.redact(error.message, secrets: request.secrets)
            switch error.kind {
            case .tooLarge, .tooManyRedirects, .protocolNotAllowed:
                throw .invalidResponse(Secrets.redact(message))
            default:
                throw .unreachable(Secrets.redact(message))
            }
        }
    }
}
