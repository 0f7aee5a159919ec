import Foundation

/// A product with its relevance to a query (0...1, higher is better).
public struct ScoredProduct: Sendable, Hashable {
    public var product: Product
    public var score: Double
}

/// An in-memory word index over products' names, brands, keywords and categories.
///
/// Tolerant of word order (bag of words), of typos (character trigrams over the
/// vocabulary), and of receipt abbreviations (a query word matches a vocabulary
/// word it is a prefix of, or a subsequence of starting with the same letter:
/// `chkn` → `chicken`, `brst` → `breast`).
///
/// Scoring of a product for query words q₁…qₙ:
/// - query coverage: Σ weight(q)·match(q) / Σ weight(q), where match is the best
///   similarity of q's expansions to a word of the product (times the field's weight:
///   name 1, brand 0.9, keywords 0.7, categories 0.5) and weight is the expansion's IDF
///   (words unknown to the catalog weigh little: receipts carry noise);
/// - name coverage: the IDF-weighted share of the product name's words the query explains;
/// - character-trigram similarity of the whole strings.
///
/// `score = 0.5·query + 0.35·name + 0.15·trigram`. Built once, then read-only and `Sendable`.
public final class ProductIndex: Sendable {
    public let products: [Product]
    private let vocabulary: [[UInt8]]
    private let wordIDs: [String: Int32]
    private let postingDocs: [[Int32]]
    private let postingWeights: [[Float]]
    private let idf: [Float]
    private let averageIDF: Float
    private let nameWords: [[Int32]]
    private let nameText: [String]
    private let wordsByFirstByte: [[Int32]]
    private let trigramWords: [UInt32: [Int32]]
    private let minorWordIDs: Set<Int32>
    /// Whether the product's name states a size (a number or a unit word).
    private let nameHasSize: [Bool]

    static let fieldWeights: (name: Float, brand: Float, keywords: Float, categories: Float) = (1, 0.9, 0.7, 0.5)

    public init(products: [Product]) {
        self.products = products
        let postings = Self.postings(of: products)
        let count = Float(max(1, products.count))
        let idf = postings.docs.map { log(1 + count / Float(max(1, $0.count))) }
        let lookups = Self.wordLookups(postings.vocabulary)
        self.wordIDs = postings.wordIDs
        self.vocabulary = postings.vocabulary
        self.postingDocs = postings.docs
        self.postingWeights = postings.weights
        self.idf = idf
        self.averageIDF = idf.isEmpty ? 1 : idf.reduce(0, +) / Float(idf.count)
        self.nameWords = postings.nameWords
        self.nameText = postings.nameText
        self.wordsByFirstByte = lookups.byFirst
        self.trigramWords = lookups.trigramWords
        self.nameHasSize = postings.nameHasSize
        self.minorWordIDs = Set(TextNormalizer.unitWords.compactMap { postings.wordIDs[$0] })
    }

    /// What indexing the products' words makes: the vocabulary (ids in order of first
    /// appearance), each word's products with the weight of the heaviest field it is in there,
    /// and per product its name's major words, its normalised name and whether that states a size.
    private typealias Postings = (
        wordIDs: [String: Int32], vocabulary: [[UInt8]], docs: [[Int32]], weights: [[Float]],
        nameWords: [[Int32]], nameText: [String], nameHasSize: [Bool]
    )

    /// Indexes every word of the products' names, brands (and brand initials), keywords and categories.
    private static func postings(of products: [Product]) -> Postings {
        var wordIDs: [String: Int32] = [:]
        var vocabulary: [[UInt8]] = []
        var postingDocs: [[Int32]] = []
        var postingWeights: [[Float]] = []
        var nameWords: [[Int32]] = []
        var nameText: [String] = []
        var nameHasSize: [Bool] = []
        nameWords.reserveCapacity(products.count)
        nameText.reserveCapacity(products.count)

        func id(of word: String) -> Int32 {
            if let existing = wordIDs[word] { return existing }
            let new = Int32(vocabulary.count)
            wordIDs[word] = new
            vocabulary.append(Array(word.utf8))
            postingDocs.append([])
            postingWeights.append([])
            return new
        }

        var weights: [Int32: Float] = [:]
        for (docIndex, product) in products.enumerated() {
            weights.removeAll(keepingCapacity: true)
            let name = TextNormalizer.searchWords(product.name)
            var names: [Int32] = []
            for word in name {
                let wordID = id(of: word)
                weights[wordID] = Self.fieldWeights.name
                if !TextNormalizer.isNumber(word) && !TextNormalizer.stopWords.contains(word) && !names.contains(wordID) {
                    names.append(wordID)
                }
            }
            nameWords.append(names)
            nameText.append(name.joined(separator: " "))
            nameHasSize.append(name.contains { TextNormalizer.isNumber($0) || TextNormalizer.unitWords.contains($0) })
            weighOtherFields(of: product, into: &weights, id: id(of:))
            for (wordID, weight) in weights {
                postingDocs[Int(wordID)].append(Int32(docIndex))
                postingWeights[Int(wordID)].append(weight)
            }
        }
        return (wordIDs, vocabulary, postingDocs, postingWeights, nameWords, nameText, nameHasSize)
    }

