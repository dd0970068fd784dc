import FoundationEssentials
import Rendering
import WeatherModel
import WireContract

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The location whose weather answers a point: the nearest one on the broker within the
/// configured radius (`onecall.radius`). Pure: the retained messages in, a choice out.
struct OneCallPlace: Sendable, Equatable {
    var id: String
    var name: String
    var latitude: Double
    var longitude: Double
    /// From the asked point, km.
    var distance: Double

    /// The nearest of the locations in `messages` (their coordinates from their payloads'
    /// `location`) within `radius` km of the point; the 400 naming the nearest when none is, the
    /// 503 when the broker has no location yet.
    static func nearest(
        latitude: Double, longitude: Double, radius: Double, base: String, messages: [String: [UInt8]]
    ) -> Result<OneCallPlace, OneCallError> {
        var best: OneCallPlace?
        let names = TopicNames(base: base)
        for id in FrameSource(base: base, location: nil).locations(in: messages) {
            guard let info = location(id, names: names, messages: messages) else { continue }
            let distance = Self.distance(latitude, longitude, info.latitude, info.longitude)
            if distance < best?.distance ?? .infinity {
                best = OneCallPlace(
                    id: id, name: info.name, latitude: info.latitude, longitude: info.longitude, distance: distance)
            }
        }
        guard let best else { return .failure(.unavailable("no location on the broker yet")) }
        guard best.distance <= radius else {
            return .failure(
                .badRequest(
                    "no location within \(JSONValue.format(radius)) km of \(JSONValue.format(latitude)),"
                        + "\(JSONValue.format(longitude)): the nearest, '\(best.id)', is "
                        + "\(JSONValue.format(OneCallAnswer.rounded(best.distance, 1))) km away "
                        + "(onecall.radius in weatherview's --config)"))
        }
        return .success(best)
    }

    /// The `location` of the first of a location's payloads that has one.
    private static func location(_ id: String, names: TopicNames, messages: [String: [UInt8]]) -> LocationInfo? {
        for kind in [LocationTopic.current, .daily, .hourly, .airQuality] {
            let topic = names.name(.location(id, kind))
            guard let bytes = messages[topic], let json = try? PayloadDecoder().object(topic: topic, bytes: bytes),
                let reader = try? FieldReader(topic: topic, path: kind.rawValue, value: json),
                let info = try? Envelope.location(reader), info.id == id
            else { continue }
            return info
        }
        return nil
    }

    /// The great-circle distance between two points, km (haversine, mean Earth radius).
    static func distance(_ latitude1: Double, _ longitude1: Double, _ latitude2: Double, _ longitude2: Double)
        -> Double
    {
        let radians = Double.pi / 180
        let dLatitude = (latitude2 - latitude1) * radians
        let dLongitude = (longitude2 - longitude1) * radians
        let a =
            sin(dLatitude / 2) * sin(dLatitude / 2)
            + cos(latitude1 * radians) * cos(latitude2 * radians) * sin(dLongitude / 2) * sin(dLongitude / 2)
        return 2 * 6371.0088 * asin(min(1, a.squareRoot()))
    }
}
