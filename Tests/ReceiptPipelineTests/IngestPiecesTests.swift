import Foundation
import ReceiptModel
import ReceiptParsing
import Testing

@testable import ReceiptPipeline

/// A temporary folder removed when the test ends.
final class TempFolder {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("receipts-pipeline-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(at: url) }

    @discardableResult
    func write(_ relative: String, _ bytes: [UInt8]) throws -> URL {
        let file = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: file)
        return file
    }
}

/// Just enough of a PNG for the header check: signature, IHDR with 100x50.
let pngHeader: [UInt8] = [
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
    0, 0, 0, 100, 0, 0, 0, 50, 8, 2, 0, 0, 0, 0, 0, 0, 0,
]

@Suite struct ImageFinderTests {
    @Test func walksSortedRecursivelySkippingHiddenAndNonImages() throws {
        let folder = try TempFolder()
        try folder.write("b/2.png", pngHeader)
        try folder.write("a/1.jpg", [0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 0, count: 20))
        try folder.write("a/IMG_0003", pngHeader)  // no extension: found by its bytes
        try folder.write("notes.txt", Array("milk, eggs".utf8))
        try folder.write(".hidden.png", pngHeader)
        try folder.write(".cache/4.png", pngHeader)
        let found = try ImageFinder().find([folder.url.path])
        let names = found.map { String($0.displayPath.dropFirst(folder.url.path.count + 1)) }
        #expect(names == ["a/1.jpg", "a/IMG_0003", "b/2.png"])
        #expect(found.last?.size == pngHeader.count)
    }

    @Test func aSymlinkLoopIsWalkedOnce() throws {
        let folder = try TempFolder()
        try folder.write("r/1.png", pngHeader)
        try FileManager.default.createSymbolicLink(
            at: folder.url.appendingPathComponent("r/loop"),
            withDestinationURL: folder.url.appendingPathComponent("r")
        )
        let found = try ImageFinder().find([folder.url.path, folder.url.appendingPathComponent("r").path])
        #expect(found.count == 1)
    }

    @Test func aMissingPathIsAnError() throws {
        #expect(throws: PipelineError.self) { try ImageFinder().find(["/nonexistent/receipts-\(UUID())"]) }
    }

    @Test func watchingLeavesAPhotoWrittenDuringTheLastIntervalUntilItSettles() throws {
        let folder = try TempFolder()
        let old = try folder.write("old.png", pngHeader)
        try folder.write("syncing.png", pngHeader)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-60)], ofItemAtPath: old.path)
        let watcher = FolderWatcher(paths: [folder.url.path], interval: .seconds(2))
        let (settled, changing) = watcher.splitSettled(try ImageFinder().find([folder.url.path]))
        #expect(settled.map(\.url.lastPathComponent) == ["old.png"])
        #expect(changing.map(\.url.lastPathComponent) == ["syncing.png"])
        let later = watcher.splitSettled(try ImageFinder().find([folder.url.path]), now: Date().addingTimeInterval(3))
        #expect(later.changing.isEmpty)
    }

    @Test func cartIDIsTheLowercaseSHA256OfTheBytes() {
        #expect(Hashing.sha256Hex(Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(Hashing.sha256Hex(Data()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }
}

@Suite struct CartBuilderTests {
    @Test func theReceiptsLanguageGoesOnTheCart() throws {
        let builder = CartBuilder(user: "ana", pipelineDescription: "test")
        let source = ReceiptSource(file: "r.jpg", sha256: "ab", bytes: 3)
        var french = ParsedReceipt(total: Amount("18.95"))
        french.language = "fr"
        let cart = builder.cart(from: french, source: source, ocrText: nil, ocrConfidence: nil, matches: [], now: Date())
        #expect(cart.language == "fr")
        let json = try JSONValue(encoding: cart)
        #expect(json["language"] == .string("fr"))
        // English, or no language that stood out: the member is left out.
        let english = builder.cart(
            from: ParsedReceipt(total: Amount("1.00")),
            source: source,
            ocrText: nil,
            ocrConfidence: nil,
            matches: [],
            now: Date()
        )
        #expect(english.language == nil)
        #expect(try JSONValue(encoding: english)["language"] == nil)
    }
}