    /// Adds the words of a product's brand, keywords and categories, and its brand's initials, to
    /// `weights` (already holding its name's words), each at its field's weight unless the word
    /// already weighs more. `id` gives a word's id, adding it to the vocabulary when new.
    private static func weighOtherFields(of product: Product, into weights: inout [Int32: Float], id: (String) -> Int32) {
        let fields: [(String, Float)] =
            [(product.brand ?? "", Self.fieldWeights.brand)]
            + product.keywords.map { ($0, Self.fieldWeights.keywords) }
            + product.categories.map { ($0, Self.fieldWeights.categories) }
        for (text, weight) in fields {
            for word in TextNormalizer.searchWords(text) {
                let wordID = id(word)
                if (weights[wordID] ?? 0) < weight { weights[wordID] = weight }
            }
        }
        // Brand initials ("Farm Fresh" → "ff", "Great Value" → "gv"): receipts print brands so.
        let brandWords = TextNormalizer.searchWords(product.brand ?? "")
        if brandWords.count >= 2 {
            let initials = String(brandWords.compactMap(\.first))
            let wordID = id(initials)
            if (weights[wordID] ?? 0) < Self.fieldWeights.brand { weights[wordID] = Self.fieldWeights.brand }
        }
    }

    /// The vocabulary's word ids by first byte, and by character trigram (words of three bytes or
    /// more that are not numbers), for expanding query words.
    private static func wordLookups(_ vocabulary: [[UInt8]]) -> (byFirst: [[Int32]], trigramWords: [UInt32: [Int32]]) {
        var byFirst = [[Int32]](repeating: [], count: 256)
        var trigramWords: [UInt32: [Int32]] = [:]
        for (wordID, bytes) in vocabulary.enumerated() {
            guard let first = bytes.first else { continue }
            byFirst[Int(first)].append(Int32(wordID))
            if bytes.count >= 3 && !TextNormalizer.isNumber(String(decoding: bytes, as: UTF8.self)) {
                for trigram in Set(Self.trigrams(bytes)) {
                    trigramWords[trigram, default: []].append(Int32(wordID))
                }
            }
        }
        return (byFirst, trigramWords)
    }

    public var count: Int { products.count }

    /// Ranked products for a free-text query (a product name, brand, …).
    public func search(_ query: String, limit: Int = 10) -> [ScoredProduct] {
        search(words: TextNormalizer.searchWords(query), limit: limit)
    }

    /// Ranked products for already normalised query words: candidates by how much of the query
    /// they cover, then the best of them scored again in full.
    public func search(words: [String], limit: Int) -> [ScoredProduct] {
        guard !words.isEmpty, !products.isEmpty, limit > 0 else { return [] }
        var seen = Set<String>()
        let words = splitCompounds(words).filter { seen.insert($0).inserted }
        let query = weighedQuery(words)
        guard query.totalWeight > 0 else { return [] }
        let (total, touched) = coverage(of: query)
        let top = Self.best(touched, by: total, count: max(limit * 4, 40))
        var results = rescored(top, for: query)
        results.sort { $0.score != $1.score ? $0.score > $1.score : $0.product.name < $1.product.name }
        return Array(results.prefix(limit))
    }

    /// A query's words, what each matches in the vocabulary, and what each weighs.
    private struct WeighedQuery {
        var words: [String]
        var expanded: [[Expansion]]
        var weights: [Float]
        var totalWeight: Float
        /// The weight of the size words (numbers, units) that match something: a product whose
        /// name states no size is not blamed for them.
        var sizeWeight: Float
    }

    private func weighedQuery(_ words: [String]) -> WeighedQuery {
        let expanded = words.map(expansions(of:))
        var tokenWeights: [Float] = []
        for (word, list) in zip(words, expanded) {
            if let top = list.first {
                tokenWeights.append(idf[Int(top.word)] * (TextNormalizer.isMinor(word) ? 0.35 : 1))
            } else {
                tokenWeights.append(0.3 * averageIDF)
            }
        }
        let totalWeight = tokenWeights.reduce(0, +)
        let sizeWeight = zip(words, zip(expanded, tokenWeights)).reduce(Float(0)) { sum, item in
            let (word, (list, weight)) = item
            return sum + (!list.isEmpty && (TextNormalizer.isNumber(word) || TextNormalizer.unitWords.contains(word)) ? weight : 0)
        }
        return WeighedQuery(words: words, expanded: expanded, weights: tokenWeights, totalWeight: totalWeight, sizeWeight: sizeWeight)
    }

