import Testing

@testable import StationListeners

@Suite("Form encoding")
struct FormEncodingTests {
    @Test("plus is a space, escapes are bytes, order and duplicates kept")
    func decodes() {
        let fields = FormEncoding.fields("dateutc=2018-06-20+13%3A39%3A00&tempf=69.1&tempf=70&flag")
        #expect(fields.map(\.name) == ["dateutc", "tempf", "tempf", "flag"])
        #expect(fields.map(\.value) == ["2018-06-20 13:39:00", "69.1", "70", ""])
    }
}
