import Foundation

/// The text-similarity function used to rank ``DocumentStore/searchText(collection:fields:query:limit:)``
/// results, identical on every engine.
///
/// Text is lowercased, folded (accents removed) and split into words of letters and digits; each
/// word contributes its trigrams padded like PostgreSQL's `pg_trgm` (`"  c"`, `" co"`, `"col"`, …, `"la "`).
public enum TrigramSimilarity {
    /// The words of `text` as search sees them: lowercase, accents removed, letters and digits only.
    public static func words(_ text: String) -> [String] {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: Locale(identifier: "en_US_POSIX")).lowercased()
        var words: [String] = []
        var current = ""
        for character in folded {
            if character.isLetter || character.isNumber {
                current.append(character)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// The padded trigrams of `text` (as `pg_trgm` builds them).
    public static func trigrams(_ text: String) -> Set<String> {
        var result = Set<String>()
        for word in words(text) {
            let padded = Array("  " + word + " ")
            guard padded.count >= 3 else { continue }
            for start in 0...(padded.count - 3) {
                result.insert(String(padded[start..<(start + 3)]))
            }
        }
        return result
    }

    /// A score in 0...1: the mean of how much of the query's trigrams the text contains
    /// (coverage, forgiving extra words in long product names) and the plain trigram
    /// similarity (shared / all, as `pg_trgm`'s `similarity`). 1 means same words.
    public static func score(query: String, text: String) -> Double {
        score(queryTrigrams: trigrams(query), text: text)
    }

    static func score(queryTrigrams: Set<String>, text: String) -> Double {
        let textTrigrams = trigrams(text)
        guard !queryTrigrams.isEmpty, !textTrigrams.isEmpty else { return 0 }
        let shared = Double(queryTrigrams.intersection(textTrigrams).count)
        let coverage = shared / Double(queryTrigrams.count)
        let jaccard = shared / Double(queryTrigrams.union(textTrigrams).count)
        return (coverage + jaccard) / 2
    }

    /// The unpadded trigrams of the query's words (what an FTS5 `trigram` index can match),
    /// as an FTS5 query: `"coc" OR "oca" OR …`. `nil` when no word has 3 characters.
    static func fts5Query(_ query: String) -> String? {
        var grams: [String] = []
        var seen = Set<String>()
        for word in words(query) {
            let chars = Array(word)
            guard chars.count >= 3 else { continue }
            for start in 0...(chars.count - 3) {
                let gram = String(chars[start..<(start + 3)])
                if seen.insert(gram).inserted { grams.append(gram) }
            }
        }
        guard !grams.isEmpty else { return nil }
        return grams.map { "\"\($0.replacingOccurrences(of: "\"", with: "\"\""))\"" }.joined(separator: " OR ")
    }

    /// The text stored in the search index for a field value: its words joined by spaces.
    static func indexText(_ value: String) -> String {
        words(value).joined(separator: " ")
    }
}

/// Scores candidates with ``TrigramSimilarity`` (same on every engine) and keeps the best.
enum TextRanking {
    static func rank(_ documents: [StoredDocument], fields: [String], query: String, limit: Int) -> [ScoredDocument] {
        let queryTrigrams = TrigramSimilarity.trigrams(query)
        var scored: [ScoredDocument] = []
        for document in documents {
            var best: ScoredDocument?
            for field in fields {
                guard let text = document.document.value(at: FieldPath(field))?.stringValue else { continue }
                let score = TrigramSimilarity.score(queryTrigrams: queryTrigrams, text: text)
                if score > (best?.score ?? -1) {
                    best = ScoredDocument(document: document, score: score, field: field, matchedText: text)
                }
            }
            if let best, best.score > 0 { scored.append(best) }
        }
        scored.sort { $0.score != $1.score ? $0.score > $1.score : $0.document.id < $1.document.id }
        return Array(scored.prefix(limit))
    }
}
