import Foundation
import ReceiptModel
import ReceiptTesting
import Replication
import Testing

@testable import Households

/// A tick's stamps and change-log entry are found without encoding whole items or building a
/// dictionary of every item: the registers and changes must be the ones the encoded comparison
/// gives, for every kind of edit (they are the sync protocol and what replicas read).
@Suite struct TickWorkTests {
    static let names = ["Milk", "Bread", "Crème fraîche"]
    static let amounts = ["1.19", "1.190", "2.5", "2.50", "0", "-0.30"]

    static func pick<T>(_ options: [T], _ random: inout SeededGenerator) -> T { options[Int(random.next() % UInt64(options.count))] }

    static func maybe<T>(_ value: T, _ random: inout SeededGenerator) -> T? { random.next() % 3 == 0 ? nil : value }

    static func item(_ random: inout SeededGenerator, id: String) -> CartItem {
        var item = CartItem(
            name: pick(names, &random),
            text: maybe(pick(["MILK", "BRD"], &random), &random),
            quantity: maybe(pick([Decimal(1), Decimal(2), Decimal(string: "1.0")!, Decimal(string: "0.5")!], &random), &random),
            unit: maybe("kg", &random),
            unitPrice: maybe(Amount(pick(amounts, &random))!, &random),
            price: maybe(Amount(pick(amounts, &random))!, &random),
            discount: maybe(Amount(pick(amounts, &random))!, &random),
            completed: random.next() % 2 == 0,
            addedByUser: maybe(pick(["Ann", "Bo"], &random), &random),
            addedOn: maybe("2026-11-26T10:00:00Z", &random),
            product: maybe(ProductRef(name: pick(names, &random), score: maybe(pick([0.5, 0.93], &random), &random)), &random),
            confidence: maybe(pick([0.5, 0.93, 1], &random), &random)
        )
        item.id = id
        if random.next() % 2 == 0 { item.completedBy = maybe(pick(["Ann", "Bo"], &random), &random) }
        return item
    }

    /// A random edit: a field or two changed (sometimes to an equal value of another scale),
    /// items added, removed or moved.
    static func edited(_ item: CartItem, _ random: inout SeededGenerator) -> CartItem {
        var other = Self.item(&random, id: item.id ?? "")
        var result = item
        for _ in 0..<Int(random.next() % 3) {
            switch random.next() % 8 {
            case 0: result.name = other.name
            case 1: result.price = other.price
            case 2: result.unitPrice = result.unitPrice.map { Amount($0.value, scale: $0.scale + 1) }
            case 3: result.completed.toggle()
            case 4: result.completedBy = other.completedBy
            case 5: result.product = other.product
            case 6: result.confidence = other.confidence
            default:
                other.extra = result.extra
                result = other
            }
        }
        return result
    }

    static func cart(_ items: [CartItem], name: String = "Shop") -> CartDocument {
        CartDocument(id: "c1", name: name, addedByUser: "Ann", addedOn: "2026-11-26", items: items, source: DocumentSource(file: "a.jpg"))
    }

    /// The registers as the encoded comparison found them (the code before the typed one).
    static func encodedTouched(_ after: CartDocument, since before: CartDocument) throws -> ReplicaStamps.Touched {
        let old = Dictionary(before.items.map { ($0.id ?? "", $0) }, uniquingKeysWith: { first, _ in first })
        var from = ReplicaValues(fields: ["name": .string(before.name)], entries: [])
        var to = ReplicaValues(fields: ["name": .string(after.name)], entries: [])
        for item in after.items {
            let id = item.id ?? ""
            let previous = old[id]
            if previous == item { continue }
            to.entries.append((id, try CartDocument.replicaValues(of: item)))
            if let previous { from.entries.append((id, try CartDocument.replicaValues(of: previous))) }
        }
        let current = Set(after.items.map { $0.id ?? "" })
        for (id, item) in old where !current.contains(id) { from.entries.append((id, try CartDocument.replicaValues(of: item))) }
        return ReplicaStamps.touched(from: from, to: to)
    }

    struct Registers: Equatable {
        var fields: Set<String>
        var entryFields: Set<String>
        var removed: Set<String>
        var added: Set<String>