    /// Query coverage per document, and the documents any word reached. Major words (not
    /// numbers, units or glue) go first and bring the candidates; minor words only add to
    /// documents a major word found.
    private func coverage(of query: WeighedQuery) -> (total: [Float], touched: [Int32]) {
        let words = query.words
        let expanded = query.expanded
        let hasMajor = zip(words, expanded).contains { !TextNormalizer.isMinor($0.0) && !$0.1.isEmpty }
        let order = expanded.indices.sorted {
            TextNormalizer.isMinor(words[$0]) == TextNormalizer.isMinor(words[$1]) ? $0 < $1 : !TextNormalizer.isMinor(words[$0])
        }
        var total = [Float](repeating: 0, count: products.count)
        var best = [Float](repeating: 0, count: products.count)
        var touched: [Int32] = []
        var touchedToken: [Int32] = []
        total.withUnsafeMutableBufferPointer { total in
            best.withUnsafeMutableBufferPointer { best in
                for tokenIndex in order where !expanded[tokenIndex].isEmpty {
                    let onlyBoost = hasMajor && TextNormalizer.isMinor(words[tokenIndex])
                    for expansion in expanded[tokenIndex] {
                        postingDocs[Int(expansion.word)].withUnsafeBufferPointer { docs in
                            postingWeights[Int(expansion.word)].withUnsafeBufferPointer { fieldWeights in
                                for position in 0..<docs.count {
                                    let doc = Int(docs[position])
                                    if onlyBoost && total[doc] == 0 { continue }
                                    let value = expansion.similarity * fieldWeights[position]
                                    if value > best[doc] {
                                        if best[doc] == 0 { touchedToken.append(Int32(doc)) }
                                        best[doc] = value
                                    }
                                }
                            }
                        }
                    }
                    let weight = query.weights[tokenIndex]
                    for doc in touchedToken {
                        let index = Int(doc)
                        if total[index] == 0 { touched.append(doc) }
                        total[index] += weight * best[index]
                        best[index] = 0
                    }
                    touchedToken.removeAll(keepingCapacity: true)
                }
            }
        }
        return (total, touched)
    }

    /// The `count` documents of `touched` with the most query coverage, most first (ties in the
    /// order they were touched).
    private static func best(_ touched: [Int32], by total: [Float], count pool: Int) -> [(doc: Int32, value: Float)] {
        var top: [(doc: Int32, value: Float)] = []
        top.reserveCapacity(pool + 1)
        for doc in touched {
            let value = total[Int(doc)]
            if top.count == pool, let last = top.last, value <= last.value { continue }
            var low = 0
            var high = top.count
            while low < high {
                let mid = (low + high) / 2
                if top[mid].value >= value { low = mid + 1 } else { high = mid }
            }
            top.insert((doc, value), at: low)
            if top.count > pool { top.removeLast() }
        }
        return top
    }

    /// The candidates scored in full: how much of the query they cover, how much of their name
    /// the query explains, and the trigrams their name shares with it.
    private func rescored(_ top: [(doc: Int32, value: Float)], for query: WeighedQuery) -> [ScoredProduct] {
        var explained: [Int32: Float] = [:]
        for list in query.expanded {
            for expansion in list where (explained[expansion.word] ?? 0) < expansion.similarity {
                explained[expansion.word] = expansion.similarity
            }
        }
        let totalWeight = query.totalWeight
        let sizeWeight = query.sizeWeight
        let queryText = query.words.joined(separator: " ")
        let queryTrigrams = Set(Self.trigrams(Array(queryText.utf8)))
        var results: [ScoredProduct] = []
        results.reserveCapacity(top.count)
        for (doc, value) in top {
            let index = Int(doc)
            let denominator = nameHasSize[index] || totalWeight - sizeWeight <= 0 ? totalWeight : totalWeight - sizeWeight
            let queryCoverage = Double(min(1, value / denominator))
            var nameTotal: Float = 0
            var nameHit: Float = 0
            for word in nameWords[index] {
                let weight = idf[Int(word)] * (minorWordIDs.contains(word) ? 0.35 : 1)
                nameTotal += weight
                nameHit += weight * (explained[word] ?? 0)
            }
            let nameCoverage = nameTotal > 0 ? Double(nameHit / nameTotal) : 0
            let nameTrigrams = Set(Self.trigrams(Array(nameText[index].utf8)))
            let shared = queryTrigrams.intersection(nameTrigrams).count
            let union = queryTrigrams.count + nameTrigrams.count - shared
            let trigram = union > 0 ? Double(shared) / Double(union) : 0
            let score = 0.5 * queryCoverage + 0.35 * nameCoverage + 0.15 * trigram
            results.append(ScoredProduct(product: products[index], score: min(1, score)))
        }
        return results
    }