@Suite struct EnrichLogicTests {
    @Test func readsTextAndJSONLists() throws {
        let text = "2 milk\nbananas\n\n# comment\npeanut butter 16 oz\n3x eggs\n"
        let entries = try ListEntry.parse(Data(text.utf8))
        #expect(
            entries == [
                ListEntry(name: "milk", quantity: 2), ListEntry(name: "bananas"), ListEntry(name: "peanut butter 16 oz"),
                ListEntry(name: "eggs", quantity: 3),
            ]
        )
        let json = #"[{"name":"milk","quantity":2},{"name":"bananas"}]"#
        #expect(try ListEntry.parse(Data(json.utf8)) == [ListEntry(name: "milk", quantity: 2), ListEntry(name: "bananas")])
        #expect(throws: PipelineError.self) { try ListEntry.parse(Data(#"[{"qty":1}]"#.utf8)) }
    }

    static func cart(_ id: String, date: String, merchant: String, _ items: [CartItem]) -> CartDocument {
        CartDocument(
            id: id,
            name: id,
            addedByUser: "ann",
            addedOn: "2025-01-01T00:00:00Z",
            merchant: Merchant(name: merchant),
            date: date,
            items: items,
            source: DocumentSource(file: id)
        )
    }

    @Test func pricesEntriesFromWhatWasPaid() throws {
        let milk = ProductRef(barcode: "111", name: "Whole Milk")
        let carts = [
            Self.cart(
                "a",
                date: "2025-01-03",
                merchant: "A",
                [
                    CartItem(name: "WHL MLK", quantity: 1, price: Amount("3.49"), product: milk),
                    CartItem(name: "BANANAS", quantity: Decimal(string: "2.00"), unit: "lb", unitPrice: Amount("0.59"), price: Amount("1.18")),
                ]
            ),
            Self.cart(
                "b",
                date: "2025-02-10",
                merchant: "B",
                [
                    CartItem(name: "MILK GAL", quantity: 2, price: Amount("6.58"), product: milk),  // 3.29 each
                    CartItem(name: "Oat milk extra", price: Amount("0.70")),  // not the milk product
                ]
            ),
            Self.cart(
                "c",
                date: "2024-12-01",
                merchant: "C",
                [
                    CartItem(name: "MILK", price: Amount("3.99"), product: milk)
                ]
            ),
        ]
        let book = PriceBook(carts: carts)
        let items = book.enrich([ListEntry(name: "milk", quantity: 2), ListEntry(name: "bananas"), ListEntry(name: "caviar")]) { name in
            name == "milk" ? milk : nil
        }
        let milkHistory = try #require(items[0].history)
        #expect(milkHistory.purchases == 3)
        #expect(milkHistory.lastPrice == Amount("3.29"))
        #expect(milkHistory.lastMerchant == "B")
        #expect(milkHistory.lastDate == "2025-02-10")
        #expect(milkHistory.lowest == Amount("3.29"))
        #expect(milkHistory.median == Amount("3.49"))
        #expect(items[0].price?.description == "6.58")
        #expect(items[1].history?.lastPrice == Amount("0.59"))
        #expect(items[1].price?.description == "0.59")
        #expect(items[2].history == nil)
        #expect(items[2].price == nil)
        #expect(PriceBook.total(items)?.description == "7.17")
    }

    @Test("an entry finds the price of the lines that would tick it: plurals and product names")
    func priceHistoryFollowsTheTickingRule() {
        let carts = [
            Self.cart(
                "a",
                date: "2025-01-03",
                merchant: "A",
                [
                    CartItem(name: "TOMATOES", price: Amount("2.10")),
                    CartItem(name: "BERRIES MIX", price: Amount("4.00")),
                    CartItem(name: "WHL MLK", price: Amount("3.49"), product: ProductRef(barcode: nil, name: "Whole Milk")),
                ]
            )
        ]
        let book = PriceBook(carts: carts)
        #expect(book.purchases(of: "tomato", product: nil).map(\.itemName) == ["TOMATOES"])
        #expect(book.purchases(of: "berry", product: nil).map(\.itemName) == ["BERRIES MIX"])
        #expect(book.purchases(of: "whole milk", product: nil).map(\.itemName) == ["WHL MLK"])
    }

    @Test func evenCountMedianIsTheMeanOfTheMiddleTwo() throws {
        let purchases = ["1.00", "2.00", "4.00", "9.00"].map {
            Purchase(itemName: "x", productKey: nil, unitPrice: Amount($0)!, merchant: nil, date: "2025-01-01", addedOn: "t")
        }
        #expect(PriceBook.history(purchases)?.median.description == "3.00")
    }
}
