import Testing
import WeatherModel

@Suite("String.replacingAll: the one substring replacement")
struct ReplacingAllTests {
    @Test("replaces every occurrence, on bytes")
    func replaces() {
        let quoted = "a'b'c".replacingAll("'", with: "'\\''")
        #expect(quoted == "a'\\''b'\\''c")
        #expect("key=abcd&x=abcd".replacingAll("abcd", with: "***") == "key=***&x=***")
        let lines = "line1\r\nline2".replacingAll("\n", with: "\n<6>")
        #expect(lines == "line1\r\n<6>line2")
        #expect("nothing".replacingAll("", with: "x") == "nothing")
        // A combining acute accent after the quote: Character matching would not see the quote.
        let accented = "it" + "'" + "\u{301}" + "s"
        let expected = "it" + "\"" + "\u{301}" + "s"
        let replaced = accented.replacingAll("'", with: "\"")
        #expect(replaced == expected)
    }
}
