import DocumentStore
import Foundation
import HTTPTypes
import Households
import ReceiptModel
import ReceiptOCR
import ReceiptTesting
import Testing

@Suite(.timeLimit(.minutes(5))) struct CorrectionTests {
    @Test("the review page's correction is a verified revision, and a corrected product is learnt for the next receipt")
    func correctAndLearn() async throws {
        try await ServerHarness.with(.sqlite, workers: 1, catalog: true) { api, _ in
            let (alice, _) = try await api.newUser("Alice")
            let (carol, _) = try await api.newUser("Carol")
            let home = try await alice.newHousehold("Home")
            _ = try await carol.newHousehold("Elsewhere")
            let original = try Data(contentsOf: ReceiptUploadTests.photo)
            let upload = try await alice.call(.post, "/api/v1/households/\(home)/receipts", data: original, headers: [.contentType: "image/png"])
            let firstJob = try #require(upload["id"]?.stringValue)
            let cartID = try #require(try await ReceiptUploadTests.finished(alice, job: firstJob)["cartId"]?.stringValue)
            let path = "/api/v1/households/\(home)/carts/\(cartID)"
            let cart = try await alice.call(.get, path)
            let items = try #require(cart["items"]?.arrayValue)
            let eggs = try #require(items.first { $0["name"]?.stringValue?.uppercased().contains("EGGS") == true })
            let eggsID = try #require(eggs["id"]?.stringValue)
            let body = #"{"merchant":"Fresh Mart","total":"43.50","items":{"\#(eggsID)":{"barcode":"0071242000028","price":"2.89"}}}"#
            #expect(try await carol.call(.patch, "/api/v1/households/\(home)/carts/\(cartID)/receipt", json: body).status == 404)
            #expect(try await alice.call(.patch, "\(path)/receipt", json: #"{"date":"2024-02-30"}"#)["field"]?.stringValue == "date")
            let unknown = try await alice.call(.patch, "\(path)/receipt", json: #"{"items":{"\#(eggsID)":{"barcode":"0000000000017"}}}"#)
            #expect(unknown.status == 422)
            #expect(unknown.code == "product.not-found")
            #expect(unknown["field"]?.stringValue == "items.\(eggsID).barcode")
            let stale = try await alice.call(.patch, "\(path)/receipt", json: body, headers: [.ifMatch: "\"99\""])
            #expect(stale.status == 412)
            let corrected = try await alice.call(.patch, "\(path)/receipt", json: body, headers: [.ifMatch: try #require(cart.etag)])
            #expect(corrected.status == 200)
            #expect(corrected["merchant"]?["name"]?.stringValue == "Fresh Mart")
            #expect(corrected["total"]?.stringValue == "43.50")
            #expect(corrected["totalPrice"]?.stringValue == "43.50")
            let verified = corrected["verified"]?.arrayValue?.compactMap(\.stringValue) ?? []
            #expect(verified.contains("merchant") && verified.contains("total"))
            let corrections = try #require(corrected["items"]?.arrayValue?.first { $0["id"]?.stringValue == eggsID })
            #expect(corrections["product"]?["name"]?.stringValue == "Organic Brown Eggs, 12 Count")

            // The next photo of a receipt from that shop (here: the same receipt again) gets the
            // taught product for that line, whatever the catalog matcher would say.
            let again = try OCRImage(data: original).pngData()
            let second = try await alice.call(.post, "/api/v1/households/\(home)/receipts", data: again, headers: [.contentType: "image/png"])
            let secondJob = try #require(second["id"]?.stringValue)
            let secondID = try #require(try await ReceiptUploadTests.finished(alice, job: secondJob)["cartId"]?.stringValue)
            let secondCart = try await alice.call(.get, "/api/v1/households/\(home)/carts/\(secondID)")
            let taught = secondCart["items"]?.arrayValue?.first { $0["name"]?.stringValue?.uppercased().contains("EGGS") == true }
            #expect(taught?["product"]?["barcode"]?.stringValue == "0071242000028")
            #expect(taught?["product"]?["source"]?.stringValue == "alias")
        }
    }
}
