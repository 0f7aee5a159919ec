/// Ratcliff/Obershelp similarity exactly as Python's `difflib.SequenceMatcher(None, a, b)`,
/// including its "autojunk" heuristic (for `b` of 200 elements or more, elements
/// occurring in more than 1 % + 1 of `b` are not used to seed matches).
public struct SequenceMatcher: Sendable {
    let a: [Character]
    let b: [Character]
    var b2j: [Character: [Int]] = [:]

    public init(_ a: String, _ b: String, autojunk: Bool = true) {
        self.a = Array(a)
        self.b = Array(b)
        for (j, c) in self.b.enumerated() { b2j[c, default: []].append(j) }
        let n = self.b.count
        if autojunk, n >= 200 {
            let ntest = n / 100 + 1
            for (c, indices) in b2j where indices.count > ntest { b2j[c] = nil }
        }
    }

    /// difflib's `find_longest_match` with no junk function: seeds from `b2j`
    /// (popular elements removed), then extends over equal elements on both sides.
    func findLongestMatch(_ alo: Int, _ ahi: Int, _ blo: Int, _ bhi: Int) -> (Int, Int, Int) {
        var besti = alo
        var bestj = blo
        var bestsize = 0
        var j2len: [Int: Int] = [:]
        for i in alo..<ahi {
            var newj2len: [Int: Int] = [:]
            for j in b2j[a[i]] ?? [] {
                if j < blo { continue }
                if j >= bhi { break }
                let k = (j2len[j - 1] ?? 0) + 1
                newj2len[j] = k
                if k > bestsize {
                    besti = i - k + 1
                    bestj = j - k + 1
                    bestsize = k
                }
            }
            j2len = newj2len
        }
        while besti > alo, bestj > blo, a[besti - 1] == b[bestj - 1] {
            besti -= 1
            bestj -= 1
            bestsize += 1
        }
        while besti + bestsize < ahi, bestj + bestsize < bhi, a[besti + bestsize] == b[bestj + bestsize] {
            bestsize += 1
        }
        return (besti, bestj, bestsize)
    }

    /// Total size of the matching blocks.
    public func matchCount() -> Int {
        var queue = [(0, a.count, 0, b.count)]
        var total = 0
        while let (alo, ahi, blo, bhi) = queue.popLast() {
            let (i, j, k) = findLongestMatch(alo, ahi, blo, bhi)
            guard k > 0 else { continue }
            total += k
            if alo < i, blo < j { queue.append((alo, i, blo, j)) }
            if i + k < ahi, j + k < bhi { queue.append((i + k, ahi, j + k, bhi)) }
        }
        return total
    }

    /// 2·M / T, where M is the number of matched elements and T the total length.
    public func ratio() -> Double {
        let t = a.count + b.count
        return t == 0 ? 1 : 2 * Double(matchCount()) / Double(t)
    }
}
