import Foundation
import ReceiptModel

/// Reads the item lines above the summary, one line at a time. A name may wrap onto the
/// line above its price or stand below it, and a count may stand on a line of its own:
/// what one line leaves for the next is held in the reader, not passed around.
struct ItemReader {
    /// The lines, each price moved back to its own name line on a tilted photo.
    private let lines: [AnalyzedLine]
    private let range: Range<Int>
    /// The line the date was read from: never an item.
    private let dateLine: Int?
    /// Where the paper's text column starts on a photo (nil without boxes).
    private let columnStart: Double?

    private var items: [ParsedReceipt.Item] = []
    /// The text-only lines just above (the first half of a name whose price follows), at most two.
    private var pendingName: [Int] = []
    /// A count on a line of its own ("2 x 1,29"), for the item below it.
    private var pendingQuantity: (quantity: Decimal, unitPrice: Amount)?
    /// This receipt prints names below their price lines ("100027 1 5.25 5.25" / "PARIS").
    private var namesBelow = false
    /// The line below that gave its name to the price line above it.
    private var consumedBelow: Int?

    /// The items printed on `lines[range]`, leaving out the line the date was read from.
    static func items(in lines: [AnalyzedLine], range: Range<Int>, excluding dateLine: Int?) -> [ParsedReceipt.Item] {
        var reader = ItemReader(lines: lines, range: range, dateLine: dateLine)
        for index in range { reader.read(lineAt: index) }
        return reader.items
    }

    private init(lines: [AnalyzedLine], range: Range<Int>, dateLine: Int?) {
        self.lines = ItemTilt.paired(lines, range: range)
        self.range = range
        self.dateLine = dateLine
        columnStart = ItemLayout.textColumnStart(self.lines[range])
    }

    private mutating func read(lineAt index: Int) {
        let line = QuantityGrammar.repairedByQuantity(lines[index]) ?? lines[index]
        if index == dateLine || index == consumedBelow {
            pendingName = []
            return
        }
        guard let printedPrice = line.lastAmount, let last = line.money.last else {
            holdNamePart(line, at: index)
            return
        }
        switch line.kind {
        case .discount:
            discountLastItem(by: printedPrice, line: line)
            pendingName = []
            return
        case .void:
            voidItem(pricedAt: printedPrice)
            pendingName = []
            return
        case .other, .deposit, .tendered, .card, .change:
            if Self.isPayment(line) {
                pendingName = []
                return
            }
        default:
            pendingName = []
            return
        }
        var draft = ItemDraft(
            tokens: ItemNames.tokens(of: line, columnStart: columnStart, end: last.tokenIndex),
            price: printedPrice,
            confidence: line.confidence * (last.repaired ? 0.7 : 1)
        )
        QuantityGrammar.read(&draft)
        draft.tokens = ItemNames.withoutCodes(draft.tokens)
        // "2 x 1,29" on its own line before the item it counts.
        if !draft.unitPriceOnly, let pending = pendingQuantity, draft.quantity == 1,
            (pending.unitPrice * pending.quantity).rounded(scale: draft.price.scale) == draft.price
        {
            draft.quantity = pending.quantity
            draft.unitPrice = pending.unitPrice
        }
        pendingQuantity = nil
        if draft.tokens.isEmpty, draft.quantity != 1, let unitPrice = draft.unitPrice, draft.unitPriceOnly, pendingName.isEmpty {
            countItem(draft, unitPrice: unitPrice, line: line)
            return
        }
        var name = ItemNames.name(draft.tokens)
        var text = line.text
        // A price line without a name: the name is on the line above, or, on receipts
        // that print it below the code and prices ("100027 1 5.25 5.25" / "PARIS"), below.
        if !ItemNames.isName(name), hasNameBelow(line, at: index) {
            name = takeName(from: index + 1, into: &draft)
            text = line.text + "\n" + lines[index + 1].text
            namesBelow = true
            consumedBelow = index + 1
        } else if !ItemNames.isName(name), let pending = pendingName.last {
            name = takeName(from: pending, into: &draft)
            text = lines[pending].text + "\n" + line.text
        }
        pendingName = []
        guard ItemNames.isName(name), !ItemNames.isNoise(name, confidence: draft.confidence) else { return }
        if draft.unitPrice == nil { draft.unitPrice = ReceiptParser.unitPrice(of: draft.price, quantity: draft.quantity) }
        items.append(
            ParsedReceipt.Item(
                name: name,
                text: text,
                quantity: draft.quantity,
                unit: draft.unit,
                unitPrice: draft.unitPrice,
                price: draft.price,
                discount: nil,
                confidence: (draft.confidence * 100).rounded() / 100,
                taxed: Self.taxed(line, price: last)
            )
        )
    }

