import HTTPClient
import TestSupport
import Testing

@Suite("Redirects")
struct RedirectTests {
    let client = HTTPClient()

    @Test("a redirect is followed and the final response's headers are returned")
    func followed() async throws {
        let server = try Scope()
        try server.route("/old", [FixtureResponse(headers: ["X-Hop": "first"], redirect: server.path("/middle"))])
        try server.route("/middle", [.redirect(to: server.url("/new"), status: 301)])
        try server.route("/new", [.json(#"{"here":true}"#, headers: ["X-Final": "yes"])])

        let response = try await client.send(HTTPRequest(url: server.url("/old")))

        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"here":true}"#)
        #expect(response.header("x-final") == "yes")
        #expect(response.header("x-hop") == nil)
        #expect(try server.requests().map(\.path) == ["/old", "/middle", "/new"].map(server.path))
    }

    @Test(
        "a redirect to a non-http scheme is refused",
        arguments: ["file:///etc/passwd", "ftp://127.0.0.1:21/pub/x"])
    func otherScheme(location: String) async throws {
        let server = try Scope()
        try server.route(secretPath, [.redirect(to: location)])

        let result = await outcome(client, HTTPRequest(url: server.url(secretSuffix)))

        expectError(result, .protocolNotAllowed)
        #expect(try server.requests().count == 1)
    }

    @Test(
        "a non-http URL is refused before any request",
        arguments: ["file:///etc/passwd", "ftp://127.0.0.1/x", "gopher://127.0.0.1/"])
    func otherSchemeURL(url: String) async {
        expectError(await outcome(client, HTTPRequest(url: url)), .protocolNotAllowed, host: nil)
    }

    @Test("more redirects than allowed is an error")
    func tooMany() async throws {
        let server = try Scope()
        try server.route(secretPath, [.redirect(to: server.path(secretSuffix))])
        var request = HTTPRequest(url: server.url(secretSuffix))
        request.maxRedirects = 3

        let result = await outcome(client, request)

        expectError(result, .tooManyRedirects)
        #expect(try server.requests().count == 4)
    }

    @Test("with maxRedirects 0 the redirect itself is the response")
    func notFollowed() async throws {
        let server = try Scope()
        try server.route("/old", [.redirect(to: server.path("/new"))])
        var request = HTTPRequest(url: server.url("/old"))
        request.maxRedirects = 0

        let response = try await client.send(request)

        #expect(response.status == 302)
        #expect(response.header("location") == server.path("/new"))
        #expect(try server.requests().count == 1)
    }
}
