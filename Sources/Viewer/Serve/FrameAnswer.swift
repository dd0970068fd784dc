import FoundationEssentials
import HTTPServer
import Rendering

/// The answer with a frame: its bytes, or `304 Not Modified` to a client that holds them
/// already (`If-None-Match` with its `ETag`, else `If-Modified-Since` not before its
/// `Last-Modified`, as ESPHome's `online_image` sends both). `Cache-Control` lets it be kept
/// until the drawing next changes. Pure: values in, a value out.
enum FrameAnswer {
    static func respond(_ frame: ServedFrame, format: ImageFormat, head: RequestHead, now: Date) -> ServerResponse {
        let headers = [
            HeaderField("ETag", frame.etag),
            HeaderField("Last-Modified", HTTPDate.format(frame.drawn)),
            HeaderField("Cache-Control", "max-age=\(frame.secondsToChange(from: now))"),
        ]
        if notModified(frame, head: head) { return ServerResponse(status: 304, headers: headers) }
        return ServerResponse(
            status: 200, headers: [HeaderField("Content-Type", contentType(format))] + headers, body: frame.bytes)
    }

    /// Whether the client's copy is current: `If-None-Match` decides when it is sent (a list of
    /// tags, weak ones compared weakly as RFC 9110 §13.1.2 says, or `*`), else
    /// `If-Modified-Since`.
    static func notModified(_ frame: ServedFrame, head: RequestHead) -> Bool {
        if let match = head.header("If-None-Match") {
            return match.split(separator: ",").contains { tag in
                let tag = tag.trimmingPrefix(" ").trimmingSuffix(" ")
                return tag == "*" || tag == frame.etag || tag == "W/" + frame.etag
            }
        }
        if let since = head.header("If-Modified-Since").flatMap(HTTPDate.parse) {
            return frame.drawn.timeIntervalSince1970.rounded(.down) <= since.timeIntervalSince1970
        }
        return false
    }

    static func contentType(_ format: ImageFormat) -> String {
        switch format {
        case .png: "image/png"
        case .bmp: "image/bmp"
        case .pbm: "image/x-portable-bitmap"
        case .raw: "application/octet-stream"
        }
    }
}

extension Substring {
    /// Without trailing `character`s.
    fileprivate func trimmingSuffix(_ character: Character) -> Substring {
        var text = self
        while text.last == character { text = text.dropLast() }
        return text
    }
}
