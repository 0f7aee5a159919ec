import Foundation

/// Turns product names and receipt lines into search words.
public enum TextNormalizer {
    /// Lowercase words of letters and digits, accents folded, apostrophes dropped (`Joe's` → `joes`);
    /// a number directly followed by `%` keeps it (`2%`).
    public static func words(_ text: String) -> [String] {
        var words: [String] = []
        if text.utf8.allSatisfy({ $0 < 128 }) {
            var current: [UInt8] = []
            current.reserveCapacity(16)
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    current.append(byte)
                case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                    current.append(byte + 32)
                case UInt8(ascii: "'"):
                    continue
                case UInt8(ascii: "%") where !current.isEmpty && current.allSatisfy({ $0 >= 48 && $0 <= 57 }):
                    // "2%" stays one word: a fat or alcohol percentage tells products apart.
                    current.append(byte)
                    words.append(String(decoding: current, as: UTF8.self))
                    current.removeAll(keepingCapacity: true)
                default:
                    if !current.isEmpty {
                        words.append(String(decoding: current, as: UTF8.self))
                        current.removeAll(keepingCapacity: true)
                    }
                }
            }
            if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
            return words
        }
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
        var current = ""
        for character in folded {
            if character.isLetter || character.isNumber {
                current.append(character)
            } else if character == "'" || character == "’" {
                continue
            } else if character == "%", !current.isEmpty, current.allSatisfy(\.isNumber) {
                words.append(current + "%")
                current = ""
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// Words with size units normalised: `"16oz"` → `["16", "oz"]`, `"Liter"` → `"liter"`, `"12pk"` → `["12", "pack"]`.
    public static func searchWords(_ text: String) -> [String] {
        var result: [String] = []
        for word in words(text) {
            if let unit = units[word] {
                result.append(unit)
                continue
            }
            // A number glued to a unit: "16oz", "2l", "500g".
            let bytes = Array(word.utf8)
            if let firstLetter = bytes.firstIndex(where: { $0 >= 97 && $0 <= 122 }), firstLetter > 0,
                bytes[..<firstLetter].allSatisfy({ $0 >= 48 && $0 <= 57 }),
                let unit = units[String(decoding: bytes[firstLetter...], as: UTF8.self)]
            {
                result.append(String(decoding: bytes[..<firstLetter], as: UTF8.self))
                result.append(unit)
                continue
            }
            result.append(word)
        }
        return result
    }

    /// Unit spellings → one canonical word.
    static let units: [String: String] = [
        "gal": "gallon", "gallon": "gallon", "gallons": "gallon", "qt": "quart", "quart": "quart",
        "l": "liter", "lt": "liter", "ltr": "liter", "liter": "liter", "litre": "liter", "liters": "liter",
        "ml": "ml", "ct": "count", "cnt": "count", "count": "count", "pk": "pack", "pck": "pack", "pack": "pack",
        "lb": "lb", "lbs": "lb", "pound": "lb", "oz": "oz", "ounce": "oz", "kg": "kg", "g": "g", "gr": "g",
        "floz": "oz", "dz": "dozen", "doz": "dozen", "dozen": "dozen",
    ]

    /// Glue words that say nothing about which product it is.
    static let stopWords: Set<String> = ["and", "in", "with", "of", "the", "a", "fl", "each"]

    /// Words that say little about which product it is: numbers, units, and glue words.
    static func isMinor(_ word: String) -> Bool {
        isNumber(word) || stopWords.contains(word) || unitWords.contains(word)
    }

    static let unitWords: Set<String> = Set(units.values).union(["bottle", "can", "cans"])

    /// Whether a word is only digits.
    public static func isNumber(_ word: String) -> Bool {
        !word.isEmpty && word.utf8.allSatisfy { $0 >= 48 && $0 <= 57 }
    }
}

/// Cleans a receipt line for matching: drops prices, item codes, weights and quantities,
/// tax flags and noise, and expands common receipt abbreviations.
public enum ReceiptLineNormalizer {
    /// The words to match, e.g. `"GV WHL MLK GAL 3.48 N"` → `["great", "value", "whole", "milk", "gallon"]`.
    public static func words(_ line: String) -> [String] {
        var text = line.lowercased()
        for (pattern, replacement) in cleanup {
            text = pattern.replacingMatches(in: text, replacement: replacement)
        }
        var raw = TextNormalizer.searchWords(text)
        // Trailing tax / food-stamp flags and single letters left over at the end.
        while let last = raw.last, raw.count > 1, taxFlags.contains(last) { raw.removeLast() }
        var result: [String] = []
        var index = 0
        while index < raw.count {
            let word = raw[index]
            if index + 1 < raw.count, let phrase = phrases[word + " " + raw[index + 1]] {
                result.append(contentsOf: phrase)
                index += 2
                continue
            }
            index += 1
            if noise.contains(word) { continue }
            if TextNormalizer.isNumber(word) && word.count > 3 { continue }  // item codes, PLUs
            if let expansion = abbreviations[word] {
                result.append(contentsOf: expansion)
            } else {
                result.append(word)
            }
        }
        return result
    }

    private struct Pattern: @unchecked Sendable {
        // NSRegularExpression is immutable after creation and documented thread-safe.
        let regex: NSRegularExpression
        init(_ pattern: String) { regex = try! NSRegularExpression(pattern: pattern) }
        func replacingMatches(in text: String, replacement: String) -> String {
            regex.stringByReplacingMatches(
                in: text,
                range: NSRange(text.startIndex..., in: text),
                withTemplate: replacement
            )
        }
    }

    private static let cleanup: [(Pattern, String)] = [
        // "2 @ 1.99", "1.52 lb @ 0.59 /lb", "@ 3 for 5.00"
        (Pattern(#"\d*[.,]?\d+\s*(lb|lbs|kg|oz)?\s*@\s*\$?\d*[.,]?\d+\s*(/\s*(lb|kg|ea|oz))?"#), " "),
        (Pattern(#"\b\d+\s*for\s*\$?\d+[.,]\d{2}"#), " "),
        (Pattern(#"\b1\s*/\s*2"#), " half "),
        // Prices: 3.49, -1,00, $3.49, 3.49-
        (Pattern(#"-?\$?\d+[.,]\d{2}\b-?"#), " "),
        // Decimal sizes (16.9oz, 2,5kg) go; whole sizes stay as words ("16 oz").
        (Pattern(#"\b\d+[.,]\d+\s*(lbs?|kg|g|oz|fl\s*oz|ml|l|lt|ltr)\b"#), " "),
        // OCR confusions inside words: R0MA → ROMA, C0KE → COKE.
        (Pattern(#"(?<=[a-z])0(?=[a-z])"#), "o"),
        // A leading quantity: "1 Latte Grande", "2 Lunch".
        (Pattern(#"^\s*\d{1,2}\s+(?=[a-z]{2})"#), " "),
        // Quantities: 2x, x2, qty 2
        (Pattern(#"\b(\d+\s*x|x\s*\d+|qty\s*\d+)\b"#), " "),
        // Codes with letters and digits mixed (SKUs like 12AB345)
        (Pattern(#"\b(?=[a-z]*\d)(?=\d*[a-z])[a-z0-9]{6,}\b"#), " "),
    ]

    private static let taxFlags: Set<String> = ["a", "b", "c", "e", "f", "n", "t", "x", "tx", "fs", "nt", "s", "d", "h", "r", "o"]

    private static let noise: Set<String> = [
        "ea", "each", "pc", "pcs", "the", "and", "of", "w", "with",
        "reg", "sale", "price", "you", "saved", "net", "wt", "qty", "item", "plu", "sku", "upc",
    ]

    /// Multi-word receipt abbreviations.
    private static let phrases: [String: [String]] = [
        "pnt btr": ["peanut", "butter"],
        "pnut btr": ["peanut", "butter"],
        "ice crm": ["ice", "cream"],
        "sr crm": ["sour", "cream"],
        "crm chs": ["cream", "cheese"],
        "oj": ["orange", "juice"],
        "half gal": ["half", "gallon"],
        "hlf gal": ["half", "gallon"],
        "hf gal": ["half", "gallon"],
    ]

    /// Common receipt abbreviations (grocery POS systems cut names to ~12–20 characters,
    /// mostly by dropping vowels). Anything not listed still matches by prefix or by the
    /// abbreviation being a subsequence of the word (see ``ProductIndex``).
    static let abbreviations: [String: [String]] = {
        var table: [String: [String]] = [:]
        let entries: [(String, String)] = [
            ("whl", "whole"), ("whol", "whole"), ("mlk", "milk"), ("org", "organic"),
            ("orgnc", "organic"), ("organ", "organic"), ("bnna", "banana"), ("bnn", "banana"), ("bnns", "bananas"),
            ("banan", "banana"), ("chkn", "chicken"), ("chk", "chicken"), ("chick", "chicken"), ("ckn", "chicken"),
            ("brst", "breast"), ("brs", "breast"), ("bnls", "boneless"), ("bnl", "boneless"),
            ("sknls", "skinless"), ("skls", "skinless"), ("hlf", "half"), ("hf", "half"),
            ("pnt", "peanut"), ("pb", "peanut butter"), ("ap", "all purpose"), ("evoo", "extra virgin olive oil"), ("pnut", "peanut"),
            ("btr", "butter"), ("bttr", "butter"), ("buttr", "butter"),
            ("grnd", "ground"), ("bf", "beef"), ("bef", "beef"), ("trky", "turkey"),
            ("tky", "turkey"), ("chdr", "cheddar"), ("ched", "cheddar"), ("chs", "cheese"), ("chse", "cheese"),
            ("mozz", "mozzarella"), ("ygrt", "yogurt"), ("yog", "yogurt"), ("yogrt", "yogurt"),
            ("grk", "greek"), ("brd", "bread"), ("lg", "large"), ("lrg", "large"), ("sm", "small"), ("sml", "small"),
            ("med", "medium"), ("jc", "juice"), ("jce", "juice"),
            ("orng", "orange"), ("appl", "apple"), ("apl", "apple"), ("strwb", "strawberry"),
            ("strwbry", "strawberry"), ("strawb", "strawberry"), ("blubry", "blueberry"), ("bluebr", "blueberry"),
            ("tom", "tomato"), ("tmto", "tomato"), ("tmt", "tomato"), ("pot", "potato"), ("pots", "potatoes"),
            ("ptto", "potato"), ("lett", "lettuce"), ("ltc", "lettuce"), ("rom", "romaine"), ("avo", "avocado"),
            ("avoc", "avocado"), ("broc", "broccoli"), ("brcli", "broccoli"), ("crrt", "carrot"), ("crrts", "carrots"),
            ("onin", "onion"), ("grn", "green"), ("ylw", "yellow"), ("ppr", "pepper"), ("pep", "pepper"),
            ("swt", "sweet"), ("frz", "frozen"), ("frzn", "frozen"), ("veg", "vegetable"), ("vgtbl", "vegetable"),
            ("crl", "cereal"), ("choc", "chocolate"), ("chc", "chocolate"), ("chocl", "chocolate"),
            ("van", "vanilla"), ("vnla", "vanilla"), ("crm", "cream"), ("sft", "soft"), ("drk", "drink"),
            ("sda", "soda"), ("wtr", "water"), ("sprklng", "sparkling"), ("spkl", "sparkling"), ("dt", "diet"),
            ("shrd", "shredded"), ("shred", "shredded"), ("slcd", "sliced"), ("slc", "sliced"), ("frsh", "fresh"),
            ("rst", "roast"), ("rstd", "roasted"), ("sltd", "salted"), ("unsltd", "unsalted"),
            ("jly", "jelly"), ("rasp", "raspberry"), ("cin", "cinnamon"), ("hny", "honey"), ("mpl", "maple"),
            ("syr", "syrup"), ("syrp", "syrup"), ("flr", "flour"), ("sgr", "sugar"), ("sug", "sugar"),
            ("brn", "brown"), ("rce", "rice"), ("spag", "spaghetti"), ("spgt", "spaghetti"), ("sce", "sauce"),
            ("sc", "sauce"), ("chps", "chips"), ("chp", "chips"), ("trtla", "tortilla"), ("tort", "tortilla"),
            ("crkr", "crackers"), ("crkrs", "crackers"), ("cky", "cookies"), ("cook", "cookies"),
            ("bgl", "bagel"), ("bgls", "bagels"), ("cof", "coffee"), ("cofe", "coffee"), ("coff", "coffee"),
            ("lmn", "lemon"), ("grp", "grape"), ("grps", "grapes"), ("stk", "steak"), ("prk", "pork"),
            ("saus", "sausage"), ("sausg", "sausage"), ("bcn", "bacon"), ("salm", "salmon"), ("slmn", "salmon"),
            ("tna", "tuna"), ("shrmp", "shrimp"), ("filt", "fillet"), ("spnch", "spinach"), ("cuc", "cucumber"),
            ("mush", "mushrooms"), ("mshrm", "mushrooms"), ("grlc", "garlic"), ("parm", "parmesan"),
            ("mayo", "mayonnaise"), ("ktchp", "ketchup"), ("kchp", "ketchup"), ("mstrd", "mustard"),
            ("pkl", "pickles"), ("vngr", "vinegar"), ("dtrgnt", "detergent"), ("lndry", "laundry"),
            ("tlt", "toilet"), ("twl", "towels"), ("twls", "towels"), ("pprtwl", "paper"), ("shmp", "shampoo"),
            ("tpst", "toothpaste"), ("nat", "natural"), ("ntrl", "natural"), ("rf", "reduced fat"), ("lf", "low fat"),
            ("nf", "nonfat"), ("lite", "light"), ("orig", "original"),
            ("bns", "beans"), ("blk", "black"), ("crn", "corn"), ("mxd", "mixed"), ("nts", "nuts"),
            ("almd", "almond"), ("almnd", "almond"), ("wlnt", "walnuts"), ("oatml", "oatmeal"),
            ("pnckmx", "pancake"), ("pnck", "pancake"), ("marg", "margarine"), ("bttrmlk", "buttermilk"),
            ("cottg", "cottage"), ("chz", "cheese"), ("sndwch", "sandwich"), ("brgr", "burger"), ("frs", "fries"),
            ("ckie", "cookie"), ("dnut", "donut"), ("muffn", "muffin"), ("crsnt", "croissant"),
            ("btl", "bottle"), ("cn", "can"),
            ("whte", "white"), ("whwht", "whole wheat"),
            ("gv", "great value"), ("ks", "kirkland signature"), ("tj", "trader joes"), ("tjs", "trader joes"),
        ]
        for (short, long) in entries {
            table[short] = long.split(separator: " ").map(String.init)
        }
        return table
    }()
}
