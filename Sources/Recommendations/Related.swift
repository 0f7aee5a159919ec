/// What the catalog says about a product, for similarity: the fields the catalog's index searches.
public struct CatalogFeatures: Sendable, Hashable {
    public var productId: String
    public var name: String
    public var categories: [String]
    public var keywords: [String]

    public init(productId: String, name: String, categories: [String] = [], keywords: [String] = []) {
        self.productId = productId
        self.name = name
        self.categories = categories
        self.keywords = keywords
    }
}

/// "Like whole milk (dairy)": catalog neighbours of a product, for a product the household never
/// bought (it has no carts to learn from) and to suggest products it never tried.
///
/// Similarity is a weighted overlap of the two products' terms: each term weighs as in the
/// catalog's index (category 1, keyword 0.7, name word 0.5, the heaviest field a term appears in),
/// and the score is Σ shared weights / Σ weights of the anchor's terms, so a neighbour sharing the
/// anchor's categories and keywords scores near 1 and one sharing only a word of its name low.
public enum Related {
    /// Below this a neighbour shares no more than a stray word.
    public static let minimumSimilarity = 0.25

    static let weights = (category: 1.0, keyword: 0.7, nameWord: 0.5)
    /// Words that say nothing about what a product is.
    static let ignoredWords: Set<String> = ["fixture", "and", "with", "the", "of", "oz", "lb", "g", "kg", "ml", "l", "ct", "pack", "gallon"]

    /// The anchor's neighbours among `candidates`, most similar first (the anchor itself and
    /// `excluded` left out).
    public static func recommend(
        like anchor: CatalogFeatures,
        among candidates: [CatalogFeatures],
        limit: Int = 5,
        excluding excluded: Set<String> = []
    ) -> [Recommendation] {
        let anchorTerms = terms(anchor)
        let total = anchorTerms.values.reduce(0, +)
        guard total > 0 else { return [] }
        return candidates.compactMap { candidate -> Recommendation? in
            guard candidate.productId != anchor.productId else { return nil }
            let candidateTerms = terms(candidate)
            let shared = anchorTerms.filter { candidateTerms[$0.key] != nil }
            let score = shared.values.reduce(0, +) / total
            guard score >= minimumSimilarity else { return nil }
            let category = anchor.categories.last { candidate.categories.map(normalized).contains(normalized($0)) }
            let reason = category.map { " (\(normalized($0)))" } ?? ""
            return Recommendation(
                productId: candidate.productId,
                name: candidate.name,
                kind: .related,
                score: min(1, score),
                explanation: "like \(anchor.name.lowercased())\(reason)",
                because: anchor.productId
            )
        }
        .best(limit, excluding: excluded.union([anchor.productId]))
    }

    /// A product's terms with their weight (the heaviest field each appears in).
    static func terms(_ features: CatalogFeatures) -> [String: Double] {
        var terms: [String: Double] = [:]
        func add(_ term: String, _ weight: Double) {
            guard !term.isEmpty, !ignoredWords.contains(term), Int(term) == nil else { return }
            terms[term] = max(terms[term] ?? 0, weight)
        }
        for category in features.categories { add("c:" + normalized(category), weights.category) }
        for keyword in features.keywords {
            for word in words(keyword) { add(word, weights.keyword) }
        }
        for word in words(features.name) { add(word, weights.nameWord) }
        return terms
    }

    static func normalized(_ text: String) -> String { words(text).joined(separator: " ") }

    /// Lower-case words of letters and digits, a trailing plural "s" dropped ("eggs" is "egg").
    static func words(_ text: String) -> [String] {
        text.lowercased().split { !$0.isLetter && !$0.isNumber }.map { word in
            word.count > 3 && word.hasSuffix("s") && !word.hasSuffix("ss") ? String(word.dropLast()) : String(word)
        }
    }
}
