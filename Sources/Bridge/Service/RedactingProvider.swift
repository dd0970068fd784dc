import Configuration
import FoundationEssentials
import HTTPClient
import Providers
import WeatherModel
import WireContract

/// A provider whose errors pass through `Secrets.redact` before anyone sees them: decoders
/// quote values of the answer in their messages ("unknown units `…`"), and a hostile or
/// confused answer may hold the key, which must not reach `state_dir`, a topic or a log.
struct RedactingProvider: WeatherProvider {
    let wrapped: any WeatherProvider

    init(_ wrapped: any WeatherProvider) { self.wrapped = wrapped }

    var name: String { wrapped.name }
    var attribution: String? { wrapped.attribution }
    var callsPerFetch: Int { wrapped.callsPerFetch }

    var nowcastOffer: NowcastOffer? { wrapped.nowcastOffer }

    func fetch(_ query: ProviderQuery, transport: any ProviderTransport) async throws(ProviderError) -> ProviderResult {
        do {
            return try await wrapped.fetch(query, transport: transport)
        } catch {
            throw Self.redacted(error)
        }
    }

    func fetchNowcast(_ query: ProviderQuery, transport: any ProviderTransport) async throws(ProviderError)
        -> Nowcast?
    {
        do {
            return try await wrapped.fetchNowcast(query, transport: transport)
        } catch {
            throw Self.redacted(error)
        }
    }

    static func redacted(_ error: ProviderError) -> ProviderError {
        switch error {
        case .notModified: error
        case .unauthorized(let message): .unauthorized(Secrets.redact(message))
        case .rateLimited(let message, let retryAfter): .rateLimited(Secrets.redact(message), retryAfter: retryAfter)
        case .http(let status, let message, let retryAfter):
            .http(status: status, message: Secrets.redact(message), retryAfter: retryAfter)
        case .invalidResponse(let message): .invalidResponse(Secrets.redact(message))
        case .unreachable(let message): .unreachable(Secrets.redact(message))
        }
    }
}