    /// The tax mark printed after a price, glued ("4.99T") or as the line's last token ("3.49 F"):
    /// US receipts mark taxed lines `T` (or `X`) and untaxed ones `F` (food), `N` or `E`. Other
    /// letters (European VAT classes `A`, `B`) say nothing about a separate tax line.
    static func taxed(_ line: AnalyzedLine, price: MoneyToken) -> Bool? {
        var flag = price.flag
        if flag == nil, price.tokenIndex == line.tokens.count - 2, let last = line.tokens.last, last.count == 1 { flag = String(last) }
        switch flag?.uppercased() {
        case "T", "X": return true
        case "F", "N", "E": return false
        default: return nil
        }
    }

    /// A text-only line: maybe the first half of a wrapped name, or "2 @ 1.99" without a price.
    private mutating func holdNamePart(_ line: AnalyzedLine, at index: Int) {
        let letters = ItemNames.letterCount(line.text)
        if letters >= 3, line.kind == .other, !line.text.contains(":") { pendingName.append(index) } else { pendingName = [] }
        if pendingName.count > 2 { pendingName.removeFirst() }
    }

    private mutating func discountLastItem(by printedPrice: Amount, line: AnalyzedLine) {
        guard !items.isEmpty else { return }
        let value = printedPrice.value > 0 ? -printedPrice : printedPrice
        items[items.count - 1].discount = (items[items.count - 1].discount ?? Amount(0, scale: value.scale)) + value
        items[items.count - 1].text += "\n" + line.text
    }

    /// A void line takes back the last item of its price.
    private mutating func voidItem(pricedAt printedPrice: Amount) {
        let price = printedPrice.value < 0 ? -printedPrice : printedPrice
        if let index = items.lastIndex(where: { $0.price == price }) { items.remove(at: index) }
    }

    /// A bare "2 x 1,29" line counts the item above when their prices agree, else the next one.
    private mutating func countItem(_ draft: ItemDraft, unitPrice: Amount, line: AnalyzedLine) {
        if let lastItem = items.last, (unitPrice * draft.quantity).rounded(scale: draft.price.scale) == lastItem.price, lastItem.quantity == 1 {
            items[items.count - 1].quantity = draft.quantity
            items[items.count - 1].unitPrice = unitPrice
            items[items.count - 1].text += "\n" + line.text
        } else {
            pendingQuantity = (draft.quantity, unitPrice)
        }
    }

    /// True when the name of the price line at `index` stands on the line below it: that
    /// line is text only, and this receipt prints names below (or no name line is pending above).
    private func hasNameBelow(_ line: AnalyzedLine, at index: Int) -> Bool {
        let pendingIsHeading = pendingName.last.map { Keywords.containsAny(Keywords.words(lines[$0].text), Keywords.columnHeads) } ?? true
        guard !line.text.contains("%"), namesBelow || pendingIsHeading, index + 1 < range.upperBound else { return false }
        let below = lines[index + 1]
        return below.money.isEmpty && below.kind == .other && ItemNames.letterCount(below.text) >= 3 && index + 1 != dateLine
    }

    /// The name the line at `index` gives, with its own count ("2 Santa Fe Ckn" above or
    /// below "$11.38") when the draft has none.
    private func takeName(from index: Int, into draft: inout ItemDraft) -> String {
        var tokens = ItemNames.tokens(of: lines[index], columnStart: columnStart, end: lines[index].tokens.count)
        if let quantity = QuantityGrammar.leadingQuantity(&tokens), draft.quantity == 1, draft.unitPrice == nil { draft.quantity = quantity }
        return ItemNames.name(tokens)
    }

    /// A card line carrying the card number, or a line opening with a payment word
    /// ("Cash 13.25", "Change 0.75"), is payment, not something bought.
    static func isPayment(_ line: AnalyzedLine) -> Bool {
        if CardNumber.last4(in: line.text) != nil { return true }
        guard [.tendered, .change, .card].contains(line.kind),
            let first = line.tokens.first(where: { $0.contains(where: { $0.isLetter || $0.isNumber }) })
        else { return false }
        return Keywords.kind(of: String(first)) == line.kind
    }
}
