/// Canonical Huffman codes for DEFLATE: code lengths from symbol frequencies (limited to a
/// maximum length) and the codes those lengths define (RFC 1951 §3.2.2).
enum Huffman {
    /// Code lengths for `frequencies`, none longer than `limit`. Symbols with frequency 0 get
    /// length 0; at least two symbols always get a code, so the code is complete (zlib's
    /// inflate rejects most incomplete codes). Ties are broken by symbol, so the result is
    /// deterministic.
    static func lengths(_ frequencies: [Int], limit: Int) -> [Int] {
        var weights = frequencies
        var used = weights.indices.filter { weights[$0] > 0 }
        for symbol in weights.indices where used.count < 2 && weights[symbol] == 0 {
            weights[symbol] = 1
            used.append(symbol)
        }
        while true {
            let lengths = unlimitedLengths(weights)
            if (lengths.max() ?? 0) <= limit { return lengths }
            // Flatten the distribution and try again; all-equal weights give a balanced tree.
            weights = weights.map { $0 == 0 ? 0 : ($0 + 1) / 2 }
        }
    }

    /// Code lengths from the classic two-queue Huffman construction.
    private static func unlimitedLengths(_ weights: [Int]) -> [Int] {
        let leaves = weights.indices.filter { weights[$0] > 0 }.sorted {
            weights[$0] != weights[$1] ? weights[$0] < weights[$1] : $0 < $1
        }
        var lengths = [Int](repeating: 0, count: weights.count)
        guard leaves.count > 1 else {
            if let only = leaves.first { lengths[only] = 1 }
            return lengths
        }
        // Nodes 0..<leaves.count are leaves; internal nodes follow in creation order.
        var nodeWeight = leaves.map { weights[$0] }
        var parent = [Int](repeating: -1, count: leaves.count)
        var leafIndex = 0
        var internalIndex = leaves.count
        func takeSmallest() -> Int {
            let leafAvailable = leafIndex < leaves.count
            let internalAvailable = internalIndex < nodeWeight.count
            if leafAvailable && (!internalAvailable || nodeWeight[leafIndex] <= nodeWeight[internalIndex]) {
                leafIndex += 1
                return leafIndex - 1
            }
            internalIndex += 1
            return internalIndex - 1
        }
        for _ in 0..<(leaves.count - 1) {
            let a = takeSmallest()
            let b = takeSmallest()
            nodeWeight.append(nodeWeight[a] + nodeWeight[b])
            parent.append(-1)
            parent[a] = nodeWeight.count - 1
            parent[b] = nodeWeight.count - 1
        }
        // Depths, root last: walk backwards so parents are done before children.
        var depth = [Int](repeating: 0, count: nodeWeight.count)
        for node in stride(from: nodeWeight.count - 2, through: 0, by: -1) {
            depth[node] = depth[parent[node]] + 1
        }
        for (position, symbol) in leaves.enumerated() { lengths[symbol] = depth[position] }
        return lengths
    }

    /// The canonical codes for `lengths` (0 for unused symbols).
    static func codes(_ lengths: [Int]) -> [UInt16] {
        let maxLength = lengths.max() ?? 0
        var lengthCount = [Int](repeating: 0, count: maxLength + 1)
        for length in lengths where length > 0 { lengthCount[length] += 1 }
        var next = [Int](repeating: 0, count: maxLength + 2)
        var code = 0
        if maxLength > 0 {
            for bits in 1...maxLength {
                code = (code + lengthCount[bits - 1]) << 1
                next[bits] = code
            }
        }
        return lengths.map { length in
            guard length > 0 else { return 0 }
            defer { next[length] += 1 }
            return UInt16(next[length])
        }
    }
}
