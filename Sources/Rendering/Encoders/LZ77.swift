/// Finds repeated byte strings for DEFLATE: hash chains over a 32 KiB window, greedy with
/// one step of lazy matching (a literal is emitted when the next position matches longer).
enum LZ77 {
    private static let windowSize = 32_768
    private static let minMatch = 3
    private static let maxMatch = 258
    private static let maxChain = 128
    private static let hashBits = 15

    static func tokens(_ input: [UInt8]) -> [UInt32] {
        var tokens: [UInt32] = []
        tokens.reserveCapacity(input.count / 4)
        let count = input.count
        var head = [Int32](repeating: -1, count: 1 << hashBits)
        var previous = [Int32](repeating: -1, count: windowSize)
        var inserted = 0

        func hash(_ position: Int) -> Int {
            (Int(input[position]) << 10 ^ Int(input[position + 1]) << 5 ^ Int(input[position + 2]))
                & ((1 << hashBits) - 1)
        }
        func insert(upTo end: Int) {
            while inserted < end && inserted + minMatch <= count {
                let key = hash(inserted)
                previous[inserted & (windowSize - 1)] = head[key]
                head[key] = Int32(inserted)
                inserted += 1
            }
            inserted = max(inserted, end)
        }
        func longestMatch(at position: Int) -> (length: Int, distance: Int) {
            guard position + minMatch <= count else { return (0, 0) }
            let limit = min(maxMatch, count - position)
            var candidate = Int(head[hash(position)])
            var best = (length: 0, distance: 0)
            var chain = maxChain
            while candidate >= 0, position - candidate <= windowSize, chain > 0 {
                if input[candidate + best.length] == input[position + best.length] {
                    var length = 0
                    while length < limit && input[candidate + length] == input[position + length] { length += 1 }
                    if length > best.length {
                        best = (length, position - candidate)
                        if length == limit { break }
                    }
                }
                let next = Int(previous[candidate & (windowSize - 1)])
                guard next < candidate else { break }
                candidate = next
                chain -= 1
            }
            return best.length >= minMatch ? best : (0, 0)
        }

        var position = 0
        while position < count {
            insert(upTo: position)
            var match = longestMatch(at: position)
            if match.length >= minMatch && match.length < 32 && position + 1 < count {
                insert(upTo: position + 1)
                let next = longestMatch(at: position + 1)
                if next.length > match.length {
                    tokens.append(Token.literal(input[position]))
                    position += 1
                    match = next
                }
            }
            if match.length >= minMatch {
                tokens.append(Token.match(length: match.length, distance: match.distance))
                position += match.length
            } else {
                tokens.append(Token.literal(input[position]))
                position += 1
            }
        }
        return tokens
    }
}
