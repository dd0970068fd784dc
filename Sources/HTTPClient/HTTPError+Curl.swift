import CCurl

extension HTTPError {
    /// The error for a transfer that ended with `code`, described with `host` only.
    ///
    /// libcurl's own error buffer is not used: some of its messages quote the URL.
    /// `curl_easy_strerror` texts are generic and safe to show.
    static func from(
        _ code: CURLcode, host: String, bodyLimitExceeded: Bool, maxBodyBytes: Int, maxRedirects: Int
    ) -> HTTPError {
        let detail = "curl error \(code.rawValue): \(String(cString: curl_easy_strerror(code)))"
        if bodyLimitExceeded || code == CURLE_FILESIZE_EXCEEDED {
            return HTTPError(.tooLarge, "the response from \(host) is larger than \(maxBodyBytes) bytes")
        }
        switch code {
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            return HTTPError(.couldNotConnect, "could not resolve host \(host) (\(detail))")
        case CURLE_COULDNT_CONNECT:
            return HTTPError(.couldNotConnect, "could not connect to \(host) (\(detail))")
        case CURLE_OPERATION_TIMEDOUT:
            return HTTPError(.timedOut, "\(host) did not answer in time (\(detail))")
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM,
            CURLE_SSL_CIPHER, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR,
            CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CRL_BADFILE,
            CURLE_SSL_SHUTDOWN_FAILED, CURLE_SSL_ENGINE_NOTFOUND, CURLE_SSL_ENGINE_SETFAILED,
            CURLE_SSL_ENGINE_INITFAILED, CURLE_USE_SSL_FAILED, CURLE_SSL_CLIENTCERT:
            return HTTPError(.tls, "TLS with \(host) failed (\(detail))")
        case CURLE_UNSUPPORTED_PROTOCOL:
            return HTTPError(
                .protocolNotAllowed, "\(host) redirected to a URL that is not http or https (\(detail))")
        case CURLE_TOO_MANY_REDIRECTS:
            return HTTPError(.tooManyRedirects, "more than \(maxRedirects) redirects, starting at \(host)")
        case CURLE_URL_MALFORMAT:
            return HTTPError(.invalidURL, "a URL for \(host) is not valid (\(detail))")
        case CURLE_PARTIAL_FILE:
            return HTTPError(
                .other, "response truncated: \(host) closed the connection before the whole body arrived")
        case CURLE_BAD_CONTENT_ENCODING:
            return HTTPError(.other, "the response from \(host) could not be decompressed (\(detail))")
        default:
            return HTTPError(.other, "the request to \(host) failed (\(detail))")
        }
    }
}
