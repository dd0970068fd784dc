/// The length and distance alphabets of DEFLATE (RFC 1951 §3.2.5) and the fixed codes.
enum Tables {
    static let lengthBases = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195,
        227, 258,
    ]
    static let lengthExtraBits = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]
    static let distanceBases = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073,
        4097, 6145, 8193, 12289, 16385, 24577,
    ]
    static let distanceExtraBits = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]

    /// Literal/length code lengths of the fixed Huffman code (BTYPE 01), for symbols 0…285.
    static let fixedLiteralLengths: [Int] = (0..<286).map { symbol in
        switch symbol {
        case 0...143: 8
        case 144...255: 9
        case 256...279: 7
        default: 8
        }
    }
    static let fixedDistanceLengths = [Int](repeating: 5, count: 30)

    /// Index into the length alphabet for each match length 3…258.
    private static let lengthIndex: [UInt8] = (0...258).map { length in
        guard length >= 3 else { return 0 }
        if length == 258 { return 28 }
        return UInt8(lengthBases.lastIndex { $0 <= length }!)
    }

    /// The literal/length symbol and extra bits for a match of `length` (3…258).
    static func lengthCode(_ length: Int) -> (symbol: Int, extraBits: Int, extraValue: Int) {
        let index = Int(lengthIndex[length])
        return (257 + index, lengthExtraBits[index], length - lengthBases[index])
    }

    /// The distance symbol and extra bits for `distance` (1…32768).
    static func distanceCode(_ distance: Int) -> (symbol: Int, extraBits: Int, extraValue: Int) {
        var low = 0
        var high = distanceBases.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if distanceBases[middle] <= distance { low = middle } else { high = middle - 1 }
        }
        return (low, distanceExtraBits[low], distance - distanceBases[low])
    }
}