    /// Splits unknown words made of two known ones ("lowfat" → "low fat").
    func splitCompounds(_ words: [String]) -> [String] {
        var result: [String] = []
        for word in words {
            let bytes = Array(word.utf8)
            guard bytes.count >= 6, wordIDs[word] == nil, !TextNormalizer.isNumber(word) else {
                result.append(word)
                continue
            }
            var split: [String]? = nil
            for cut in 3...(bytes.count - 3) {
                let head = String(decoding: bytes[..<cut], as: UTF8.self)
                let tail = String(decoding: bytes[cut...], as: UTF8.self)
                if wordIDs[head] != nil && wordIDs[tail] != nil {
                    split = [head, tail]
                    break
                }
            }
            result.append(contentsOf: split ?? [word])
        }
        return result
    }

    // MARK: query word expansion

    struct Expansion {
        var word: Int32
        var similarity: Float
    }

    /// Vocabulary words a query word may stand for, best first (at most 6, similarity ≥ 0.5).
    func expansions(of token: String) -> [Expansion] {
        let query = Array(token.utf8)
        guard let first = query.first else { return [] }
        let exact = wordIDs[token]
        if TextNormalizer.isNumber(token) {
            return exact.map { [Expansion(word: $0, similarity: 1)] } ?? []
        }
        var found: [Int32: Float] = [:]
        if let exact { found[exact] = 1 }
        for wordID in wordsByFirstByte[Int(first)] where wordID != exact {
            let word = vocabulary[Int(wordID)]
            var similarity: Float = 0
            if query.count >= 3 && word.count > query.count && word.starts(with: query) {
                // "banan" → "banana", "org" → "organic"
                similarity = 0.8 + 0.15 * Float(query.count) / Float(word.count)
            } else if word.count >= 3 && query.count > word.count && query.count - word.count <= 2
                && query.starts(with: word)
            {
                // "bananas" → "banana"
                similarity = 0.9
            } else if query.count >= 3 && word.count > query.count && query.count * 10 >= word.count * 3
                && Self.isSubsequence(query, of: word)
            {
                // "chkn" → "chicken", "brst" → "breast"
                similarity = 0.6 + 0.3 * Float(query.count) / Float(word.count)
            }
            if similarity > 0 { found[wordID] = similarity }
        }
        if query.count >= 4 {
            // Typos: words sharing many character trigrams.
            let grams = Set(Self.trigrams(query))
            var shared: [Int32: Int] = [:]
            for gram in grams {
                for wordID in trigramWords[gram] ?? [] { shared[wordID, default: 0] += 1 }
            }
            for (wordID, count) in shared where count >= 2 {
                let wordGrams = Self.trigramCount(vocabulary[Int(wordID)])
                let jaccard = Float(count) / Float(grams.count + wordGrams - count)
                guard jaccard >= 0.4 else { continue }
                let similarity = min(0.85, 0.9 * jaccard + 0.2)
                if (found[wordID] ?? 0) < similarity { found[wordID] = similarity }
            }
        }
        return found.filter { $0.value >= 0.5 }
            .sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .prefix(6).map { Expansion(word: $0.key, similarity: $0.value) }
    }

    static func isSubsequence(_ short: [UInt8], of long: [UInt8]) -> Bool {
        var position = 0
        for byte in long where position < short.count && short[position] == byte {
            position += 1
        }
        return position == short.count
    }

    /// Padded character trigrams of each word of `text` (words split on spaces), packed in a `UInt32`.
    static func trigrams(_ text: [UInt8]) -> [UInt32] {
        var result: [UInt32] = []
        var padded: [UInt8] = [32, 32]
        func flush() {
            guard padded.count > 2 else { return }
            padded.append(32)
            for start in 0..<(padded.count - 2) {
                result.append(UInt32(padded[start]) << 16 | UInt32(padded[start + 1]) << 8 | UInt32(padded[start + 2]))
            }
            padded = [32, 32]
        }
        for byte in text {
            if byte == 32 { flush() } else { padded.append(byte) }
        }
        flush()
        return result
    }

    static func trigramCount(_ word: [UInt8]) -> Int {
        Set(trigrams(word)).count
    }
}
