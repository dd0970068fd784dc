import Foundation
import PanelFrames
import Testing
import ZlibDeflate

@testable import Rendering

/// Runs a Python 3 snippet with the bytes of a file as `sys.argv[1]`; returns what it printed.
enum PythonCheck {
    static let available =
        FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")
        || FileManager.default.isExecutableFile(atPath: "/usr/local/bin/python3")

    static func run(_ script: String, on bytes: [UInt8]) throws -> String {
        let path = NSTemporaryDirectory() + "render-check-\(UUID().uuidString)"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// A deterministic pseudo-random byte sequence.
private func noise(_ count: Int, seed: UInt64) -> [UInt8] {
    var state = seed
    return (0..<count).map { _ in
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return UInt8(truncatingIfNeeded: state >> 56)
    }
}

/// A frame with a little of everything: a filled block, a disc, red and stippled gray.
private func sampleFrame(_ mode: ColorMode, width: Int = 800, height: Int = 480) -> PanelFrame {
    var canvas = Canvas(width: width, height: height)
    canvas.fill(RasterRect(x: 10, y: 10, width: 100, height: 50), .black)
    canvas.fillCircle(center: RasterPoint(300, 200), radius: 80, .red)
    canvas.fill(RasterRect(x: 500, y: 300, width: 200, height: 100), .solid(.lightGray))
    canvas.line(from: RasterPoint(0, 479), to: RasterPoint(799, 0), lineWidth: 3, .black)
    return PanelFrame(canvas, mode: mode)
}

@Suite("zlib for PNG")
struct DeflateTests {
    static let inputs: [(String, [UInt8])] = [
        ("empty", []),
        ("one byte", [42]),
        ("text", Array(String(repeating: "the quick brown fox jumps over the lazy dog. ", count: 40).utf8)),
        ("noise", noise(70_000, seed: 7)),
        ("zeros", [UInt8](repeating: 0, count: 200_000)),
        ("runs", (0..<100_000).map { UInt8(($0 / 37) % 5) }),
        ("mixed", noise(3_000, seed: 1) + [UInt8](repeating: 0xFF, count: 5_000) + noise(3_000, seed: 1)),
    ]

    @Test("Python's zlib inflates what we deflate", .enabled(if: PythonCheck.available), arguments: inputs)
    func roundTrip(name: String, input: [UInt8]) throws {
        let compressed = Zlib.compress(input)
        let script = """
            import sys, zlib, hashlib
            data = zlib.decompress(open(sys.argv[1], 'rb').read())
            print(len(data), hashlib.sha256(data).hexdigest())
            """
        let expected = "\(input.count) " + sha256Hex(input)
        #expect(try PythonCheck.run(script, on: compressed) == expected, "\(name)")
        #expect(Zlib.decompress(compressed, expectedSize: input.count) == input, "\(name)")
    }

    @Test("repetitive data compresses; noise costs at most a little more than stored")
    func ratios() {
        #expect(Zlib.compress([UInt8](repeating: 0, count: 200_000)).count < 1_000)
        #expect(Zlib.compress(noise(70_000, seed: 3)).count < 70_000 + 64)
        #expect(Zlib.decompress([1, 2, 3], expectedSize: 3) == nil)
    }

    @Test("the CRC-32 matches its published check value, also in two parts")
    func checksums() {
        #expect(Zlib.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(Zlib.crc32(Array("6789".utf8), continuing: Zlib.crc32(Array("12345".utf8))) == 0xCBF4_3926)
    }
}

/// SHA-256 in Swift would be a detour; the tests compare against Python's via a second run.
private func sha256Hex(_ bytes: [UInt8]) -> String {
    (try? PythonCheck.run(
        "import sys, hashlib; print(hashlib.sha256(open(sys.argv[1], 'rb').read()).hexdigest())", on: bytes))
        ?? "?"
}

@Suite("Image encoders")
struct EncoderTests {
    @Test("an 800×480 raw bw frame is exactly 48,000 bytes; bwr is two planes")
    func rawSizes() {
        let bw = RawEncoder.encode(sampleFrame(.bw))
        #expect(bw.count == 48_000)
        let bwr = RawEncoder.encode(sampleFrame(.bwr))
        #expect(bwr.count == 96_000)
        #expect(RawEncoder.encode(sampleFrame(.gray4)).count == 96_000)
        #expect(RawEncoder.encode(sampleFrame(.gray16)).count == 192_000)
        #expect(RawEncoder.encode(sampleFrame(.gray256)).count == 384_000)
        // 1 = black, most significant bit first: pixel (10, 10) is black, (9, 10) white.
        #expect(bw[10 * 100 + 1] & 0x20 != 0 && bw[10 * 100 + 1] & 0x40 == 0)
        // Red pixels are in the second plane, not in the first.
        let centre = 200 * 100 + 300 / 8
        #expect(bwr[centre] == 0 && bwr[48_000 + centre] == 0xFF)
        #expect(bw[centre] == 0xFF)
    }

    @Test("raw rows are padded to whole bytes (250×122 → 32 bytes a row)")
    func rawPadding() {
        let frame = PanelFrame(Canvas(width: 250, height: 122), mode: .bw)
        #expect(RawEncoder.encode(frame).count == 32 * 122)
    }

    @Test("PBM is a P4 header and the black plane")
    func pbm() {
        let frame = sampleFrame(.bw)
        let bytes = NetpbmEncoder.encode(frame)
        let header = Array("P4\n800 480\n".utf8)
        #expect(Array(bytes.prefix(header.count)) == header)
        #expect(Array(bytes.dropFirst(header.count)) == frame.blackPlane)
        let bwr = NetpbmEncoder.encode(sampleFrame(.bwr))
        #expect(bwr.count == 2 * bytes.count)
    }

    @Test("BMP has a valid 1-bit header and bottom-up rows")
    func bmp() {
        let frame = sampleFrame(.bw)
        let bytes = BMPEncoder.encode(frame)
        func u32(_ at: Int) -> Int {
            Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24
        }
        #expect(bytes[0] == 0x42 && bytes[1] == 0x4D)
        #expect(u32(2) == bytes.count)
        #expect(u32(10) == 62)
        #expect(u32(18) == 800 && u32(22) == 480)
        #expect(bytes[28] == 1)
        #expect(bytes.count == 62 + 100 * 480)
        // The last row in the file is the top row of the picture.
        let top = Array(bytes[(bytes.count - 100)...])
        #expect(top == Array(frame.blackPlane[0..<100]))
    }

    @Test(
        "PNG decodes with Python's zlib to the same pixels", .enabled(if: PythonCheck.available),
        arguments: ColorMode.allCases)
    func pngDecodes(mode: ColorMode) throws {
        let frame = sampleFrame(mode)
        let png = PNGEncoder.encode(frame)
        let script = """
            import sys, zlib, struct
            data = open(sys.argv[1], 'rb').read()
            assert data[:8] == b'\\x89PNG\\r\\n\\x1a\\n'
            pos, idat, ihdr = 8, b'', None
            while pos < len(data):
                length, kind = struct.unpack('>I4s', data[pos:pos + 8])
                body = data[pos + 8:pos + 8 + length]
                crc, = struct.unpack('>I', data[pos + 8 + length:pos + 12 + length])
                assert zlib.crc32(kind + body) == crc, kind
                if kind == b'IHDR': ihdr = struct.unpack('>IIBBBBB', body)
                if kind == b'IDAT': idat += body
                pos += 12 + length
            w, h, depth, ctype = ihdr[:4]
            raw = zlib.decompress(idat)
            stride = (w * depth + 7) // 8
            assert len(raw) == h * (stride + 1)
            counts = {}
            for y in range(h):
                row = raw[y * (stride + 1):(y + 1) * (stride + 1)]
                assert row[0] == 0
                for x in range(w):
                    bits = (row[1 + x * depth // 8] >> (8 - depth - (x * depth) % 8)) & ((1 << depth) - 1)
                    counts[bits] = counts.get(bits, 0) + 1
            print(w, h, depth, ctype, sorted(counts.items()))
            """
        let output = try PythonCheck.run(script, on: png)
        // Grayscale stores the largest value for white, 0 for black — the opposite of a level.
        let grayscale = mode == .bw || mode == .gray16 || mode == .gray256
        let white = UInt8(mode.levelCount - 1)
        var counts: [(UInt8, Int)] = (0...white).map { value in
            (value, frame.count(of: grayscale ? white - value : value))
        }
        counts.removeAll { $0.1 == 0 }
        let expectedCounts = counts.map { "(\($0.0), \($0.1))" }.joined(separator: ", ")
        let depth = mode == .bwr ? 2 : mode.bitsPerPixel
        #expect(output == "800 480 \(depth) \(grayscale ? 0 : 3) [\(expectedCounts)]")
    }

    @Test("a mostly white 800×480 PNG is small, and encoding is deterministic")
    func pngSize() {
        let frame = sampleFrame(.bw)
        let png = PNGEncoder.encode(frame)
        #expect(png.count < 8_000)
        #expect(png == PNGEncoder.encode(sampleFrame(.bw)))
    }

    @Test("a gray PGM has the mode's maxval, white as the largest value", arguments: [ColorMode.gray16, .gray256])
    func pgm(mode: ColorMode) {
        let frame = sampleFrame(mode)
        let bytes = NetpbmEncoder.encode(frame)
        let white = mode.levelCount - 1
        let header = Array("P5\n800 480\n\(white)\n".utf8)
        #expect(Array(bytes.prefix(header.count)) == header)
        #expect(bytes.count == header.count + 800 * 480)
        // (10, 10) is in the black block, (0, 0) white, (600, 350) light gray.
        #expect(bytes[header.count + 10 * 800 + 10] == 0)
        #expect(Int(bytes[header.count]) == white)
        #expect(Int(bytes[header.count + 350 * 800 + 600]) == white * 2 / 3)
    }

    @Test(
        "BMP for gray16 and gray256: 8 bits a pixel, a gray palette, bottom-up rows",
        arguments: [
            ColorMode.gray16, .gray256,
        ])
    func bmpGray(mode: ColorMode) {
        let frame = sampleFrame(mode, width: 250, height: 122)
        let bytes = BMPEncoder.encode(frame)
        func u32(_ at: Int) -> Int {
            Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24
        }
        let colors = mode.levelCount
        #expect(bytes[28] == 8)
        #expect(u32(46) == colors)
        #expect(u32(10) == 54 + 4 * colors)
        // Rows of 250 bytes padded to 252.
        #expect(bytes.count == 54 + 4 * colors + 252 * 122)
        #expect(u32(2) == bytes.count)
        // The palette runs from white (level 0) to black (the last level).
        #expect(Array(bytes[54..<58]) == [255, 255, 255, 0])
        #expect(Array(bytes[(50 + 4 * colors)..<(54 + 4 * colors)]) == [0, 0, 0, 0])
        // The last row in the file is the picture's top row, one level per byte.
        let top = Array(bytes[(bytes.count - 252)..<(bytes.count - 2)])
        #expect(top == Array(frame.levels[0..<250]))
    }

    @Test("the format follows the file name")
    func formatFromName() {
        #expect(ImageFormat(fileName: "/tmp/frame.PNG") == .png)
        #expect(ImageFormat(fileName: "epd.raw") == .raw)
        #expect(ImageFormat(fileName: "frame") == nil)
    }
}
