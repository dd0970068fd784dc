import CCurl

/// URL parts read with libcurl's own parser, so that what is checked is what is fetched.
enum CurlURL {
    /// The lower-cased scheme and the host of `url`, or `nil` when libcurl cannot parse it.
    /// Any scheme parses here; deciding which ones are allowed is the caller's business.
    static func schemeAndHost(of url: String) -> (scheme: String, host: String)? {
        guard let handle = curl_url() else { return nil }
        defer { curl_url_cleanup(handle) }
        guard curl_url_set(handle, CURLUPART_URL, url, UInt32(CURLU_NON_SUPPORT_SCHEME)) == CURLUE_OK,
            let scheme = part(CURLUPART_SCHEME, of: handle)
        else { return nil }
        return (scheme.lowercased(), part(CURLUPART_HOST, of: handle) ?? "")
    }

    private static func part(_ what: CURLUPart, of handle: OpaquePointer) -> String? {
        var value: UnsafeMutablePointer<CChar>? = nil
        guard curl_url_get(handle, what, &value, 0) == CURLUE_OK, let value else { return nil }
        defer { curl_free(value) }
        return String(cString: value)
    }
}