        init(_ touched: ReplicaStamps.Touched) {
            fields = Set(touched.fields)
            entryFields = Set(touched.entryFields.map { "\($0.id).\($0.field)" })
            removed = Set(touched.removed)
            added = Set(touched.added)
        }
    }

    @Test("a changed item's fields: the ones whose JSON differs, typed values compared first")
    func changedFieldsAreTheEncodedOnes() throws {
        var random = SeededGenerator(seed: 7)
        for _ in 0..<3_000 {
            let old = Self.item(&random, id: "i1")
            let new = Self.edited(old, &random)
            let before = try CartDocument.replicaValues(of: old)
            let after = try CartDocument.replicaValues(of: new)
            let expected = CartDocument.itemFields.filter { before[$0] != after[$0] }
            #expect(try CartDocument.changedFields(from: old, to: new) == expected)
        }
    }

    @Test("an amount of another scale only ('3.4' to '3.40') is a changed field")
    func amountScale() throws {
        var old = CartItem(name: "Milk", price: Amount("3.4"))
        old.id = "i1"
        var new = old
        new.price = Amount("3.40")
        #expect(try CartDocument.changedFields(from: old, to: new) == ["price"])
    }

    @Test("random edits of a cart: the same registers as comparing encoded items")
    func touchedRegistersAreTheEncodedOnes() throws {
        var random = SeededGenerator(seed: 29)
        for _ in 0..<500 {
            let items = (0..<Int(random.next() % 6)).map { Self.item(&random, id: "i\($0)") }
            var edited = items.map { random.next() % 3 == 0 ? Self.edited($0, &random) : $0 }
            if random.next() % 4 == 0, !edited.isEmpty { edited.remove(at: Int(random.next() % UInt64(edited.count))) }
            if random.next() % 4 == 0 { edited.append(Self.item(&random, id: "i\(random.next() % 9)")) }
            if random.next() % 4 == 0 { edited.shuffle(using: &random) }
            let before = Self.cart(items)
            let after = Self.cart(edited, name: random.next() % 5 == 0 ? "Market" : "Shop")
            let expected = try Self.encodedTouched(after, since: before)
            #expect(Registers(try after.touchedRegisters(since: before)) == Registers(expected))
        }
    }

    /// The change log's comparison by id (the code before the place-by-place one).
    static func changesById(_ field: String, _ old: [JSONValue], _ new: [JSONValue]) -> [ChangeLogEntry.FieldChange] {
        let before = Dictionary(old.compactMap { value in value["id"]?.stringValue.map { ($0, value) } }, uniquingKeysWith: { a, _ in a })
        let after = Dictionary(new.compactMap { value in value["id"]?.stringValue.map { ($0, value) } }, uniquingKeysWith: { a, _ in a })
        var changes: [ChangeLogEntry.FieldChange] = []
        for element in new {
            guard let id = element["id"]?.stringValue else { continue }
            let name = element["name"]?.stringValue
            guard let previous = before[id] else {
                changes.append(.init(field: field, item: id, itemName: name, new: element))
                continue
            }
            if previous == element { continue }
            for change in ChangeLogEntry.differences(previous, element) {
                changes.append(.init(field: "\(field).\(change.field)", item: id, itemName: name, old: change.old, new: change.new))
            }
        }
        for element in old {
            guard let id = element["id"]?.stringValue, after[id] == nil else { continue }
            changes.append(.init(field: field, item: id, itemName: element["name"]?.stringValue, old: element))
        }
        return changes
    }

    @Test("the change log's item changes: the same entries place by place as by id, repeated ids too")
    func changeLogPlaceByPlace() throws {
        var random = SeededGenerator(seed: 11)
        for _ in 0..<1_000 {
            let items = (0..<Int(random.next() % 6)).map { _ in Self.item(&random, id: "i\(random.next() % 7)") }
            var edited = items.map { random.next() % 3 == 0 ? Self.edited($0, &random) : $0 }
            if random.next() % 5 == 0, !edited.isEmpty { edited.remove(at: Int(random.next() % UInt64(edited.count))) }
            if random.next() % 5 == 0 { edited.shuffle(using: &random) }
            let old = try items.map { try JSONValue(encoding: $0) }
            let new = try edited.map { try JSONValue(encoding: $0) }
            #expect(ChangeLogEntry.elementChanges("items", old, new) == Self.changesById("items", old, new))
        }
    }

