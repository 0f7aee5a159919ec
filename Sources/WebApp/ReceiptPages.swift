import Foundation
import Households
import ReceiptModel

/// Uploading a receipt photo, following its reading, and reviewing what was read.
public enum ReceiptPages {
    public static func upload(_ frame: PageFrame, household: Household) -> HTML {
        Layout.page(
            frame,
            """
            <h1>Upload a receipt</h1>
            <form method="post" action="/h/\(household.id)/upload" enctype="multipart/form-data" class="stack card" data-upload>
            \(frame.csrfField)
            <label for="photo">Receipt photo</label>
            <input id="photo" name="photo" type="file" accept="image/*" capture="environment" required>
            <p class="hint">Take a photo with your phone's camera, or choose a file (JPEG, PNG, up to 20 MB).</p>
            <button type="submit">Upload and read</button>
            <progress hidden max="100" value="0" aria-label="Upload progress"></progress>
            </form>
            """
        )
    }

    /// A receipt job: queued, being read, done (with a link to review) or failed.
    public static func job(_ frame: PageFrame, household: Household, job: ReceiptJob) -> HTML {
        let state: HTML
        switch job.status {
        case .done:
            let cart = job.cartId ?? ""
            state = """
                <p class="notice" role="status" data-job-status="done">Read. <a href="/h/\(household.id)/carts/\(cart)/review">Review the reading</a> or <a href="/h/\(household.id)/carts/\(cart)">open the cart</a>.</p>
                """
        case .failed:
            state =
                "<p class=\"error\" role=\"alert\" data-job-status=\"failed\">This photo could not be read: \(job.error?.message ?? "unknown error"). Try a sharper, straighter photo.</p>"
        default:
            state = """
                <p role="status" data-job-status="\(job.status.rawValue)"><span class="spinner" aria-hidden="true"></span> \(job.status == .queued ? "Waiting for a reader…" : "Reading the receipt…") (attempt \(job.attempts))</p>
                <progress aria-label="Reading the receipt"></progress>
                """
        }
        return Layout.page(
            frame,
            """
            <h1>Reading your receipt</h1>
            <div id="job" data-live data-job="\(job.id)">\(state)</div>
            """
        )
    }

    /// The review page: the photo beside every field read, doubtful fields marked, all editable.
    public static func review(_ frame: PageFrame, household: Household, cart: CartDocument) -> HTML {
        let base = "/h/\(household.id)/carts/\(cart.id)"
        let doubtful = Doubt(cart: cart)
        let warnings = cart.warnings.html { "<li>\($0)</li>" }
        let items = cart.items.enumerated().html { index, item in
            let flagged = doubtful.item(index)
            return """
                <tr\(if: flagged, " class=\"doubt\"")>
                <td><label class="visually-hidden" for="item-\(index)-name">Item \(index + 1) name</label>
                <input id="item-\(index)-name" name="item.\(index).name" value="\(item.name)" required maxlength="200"\(if: flagged, " aria-invalid=\"true\"")></td>
                <td class="num"><label class="visually-hidden" for="item-\(index)-price">Item \(index + 1) price</label>
                <input id="item-\(index)-price" name="item.\(index).price" value="\(item.price?.description ?? "")" inputmode="decimal" size="7"></td>
                </tr>
                """
        }
        func field(_ name: String, _ label: String, _ value: String?, doubt: Bool, extra: HTML = .empty) -> HTML {
            """
            <div class="field\(if: doubt, " doubt")">
            <label for="\(name)">\(label)\(if: doubt, " <span class=\"badge warn\">check</span>")</label>
            <input id="\(name)" name="\(name)" value="\(value ?? "")"\(extra)\(if: doubt, " aria-invalid=\"true\"")>
            </div>
            """
        }
        let warningList: HTML =
            cart.warnings.isEmpty
            ? .empty
            : """
            <div class="warnings" role="note"><p><strong>The reader was unsure:</strong></p><ul>\(warnings)</ul></div>
            """
        let photo: HTML =
            cart.source.sha256 != nil
            ? """
            <figure class="review-photo"><a href="/api/v1/households/\(household.id)/carts/\(cart.id)/image"><img src="/api/v1/households/\(household.id)/carts/\(cart.id)/image" alt="The receipt photo"></a></figure>
            """ : "<p class=\"meta\">This cart was made by hand: there is no photo.</p>"
        return Layout.page(
            frame,
            """
            <p class="crumbs"><a href="\(base)">← \(cart.name)</a></p>
            <h1>Review the reading</h1>
            <div class="review">
            \(photo)
            \(frame.form("\(base)/review", class: "review-form", enhance: false, """
                <input type="hidden" name="rev" value="\(cart.rev)">
                \(warningList)
                \(field("merchant", "Merchant", cart.merchant?.name, doubt: doubtful.merchant, extra: " maxlength=\"200\""))
                \(field("date", "Date", cart.date, doubt: doubtful.date, extra: " type=\"date\""))
                \(field("total", "Total\(cart.currency.map { " (\($0))" } ?? "")", cart.total?.description ?? cart.totalPrice?.description, doubt: doubtful.total, extra: " inputmode=\"decimal\""))
                <table class="review-items"><caption>Items\(if: doubtful.items, " <span class=\"badge warn\">check</span>")</caption>
                <thead><tr><th scope="col">Item</th><th scope="col" class="num">Price</th></tr></thead>
                <tbody>\(items)</tbody></table>
                <p class="meta">Subtotal \(Formatting.money(cart.subtotal, nil)) · tax \(Formatting.money(cart.tax, nil))\(cart.tip.map { " · tip \($0.description)" } ?? "")</p>
                <button type="submit">Save the corrections</button>
                """))
            </div>
            """
        )
    }

    /// Which fields the reader doubted: low confidence, a failed check or a warning naming them;
    /// what a person already corrected (`verified`) is no longer in doubt.
    struct Doubt {
        var merchant: Bool
        var date: Bool
        var total: Bool
        var items: Bool
        /// Item positions whose line was read with low confidence or that a warning names.
        var lines: Set<Int>

        init(cart: CartDocument) {
            let text = cart.warnings.joined(separator: "\n").lowercased()
            let verified = Set(cart.verified)
            func doubted(_ field: String, _ confidence: Double?, missing: Bool = false) -> Bool {
                guard !verified.contains(field) else { return false }
                return missing || (confidence.map { $0 < 0.6 } ?? false) || text.contains(field)
            }
            merchant = doubted("merchant", cart.confidence.merchant, missing: cart.merchant?.name == nil)
            date = doubted("date", cart.confidence.date, missing: cart.date == nil)
            total = doubted("total", cart.confidence.total, missing: cart.checks.subtotalPlusTaxMatchesTotal == false)
            items = doubted("item", cart.confidence.items, missing: cart.checks.itemsMatchSubtotal == false)
            lines = Set(
                cart.items.indices.filter { index in
                    let item = cart.items[index]
                    guard !verified.contains("items[\(index)].name"), !verified.contains("items[\(index)].price") else { return false }
                    return (item.confidence ?? 1) < 0.6 || text.contains(item.name.lowercased())
                }
            )
        }

        func item(_ index: Int) -> Bool { lines.contains(index) }
    }
}
