/// A small DEFLATE compressor (RFC 1951): LZ77 over a 32 KiB window with hash chains, then
/// each block written with dynamic Huffman codes, the fixed codes or stored, whichever is
/// smallest. Output depends only on the input, so frames encode to the same bytes every time.
public enum Deflate {
    /// The compressed form of `input`, as a raw DEFLATE stream (no zlib header).
    public static func compress(_ input: [UInt8]) -> [UInt8] {
        var writer = BitWriter()
        let tokens = LZ77.tokens(input)
        if tokens.isEmpty {
            writeFixed(tokens: [], into: &writer, final: true)
        }
        var start = 0
        var byteStart = 0
        while start < tokens.count {
            let end = min(start + tokensPerBlock, tokens.count)
            let block = tokens[start..<end]
            let byteCount = block.reduce(0) { $0 + Token($1).byteCount }
            writeBlock(
                block, bytes: input[byteStart..<(byteStart + byteCount)], into: &writer,
                final: end == tokens.count)
            start = end
            byteStart += byteCount
        }
        writer.alignToByte()
        return writer.bytes
    }

    /// A zlib stream (RFC 1950): header, DEFLATE data, Adler-32 of the input.
    public static func zlib(_ input: [UInt8]) -> [UInt8] {
        var output: [UInt8] = [0x78, 0x9C]
        output += compress(input)
        let adler = Adler32.checksum(input)
        output += [UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)]
        return output
    }

    private static let tokensPerBlock = 16_384
    private static let endOfBlock = 256

    private static func writeBlock(
        _ tokens: ArraySlice<UInt32>, bytes: ArraySlice<UInt8>, into writer: inout BitWriter, final: Bool
    ) {
        var literalFrequencies = [Int](repeating: 0, count: 286)
        var distanceFrequencies = [Int](repeating: 0, count: 30)
        var extraBits = 0
        for raw in tokens {
            let token = Token(raw)
            if token.isLiteral {
                literalFrequencies[Int(token.literal)] += 1
            } else {
                let length = Tables.lengthCode(token.length)
                let distance = Tables.distanceCode(token.distance)
                literalFrequencies[length.symbol] += 1
                distanceFrequencies[distance.symbol] += 1
                extraBits += length.extraBits + distance.extraBits
            }
        }
        literalFrequencies[endOfBlock] = 1
        let dynamic = DynamicHeader(literalFrequencies: literalFrequencies, distanceFrequencies: distanceFrequencies)
        let dynamicBits =
            dynamic.bitCount + extraBits
            + zip(literalFrequencies, dynamic.literalLengths).reduce(0) { $0 + $1.0 * $1.1 }
            + zip(distanceFrequencies, dynamic.distanceLengths).reduce(0) { $0 + $1.0 * $1.1 }
        let fixedBits =
            3 + extraBits
            + zip(literalFrequencies, Tables.fixedLiteralLengths).reduce(0) { $0 + $1.0 * $1.1 }
            + distanceFrequencies.reduce(0) { $0 + $1 * 5 }
        let storedBits = 8 * (bytes.count + 5 * max(1, (bytes.count + 65_534) / 65_535)) + 7
        if storedBits < min(dynamicBits, fixedBits) {
            writeStored(bytes, into: &writer, final: final)
        } else if fixedBits <= dynamicBits {
            writeFixed(tokens: tokens, into: &writer, final: final)
        } else {
            writer.write(final ? 1 : 0, width: 1)
            writer.write(2, width: 2)
            dynamic.write(into: &writer)
            writeTokens(
                tokens, literalLengths: dynamic.literalLengths, distanceLengths: dynamic.distanceLengths,
                into: &writer)
        }
    }

    private static func writeFixed(tokens: ArraySlice<UInt32>, into writer: inout BitWriter, final: Bool) {
        writer.write(final ? 1 : 0, width: 1)
        writer.write(1, width: 2)
        writeTokens(
            tokens, literalLengths: Tables.fixedLiteralLengths, distanceLengths: Tables.fixedDistanceLengths,
            into: &writer)
    }

    private static func writeStored(_ bytes: ArraySlice<UInt8>, into writer: inout BitWriter, final: Bool) {
        var start = bytes.startIndex
        repeat {
            let end = min(start + 65_535, bytes.endIndex)
            writer.write(final && end == bytes.endIndex ? 1 : 0, width: 1)
            writer.write(0, width: 2)
            writer.alignToByte()
            let count = UInt32(end - start)
            writer.write(count, width: 16)
            writer.write(~count & 0xFFFF, width: 16)
            for byte in bytes[start..<end] { writer.write(UInt32(byte), width: 8) }
            start = end
        } while start < bytes.endIndex
    }

    private static func writeTokens(
        _ tokens: ArraySlice<UInt32>, literalLengths: [Int], distanceLengths: [Int], into writer: inout BitWriter
    ) {
        let literalCodes = Huffman.codes(literalLengths)
        let distanceCodes = Huffman.codes(distanceLengths)
        for raw in tokens {
            let token = Token(raw)
            if token.isLiteral {
                let symbol = Int(token.literal)
                writer.write(code: literalCodes[symbol], length: literalLengths[symbol])
            } else {
                let length = Tables.lengthCode(token.length)
                writer.write(code: literalCodes[length.symbol], length: literalLengths[length.symbol])
                writer.write(UInt32(length.extraValue), width: length.extraBits)
                let distance = Tables.distanceCode(token.distance)
                writer.write(code: distanceCodes[distance.symbol], length: distanceLengths[distance.symbol])
                writer.write(UInt32(distance.extraValue), width: distance.extraBits)
            }
        }
        writer.write(code: literalCodes[endOfBlock], length: literalLengths[endOfBlock])
    }
}

/// One LZ77 output: a literal byte or a (length, distance) back-reference, packed in 32 bits.
struct Token {
    let raw: UInt32

    init(_ raw: UInt32) { self.raw = raw }

    static func literal(_ byte: UInt8) -> UInt32 { UInt32(byte) }

    static func match(length: Int, distance: Int) -> UInt32 {
        0x8000_0000 | UInt32(length) << 16 | UInt32(distance - 1)
    }

    var isLiteral: Bool { raw & 0x8000_0000 == 0 }
    var literal: UInt8 { UInt8(truncatingIfNeeded: raw) }
    var length: Int { Int(raw >> 16 & 0x1FF) }
    var distance: Int { Int(raw & 0xFFFF) + 1 }
    var byteCount: Int { isLiteral ? 1 : length }
}
