/// The code-length header of a dynamic-Huffman DEFLATE block (RFC 1951 §3.2.7).
struct DynamicHeader {
    let literalLengths: [Int]
    let distanceLengths: [Int]
    /// Run-length coded lengths: symbol 0…18 and the value of its extra bits.
    private let runs: [(symbol: Int, extra: Int)]
    private let codeLengthLengths: [Int]
    private let literalCount: Int
    private let distanceCount: Int
    private let codeLengthCount: Int

    /// The order in which code-length code lengths are stored.
    private static let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    init(literalFrequencies: [Int], distanceFrequencies: [Int]) {
        literalLengths = Huffman.lengths(literalFrequencies, limit: 15)
        distanceLengths = Huffman.lengths(distanceFrequencies, limit: 15)
        literalCount = max(257, (literalLengths.lastIndex { $0 > 0 } ?? 0) + 1)
        distanceCount = max(1, (distanceLengths.lastIndex { $0 > 0 } ?? 0) + 1)
        let all = Array(literalLengths[..<literalCount]) + Array(distanceLengths[..<distanceCount])
        runs = Self.runLengths(all)
        var frequencies = [Int](repeating: 0, count: 19)
        for run in runs { frequencies[run.symbol] += 1 }
        let codeLengthLengths = Huffman.lengths(frequencies, limit: 7)
        self.codeLengthLengths = codeLengthLengths
        codeLengthCount = max(4, (Self.order.lastIndex { codeLengthLengths[$0] > 0 } ?? 0) + 1)
    }

    /// How many bits the header takes (after the three block-type bits).
    var bitCount: Int {
        3 + 14 + 3 * codeLengthCount
            + runs.reduce(0) { $0 + codeLengthLengths[$1.symbol] + Self.extraBits($1.symbol) }
    }

    func write(into writer: inout BitWriter) {
        writer.write(UInt32(literalCount - 257), width: 5)
        writer.write(UInt32(distanceCount - 1), width: 5)
        writer.write(UInt32(codeLengthCount - 4), width: 4)
        for symbol in Self.order.prefix(codeLengthCount) {
            writer.write(UInt32(codeLengthLengths[symbol]), width: 3)
        }
        let codes = Huffman.codes(codeLengthLengths)
        for run in runs {
            writer.write(code: codes[run.symbol], length: codeLengthLengths[run.symbol])
            writer.write(UInt32(run.extra), width: Self.extraBits(run.symbol))
        }
    }

    private static func extraBits(_ symbol: Int) -> Int {
        switch symbol {
        case 16: 2
        case 17: 3
        case 18: 7
        default: 0
        }
    }

    /// Lengths as symbols 0…15, with 16 (repeat the previous 3–6 times), 17 (3–10 zeros) and
    /// 18 (11–138 zeros).
    private static func runLengths(_ lengths: [Int]) -> [(symbol: Int, extra: Int)] {
        var runs: [(symbol: Int, extra: Int)] = []
        var index = 0
        while index < lengths.count {
            let value = lengths[index]
            var run = 1
            while index + run < lengths.count && lengths[index + run] == value { run += 1 }
            index += run
            if value == 0 {
                while run >= 11 {
                    let taken = min(run, 138)
                    runs.append((18, taken - 11))
                    run -= taken
                }
                if run >= 3 {
                    runs.append((17, run - 3))
                    run = 0
                }
                runs += Array(repeating: (0, 0), count: run)
            } else {
                runs.append((value, 0))
                run -= 1
                while run >= 3 {
                    let taken = min(run, 6)
                    runs.append((16, taken - 3))
                    run -= taken
                }
                runs += Array(repeating: (value, 0), count: run)
            }
        }
        return runs
    }
}
