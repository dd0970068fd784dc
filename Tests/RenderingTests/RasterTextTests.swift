import Testing

@testable import Rendering

@Suite("Text through FreeType and HarfBuzz")
struct RasterTextTests {
    @Test("every bold size has the digits and plausible metrics", arguments: Font.boldSizes)
    func boldStrikes(size: Int) {
        let font = Font.bold(size)
        #expect(font.size == size)
        #expect(font.canDraw("−0123456789°"))
        // DejaVu's capitals are about 0.73 em tall.
        #expect(abs(Double(font.capHeight) / Double(size) - 0.73) < 0.08)
        #expect(font.ascent > font.capHeight && font.descent > 0)
    }

    @Test("regular sizes cover the place names people configure", arguments: Font.regularSizes)
    func regularStrikes(size: Int) {
        let font = Font.sans(size)
        #expect(font.size == size)
        #expect(font.canDraw("Zürich Łódź Århus São Paulo Kraków – 7.4 °C …"))
        if ScriptGoldenTests.missingPackages.isEmpty {
            #expect(font.canDraw("Москва Αθήνα 東京 서울 תל אביב القاهرة"))
        }
    }

    @Test("a request picks the largest strike not larger than asked")
    func strikeChoice() {
        #expect(Font.sans(15).size == 13)
        #expect(Font.sans(100).size == 64)
        #expect(Font.bold(99).size == 88)
        #expect(Font.bold(1000).size == 280)
        // The sizes for large frames leave every request of the smaller frames where it was.
        #expect(Font.sans(26).size == 24 && Font.bold(30).size == 24 && Font.bold(35).size == 32)
        #expect(Font.bold(48).size == 44 && Font.bold(Int(pixel: 24 * 1.5)).size == 36)
        #expect(Font.bold(5).size == 11)
    }

    @Test("text is measured with hinted advances and truncated with an ellipsis")
    func measuring() {
        let font = Font.sans(16)
        #expect(font.width(of: "") == 0)
        #expect(font.width(of: "ii") == 2 * font.width(of: "i"))
        #expect(Font.bold(120).width(of: "10°") > Font.bold(64).width(of: "10°"))
        let long = "Frankfurt am Main, Hauptbahnhof"
        let short = font.truncated(long, toWidth: 120)
        #expect(short.hasSuffix("…") && font.width(of: short) <= 120)
        #expect(font.truncated("Home", toWidth: 120) == "Home")
    }

    @Test("a capital stands on the baseline and reaches cap height")
    func placement() {
        var canvas = Canvas(width: 60, height: 60)
        let font = Font.bold(24)
        canvas.draw("H", font: font, x: 10, baseline: 40)
        let rows = (0..<60).filter { y in (0..<60).contains { canvas[$0, y] == .black } }
        #expect(rows.first == 40 - font.capHeight)
        #expect(rows.last == 39)
        var centred = Canvas(width: 100, height: 40)
        let width = centred.draw("88", font: font, in: centred.bounds, align: .center)
        let columns = (0..<100).filter { x in (0..<40).contains { centred[x, $0] == .black } }
        #expect(abs((columns.first! + columns.last!) / 2 - 50) <= 2)
        #expect(width == font.width(of: "88"))
    }

    @Test("the minus sign draws, and the big sizes have letters too")
    func fallbacks() {
        var canvas = Canvas(width: 200, height: 150)
        canvas.draw("−5", font: Font.bold(88), x: 0, baseline: 120)
        #expect(canvas.count(of: .black) > 500)
        #expect(Font.bold(88).canDraw("Mon"))
    }

    @Test("a character no font has is drawn as a box standing on the baseline, never '?'")
    func tofu() {
        let font = Font.sans(16)
        var canvas = Canvas(width: 40, height: 40)
        let width = canvas.draw("\u{378}", font: font, x: 5, baseline: 30)
        #expect(!font.canDraw("\u{378}") && width > 4)
        let inked = (0..<40).flatMap { y in (0..<40).map { (x: $0, y: y) } }.filter { canvas[$0.x, $0.y] == .black }
        #expect(inked.map(\.y).max() == 29 && inked.map(\.y).min() == 30 - font.capHeight)
        // An outline: the middle of the box is empty.
        let middleX = (inked.map(\.x).min()! + inked.map(\.x).max()!) / 2
        #expect(canvas[middleX, 30 - font.capHeight / 2] == .white)
        var question = Canvas(width: 40, height: 40)
        question.draw("?", font: font, x: 5, baseline: 30)
        #expect(question != canvas)
    }
}