    @Test("a tick's log entry: the item's two fields, nothing from the stamps")
    func tickEntry() throws {
        var milk = CartItem(name: "Milk", price: Amount("1.19"), completed: false)
        milk.id = "i1"
        var bread = CartItem(name: "Bread", completed: false)
        bread.id = "i2"
        var before = Self.cart([milk, bread])
        before.stamps = ReplicaStamps()
        var after = before
        after.items[1].completed = true
        after.items[1].completedBy = "Ann"
        after.extra["stamps"] = .object(["fields": .object([:]), "entries": .object(["i2": .object(["completed": .string("x")])])])
        let changes = ChangeLogEntry.differences(try JSONValue(encoding: before), try JSONValue(encoding: after))
        #expect(changes.map(\.field) == ["items.completed", "items.completedBy"])
        #expect(changes.allSatisfy { $0.item == "i2" && $0.itemName == "Bread" })
    }

    @Test("a cart's JSON patched from its previous version: the full encoding's bytes, whatever the edit changed")
    func patchedCartIsTheFullEncoding() throws {
        var random = SeededGenerator(seed: 5)
        for _ in 0..<1_000 {
            var old = Self.cart((0..<Int(random.next() % 5)).map { Self.item(&random, id: "i\($0)") })
            old.tax = random.next() % 2 == 0 ? Amount("1.0") : nil
            old.taxes = random.next() % 2 == 0 ? [TaxLine(label: "VAT", rate: 20, amount: Amount("0.5"))] : []
            old.payment = random.next() % 2 == 0 ? Payment(method: "card", tendered: Amount("5")) : nil
            old.purchasedByUser = random.next() % 2 == 0 ? "Ann" : nil
            old.stamps = ReplicaStamps()
            let previous = try JSONValue(encoding: old)
            var cart = old
            for _ in 0..<Int(1 + random.next() % 3) {
                switch random.next() % 12 {
                case 0 where !cart.items.isEmpty: cart.items[Int(random.next() % UInt64(cart.items.count))].completed.toggle()
                case 1 where !cart.items.isEmpty:
                    let index = Int(random.next() % UInt64(cart.items.count))
                    cart.items[index] = Self.edited(cart.items[index], &random)
                case 2: cart.completed.toggle()
                case 3: cart.totalPrice = Amount(Self.pick(Self.amounts, &random))
                case 4: cart.date = cart.date == nil ? "2026-11-26" : nil
                case 5: cart.purchasedByUser = cart.purchasedByUser == nil ? "Bo" : nil
                case 6: cart.extra["stamps"] = .object(["fields": .object(["name": .string("x")])])
                case 7: cart.tax = cart.tax.map { Amount($0.value, scale: $0.scale + 1) } ?? Amount("2")
                case 8: cart.taxes = cart.taxes.map { TaxLine(label: $0.label, rate: $0.rate, amount: $0.amount.map { Amount($0.value, scale: 2) }) }
                case 9: cart.payment?.tendered = Amount("5.00")
                case 10: cart.rev += 1
                default: cart.currency = "USD"
                }
            }
            let patched = try #require(try cart.json(patching: previous, of: old))
            let full = try JSONValue(encoding: cart)
            #expect(JSONWriter.encode(patched) == JSONWriter.encode(full))
        }
    }

    @Test("the patch knows every member of a cart: a new one needs its own look there")
    func cartMembersAreKnown() {
        let cart = Self.cart([])
        let names = Mirror(reflecting: cart).children.compactMap(\.label)
        // A new member: check `CartDocument.membersWithoutItems(patching:of:)` (an amount
        // needs its scale compared in `sameAmountsExactly`), then add it here.
        #expect(
            names == [
                "id", "rev", "type", "name", "addedByUser", "addedOn", "completed", "merchant", "date", "time", "currency", "items", "subtotal",
                "tax", "taxes", "tip", "total", "totalPrice", "payment", "confidence", "checks", "needsReview", "warnings", "source", "ocrText",
                "extra",
            ]
        )
    }
}
