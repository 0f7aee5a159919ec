import Foundation

/// The one rule for "is this receipt line the thing a list entry asks for", shared by ticking a
/// list from a receipt (`Households.EntryMatching`) and a list entry's price history
/// (`ReceiptPipeline.PriceBook`), so that an entry ticked by a line also finds that line's price.
public enum LineMatching {
    /// The same catalog product: by barcode when both have one, else by name, ignoring case.
    public static func sameProduct(_ a: ProductRef, _ b: ProductRef) -> Bool {
        if let x = a.barcode, let y = b.barcode, !x.isEmpty, !y.isEmpty { return x == y }
        return a.name.lowercased() == b.name.lowercased()
    }

    /// Every word of the entry's name, singular or plural, is in the line's name or in the name of
    /// the product the line was matched to ("tomato" in "TOMATOES ROMA", "berry" in "BERRIES MIX",
    /// "eggs" in "LARGE EGG 12CT").
    public static func nameMatches(entry name: String, line: String, lineProduct: ProductRef?) -> Bool {
        let wanted = words(name)
        guard !wanted.isEmpty else { return false }
        let have = Set((words(line) + words(lineProduct?.name ?? "")).flatMap(forms))
        return wanted.allSatisfy { !have.isDisjoint(with: forms($0)) }
    }

    /// Lowercased runs of letters and digits.
    public static func words(_ text: String) -> [String] {
        text.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
    }

    /// A word and the singulars it may be the plural of: "tomatoes" → tomatoe, tomato;
    /// "berries" → berrie, berri, berry; "eggs" → egg. Two words match when their forms meet, so
    /// singular and plural match either way round.
    static func forms(_ word: String) -> [String] {
        var forms = [word]
        guard word.count > 2, word.hasSuffix("s") else { return forms }
        forms.append(String(word.dropLast()))
        if word.hasSuffix("es") { forms.append(String(word.dropLast(2))) }
        if word.hasSuffix("ies"), word.count > 4 { forms.append(String(word.dropLast(3)) + "y") }
        return forms
    }
}
