import CCurl

/// One request in progress: a configured easy handle and what has arrived so far.
///
/// Lives on the transfer thread only: created there, fed by libcurl's callbacks there
/// (they run inside `curl_multi_perform`), finished there. The callbacks reach it through
/// an unretained `Unmanaged` pointer; the loop keeps it alive while the handle is attached.
final class Transfer {
    let job: TransferLoop.Job
    let easy: UnsafeMutableRawPointer
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private var body: [UInt8] = []
    private var headers: [(name: String, value: String)] = []
    private var bodyLimitExceeded = false

    /// A transfer with its easy handle configured for `job`, not yet added to a multi handle.
    init(_ job: TransferLoop.Job) throws(HTTPError) {
        guard let easy = curl_easy_init() else {
            throw HTTPError(.other, "could not start a request to \(job.request.host) (out of memory)")
        }
        self.job = job
        self.easy = easy
        let request = job.request
        for line in request.headerLines {
            guard let list = curl_slist_append(headerList, line) else {
                close()
                throw HTTPError(.other, "could not start a request to \(request.host) (out of memory)")
            }
            headerList = list
        }
        let context = Unmanaged.passUnretained(self).toOpaque()
        let results: [CURLcode] = [
            ccurl_setopt_long(easy, CURLOPT_NOSIGNAL, 1),
            ccurl_setopt_string(easy, CURLOPT_URL, request.url),
            ccurl_setopt_string(easy, CURLOPT_PROTOCOLS_STR, "http,https"),
            ccurl_setopt_string(easy, CURLOPT_REDIR_PROTOCOLS_STR, "http,https"),
            ccurl_setopt_long(easy, CURLOPT_FOLLOWLOCATION, request.maxRedirects > 0 ? 1 : 0),
            ccurl_setopt_long(easy, CURLOPT_MAXREDIRS, request.maxRedirects),
            ccurl_setopt_string(easy, CURLOPT_ACCEPT_ENCODING, ""),
            ccurl_setopt_long(easy, CURLOPT_SSL_VERIFYPEER, 1),
            ccurl_setopt_long(easy, CURLOPT_SSL_VERIFYHOST, 2),
            ccurl_setopt_long(easy, CURLOPT_CONNECTTIMEOUT_MS, request.connectTimeoutMilliseconds),
            ccurl_setopt_long(easy, CURLOPT_TIMEOUT_MS, request.totalTimeoutMilliseconds),
            ccurl_setopt_offset(easy, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(request.maxBodyBytes)),
            ccurl_setopt_slist(easy, CURLOPT_HTTPHEADER, headerList),
            ccurl_setopt_pointer(easy, CURLOPT_WRITEDATA, context),
            ccurl_setopt_write_function(easy) { data, size, count, context in
                guard let context else { return 0 }
                let transfer = Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue()
                return transfer.receiveBody(UnsafeRawBufferPointer(start: data, count: size * count))
            },
            ccurl_setopt_pointer(easy, CURLOPT_HEADERDATA, context),
            ccurl_setopt_header_function(easy) { data, size, count, context in
                guard let context else { return 0 }
                let transfer = Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue()
                transfer.receiveHeaderLine(UnsafeRawBufferPointer(start: data, count: size * count))
                return size * count
            },
        ]
        if let failed = results.first(where: { $0 != CURLE_OK }) {
            close()
            throw HTTPError(
                .other,
                "could not configure a request to \(request.host) (curl error \(failed.rawValue): "
                    + "\(String(cString: curl_easy_strerror(failed))))")
        }
    }

    /// Frees the easy handle and the header list. Call once, after the handle was removed
    /// from its multi handle (or was never added).
    func close() {
        curl_easy_cleanup(easy)
        curl_slist_free_all(headerList)
        headerList = nil
    }

    /// The outcome once libcurl reports the transfer done with `code`: the response, copied
    /// out of this object, or the error.
    func result(_ code: CURLcode) -> Result<HTTPResponse, HTTPError> {
        guard code == CURLE_OK, !bodyLimitExceeded else {
            return .failure(
                HTTPError.from(
                    code, host: effectiveHost(), bodyLimitExceeded: bodyLimitExceeded,
                    maxBodyBytes: job.request.maxBodyBytes, maxRedirects: job.request.maxRedirects))
        }
        var status = 0
        _ = ccurl_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
        return .success(HTTPResponse(status: status, headers: headers, body: body))
    }

    /// The host of the URL last asked for (after redirects), for error messages.
    private func effectiveHost() -> String {
        var url: UnsafeMutablePointer<CChar>? = nil
        if ccurl_getinfo_string(easy, CURLINFO_EFFECTIVE_URL, &url) == CURLE_OK, let url,
            let (_, host) = CurlURL.schemeAndHost(of: String(cString: url)), !host.isEmpty
        {
            return host
        }
        return job.request.host
    }

    /// Appends body bytes; returns fewer bytes than given (which makes libcurl abort with
    /// `CURLE_WRITE_ERROR`) as soon as the body would grow past the limit.
    private func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Int {
        guard body.count + bytes.count <= job.request.maxBodyBytes else {
            bodyLimitExceeded = true
            return 0
        }
        body.append(contentsOf: bytes)
        return bytes.count
    }

    /// Records one header line. A status line starts a new response (a redirect, a `100
    /// Continue`), so only the final response's headers remain.
    private func receiveHeaderLine(_ bytes: UnsafeRawBufferPointer) {
        var line = bytes[...]
        while let last = line.last, last == 0x0D || last == 0x0A { line = line.dropLast() }
        if line.starts(with: "HTTP/".utf8) {
            headers.removeAll()
            return
        }
        guard let first = line.first else { return }
        if first == 0x20 || first == 0x09 {
            // An obsolete folded continuation of the previous header's value.
            guard !headers.isEmpty else { return }
            headers[headers.count - 1].value += " " + Self.trimmed(line)
            return
        }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return }
        let name = String(decoding: line[..<colon], as: UTF8.self).lowercased()
        headers.append((name: name, value: Self.trimmed(line[(colon + 1)...])))
    }

    private static func trimmed(_ bytes: Slice<UnsafeRawBufferPointer>) -> String {
        var slice = bytes
        while let first = slice.first, first == 0x20 || first == 0x09 { slice = slice.dropFirst() }
        while let last = slice.last, last == 0x20 || last == 0x09 { slice = slice.dropLast() }
        return String(decoding: slice, as: UTF8.self)
    }
}
