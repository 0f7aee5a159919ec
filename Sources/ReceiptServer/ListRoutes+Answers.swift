import Foundation
import HouseholdApp
import Households
import Hummingbird
import ReceiptModel
import ReceiptPipeline

/// A list with each entry's estimate and the estimated total per currency, its entries in the
/// order members see them (``HouseholdList/entriesInShowingOrder()``).
struct ListAnswer: ResponseEncodable {
    var id: String
    var rev: Int
    var household: String
    var name: String
    var createdBy: String
    var createdAt: String
    var entries: [EntryAnswer]
    /// Estimated cost of the open entries, per currency (never added across currencies).
    var estimatedTotals: [CurrencyAmount]
    var comparison: PlannedVsBought?

    init(_ stored: Revisioned<HouseholdList>, book: PriceBook) {
        let list = stored.value
        id = list.id
        rev = stored.rev
        household = list.household
        name = list.name
        createdBy = list.createdBy
        createdAt = list.createdAt
        entries = list.entriesInShowingOrder().map { EntryAnswer($0, book: book) }
        var totals: [String: Amount] = [:]
        for entry in entries where !entry.completed {
            guard let estimate = entry.estimate else { continue }
            totals[estimate.currency ?? "", default: .zero] = totals[estimate.currency ?? "", default: .zero] + estimate.price
        }
        estimatedTotals = totals.sorted { $0.key < $1.key }.map { CurrencyAmount(currency: $0.key.isEmpty ? nil : $0.key, amount: $0.value) }
    }
}

struct EntryAnswer: ResponseEncodable {
    var id: String
    var name: String
    var quantity: Decimal
    var unit: String?
    var note: String?
    var priority: EntryPriority
    var completed: Bool
    var completedBy: String?
    var addedBy: String
    var addedOn: String
    var product: ProductRef?
    var hasPhoto: Bool
    var bought: HouseholdList.Bought?
    /// What it should cost, from the last time the household bought it.
    var estimate: PriceEstimate?

    init(_ entry: HouseholdList.Entry, book: PriceBook) {
        id = entry.id
        name = entry.name
        quantity = entry.quantity
        unit = entry.unit
        note = entry.note
        priority = entry.effectivePriority
        completed = entry.completed
        completedBy = entry.completedBy
        addedBy = entry.addedBy
        addedOn = entry.addedOn
        product = entry.product
        hasPhoto = entry.photo != nil
        bought = entry.bought
        estimate = book.estimate(entry.name, product: entry.product, quantity: entry.quantity)
    }
}

struct EntryResult: ResponseEncodable {
    var list: ListHead
    var entry: EntryAnswer

    init(list: Revisioned<HouseholdList>, entry: HouseholdList.Entry, book: PriceBook) {
        self.list = ListHead(id: list.value.id, rev: list.rev)
        self.entry = EntryAnswer(entry, book: book)
    }
}

struct ListHead: ResponseEncodable {
    var id: String
    var rev: Int
}

struct ListCollection: ResponseEncodable {
    var lists: [ListAnswer]
}

struct CurrencyAmount: ResponseEncodable {
    var currency: String?
    var amount: Amount
}
