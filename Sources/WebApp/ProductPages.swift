import Foundation
import Households
import ReceiptModel
import ReceiptPipeline

/// What the product pages show of a catalog product (the catalog's facts, without the catalog).
public struct ProductFacts: Sendable, Hashable {
    public struct Nutrient: Sendable, Hashable {
        public var name: String
        /// `3.2 g`.
        public var amount: String

        public init(name: String, amount: String) {
            self.name = name
            self.amount = amount
        }
    }

    public var id: String
    public var name: String
    public var brand: String?
    public var barcode: String?
    public var picture: String?
    public var category: String
    public var caloriesPer100g: Double?
    public var nutrients: [Nutrient]

    public init(
        id: String,
        name: String,
        brand: String? = nil,
        barcode: String? = nil,
        picture: String? = nil,
        category: String,
        caloriesPer100g: Double? = nil,
        nutrients: [Nutrient] = []
    ) {
        self.id = id
        self.name = name
        self.brand = brand
        self.barcode = barcode
        self.picture = picture
        self.category = category
        self.caloriesPer100g = caloriesPer100g
        self.nutrients = nutrients
    }
}

/// The product page (facts, where the household bought it and what it paid, reviews, the star),
/// the Favourites view and browsing the catalog by category.
public enum ProductPages {
    /// - Parameter recommendations: a section for products to suggest beside this one, shown under
    ///   the prices when given (built elsewhere; empty for none).
    public static func detail(
        _ frame: PageFrame,
        household: Household,
        product: ProductFacts,
        history: ProductPriceHistory,
        reviews: ProductReviewSummary,
        favourite: Bool,
        lists: [HouseholdList],
        recommendations: HTML = .empty
    ) -> HTML {
        let base = "/h/\(household.id)/products/\(product.id)"
        let picture: HTML =
            product.picture.map { "<img class=\"product-picture\" src=\"\($0)\" alt=\"\(product.name)\" width=\"160\" height=\"160\">" }
            ?? "<span class=\"product-picture placeholder\" aria-hidden=\"true\">\(Icons.bag)</span>"
        let nutrients = product.nutrients.html { "<tr><th scope=\"row\">\($0.name)</th><td>\($0.amount)</td></tr>" }
        let facts: HTML = """
            <dl class="facts-list">
            \(if: product.brand != nil, "<div><dt>Brand</dt><dd data-testid=\"product-brand\">\(product.brand ?? "")</dd></div>")
            <div><dt>Category</dt><dd><a href="/h/\(household.id)/categories/\(product.category)" data-testid="product-category">\(product.category)</a></dd></div>
            \(if: product.barcode != nil, "<div><dt>Barcode</dt><dd data-testid=\"product-barcode\">\(product.barcode ?? "")</dd></div>")
            <div><dt>Calories</dt><dd data-testid="product-calories">\(product.caloriesPer100g.map { "\(Int($0.rounded())) kcal per 100 g" } ?? "not known")</dd></div>
            </dl>
            """
        let nutrition: HTML =
            product.nutrients.isEmpty
            ? .empty
            : """
            <details class="nutrition"><summary>Nutrition per 100 g</summary>
            <table data-testid="nutrients"><tbody>\(nutrients)</tbody></table></details>
            """
        return Layout.page(
            frame,
            """
            <article class="product-page" data-testid="product-page">
            <div class="product-head">
            \(picture)
            <div class="grow">
            <h1>\(product.name)</h1>
            \(star(frame, household: household, productId: product.id, name: product.name, starred: favourite, back: base))
            \(facts)
            \(nutrition)
            </div>
            </div>
            \(addToList(frame, household: household, productId: product.id, name: product.name, lists: lists))
            \(prices(history, productName: product.name))
            \(recommendations)
            \(reviewsSection(frame, base: base, household: household, reviews: reviews))
            </article>
            """
        )
    }

    /// A star that adds the product to the caller's favourites or takes it away.
    static func star(_ frame: PageFrame, household: Household, productId: String, name: String, starred: Bool, back: String) -> HTML {
        frame.form(
            "/h/\(household.id)/products/\(productId)/star",
            class: "inline star-form",
            enhance: false,
            """
            <input type="hidden" name="starred" value="\(starred ? "0" : "1")">
            <input type="hidden" name="back" value="\(back)">
            <button type="submit" class="star" aria-pressed="\(starred ? "true" : "false")" aria-label="\(starred ? "Remove \(name) from favourites" : "Add \(name) to favourites")" data-testid="star">\(starred ? "★" : "☆")</button>
            """
        )
    }

    /// One tap puts the product on a list: a button per list when there are few, else a choice.
    static func addToList(_ frame: PageFrame, household: Household, productId: String, name: String, lists: [HouseholdList]) -> HTML {
        guard !lists.isEmpty else {
            return "<p class=\"meta\"><a href=\"/h/\(household.id)/lists\">Create a list</a> to put \(name) on it.</p>"
        }
        let action = "/h/\(household.id)/products/\(productId)/add-to-list"
        if lists.count == 1, let list = lists.first {
            return frame.form(
                action,
                class: "inline add-to-list",
                enhance: false,
                """
                <input type="hidden" name="listId" value="\(list.id)">
                <button type="submit" class="secondary" data-testid="add-to-list">Add to \(list.name)</button>
                """
            )
        }
        let options = lists.html { "<option value=\"\($0.id)\">\($0.name)</option>" }
        return frame.form(
            action,
            class: "inline add-to-list",
            enhance: false,
            """
            <label class="visually-hidden" for="list-\(productId)">List for \(name)</label>
            <select id="list-\(productId)" name="listId">\(options)</select>
            <button type="submit" class="secondary" data-testid="add-to-list">Add to list</button>
            """
        )
    }

    /// Where the household bought it, per currency: the cheapest merchant, each merchant's last and
    /// lowest price, and the prices by date as a chart.
    static func prices(_ history: ProductPriceHistory, productName: String) -> HTML {
        guard !history.merchants.isEmpty else {
            return """
                <section class="card" aria-labelledby="where-title"><h2 id="where-title">Where to buy it</h2>
                <p data-testid="never-bought">Your household has never bought this product: its prices show up here once a receipt has it.</p></section>
                """
        }
        let currencies = Dictionary(grouping: history.merchants, by: \.currency)
        let sections = history.cheapest.html { cheapest in
            let merchants = currencies[cheapest.currency] ?? []
            let money = { (point: ProductPriceHistory.Point) in Formatting.money(point.price, cheapest.currency) }
            let rows = merchants.html { merchant in
                """
                <tr><th scope="row">\(merchant.merchant)</th>
                <td>\(money(merchant.last)) on \(Formatting.day(merchant.last.date))</td>
                <td>\(money(merchant.lowest)) on \(Formatting.day(merchant.lowest.date))</td>
                <td>\(merchant.points.count)</td></tr>
                """
            }
            return """
                <div class="currency-prices">
                <p class="cheapest" data-testid="cheapest">cheapest at \(cheapest.merchant): \(money(cheapest.lowest)) on \(Formatting.day(cheapest.lowest.date))</p>
                <table class="prices" data-testid="merchant-prices">
                <thead><tr><th scope="col">Merchant</th><th scope="col">Last</th><th scope="col">Lowest</th><th scope="col">Bought</th></tr></thead>
                <tbody>\(rows)</tbody></table>
                \(PriceChart.render(merchants, title: "Price of \(productName) by date\(cheapest.currency.map { " in \($0)" } ?? "")"))
                </div>
                """
        }
        return """
            <section class="card" aria-labelledby="where-title"><h2 id="where-title">Where to buy it</h2>
            <p class="meta">\(history.purchases) \(history.purchases == 1 ? "purchase" : "purchases") on your household's receipts.</p>
            \(sections)</section>
            """
    }

    static func reviewsSection(_ frame: PageFrame, base: String, household: Household, reviews: ProductReviewSummary) -> HTML {
        let me = frame.user?.id
        let mine = reviews.reviews.first { $0.value.authorId == me }?.value
        let items = reviews.reviews.html { stored in
            let review = stored.value
            let delete: HTML =
                review.authorId == me
                ? frame.form(
                    "/h/\(household.id)/reviews/\(review.id)/delete",
                    class: "inline",
                    enhance: false,
                    "<button type=\"submit\" class=\"link\">Delete</button>"
                ) : .empty
            return """
                <li class="product-review" data-testid="review">
                <span class="rating" aria-label="\(review.rating) out of 5">\(stars(review.rating))</span>
                <strong>\(review.authorName)</strong> <span class="meta">\(Formatting.instant(review.updatedAt))</span>
                \(if: review.comment != nil, "<p>\(review.comment ?? "")</p>")
                \(delete)
                </li>
                """
        }
        let average: HTML =
            reviews.average.map {
                "<p data-testid=\"review-average\">Average \("\($0)") of 5 from \(reviews.count) \(reviews.count == 1 ? "review" : "reviews")</p>"
            } ?? "<p data-testid=\"review-average\">No reviews yet.</p>"
        let ratingChoices = (1...5).html { rating in
            """
            <label class="rating-choice"><input type="radio" name="rating" value="\(rating)"\(if: (mine?.rating ?? 5) == rating, " checked") required> \(rating)</label>
            """
        }
        return """
            <section class="card" aria-labelledby="reviews-title">
            <h2 id="reviews-title">Reviews</h2>
            \(average)
            <ul class="product-reviews">\(items)</ul>
            \(frame.form("\(base)/reviews", class: "stack", enhance: false, """
                <fieldset class="rating-choices"><legend>\(mine == nil ? "Your rating" : "Change your rating")</legend>\(ratingChoices)</fieldset>
                <label for="review-comment">Comment <span class="hint">(optional)</span></label>
                <textarea id="review-comment" name="comment" maxlength="2000" rows="2">\(mine?.comment ?? "")</textarea>
                <button type="submit">\(mine == nil ? "Post review" : "Save review")</button>
                """))
            </section>
            """
    }

    static func stars(_ rating: Int) -> String {
        String(repeating: "★", count: rating) + String(repeating: "☆", count: max(0, 5 - rating))
    }

    /// The caller's starred products, each with one tap to put it on a list.
    public static func favourites(_ frame: PageFrame, household: Household, favourites: [Favourite], lists: [HouseholdList]) -> HTML {
        let rows = favourites.html { favourite in
            let product = favourite.product
            return """
                <li class="product favourite" data-testid="favourite">
                \(thumbnail(product.picture))
                <span class="grow"><a class="name" href="/h/\(household.id)/products/\(favourite.productId)">\(product.name)</a>
                <span class="meta">\(product.brand ?? "")\(product.category.map { " · \($0)" } ?? "")</span></span>
                \(addToList(frame, household: household, productId: favourite.productId, name: product.name, lists: lists))
                \(star(frame, household: household, productId: favourite.productId, name: product.name, starred: true, back: "/h/\(household.id)/favourites"))
                </li>
                """
        }
        let empty: HTML = "<li class=\"empty\">No favourites yet: tap the star on a product to keep it here.</li>"
        return Layout.page(
            frame,
            """
            <h1>Favourites</h1>
            <p><a href="/h/\(household.id)/categories">Browse products by category</a></p>
            <ul class="list products" id="favourites">\(favourites.isEmpty ? empty : rows)</ul>
            """
        )
    }

    /// The catalog's categories, with how many products each has.
    public static func categories(_ frame: PageFrame, household: Household, categories: [(name: String, count: Int)]) -> HTML {
        let rows = categories.html { category in
            """
            <li><a class="row" href="/h/\(household.id)/categories/\(category.name)"><span class="grow name">\(category.name)</span>
            <span class="meta">\(category.count) \(category.count == 1 ? "product" : "products")</span></a></li>
            """
        }
        return Layout.page(
            frame,
            """
            <h1>Products</h1>
            <p><a href="/h/\(household.id)/favourites">Your favourites</a></p>
            <h2>Categories</h2>
            <ul class="list" id="categories">\(categories.isEmpty ? "<li class=\"empty\">The server has no catalog.</li>" : rows)</ul>
            """
        )
    }

    /// One category's products, each with its star.
    public static func category(_ frame: PageFrame, household: Household, name: String, products: [ProductFacts], starred: Set<String>) -> HTML {
        let back = "/h/\(household.id)/categories/\(name)"
        let rows = products.html { product in
            """
            <li class="product" data-testid="category-product">
            \(thumbnail(product.picture))
            <span class="grow"><a class="name" href="/h/\(household.id)/products/\(product.id)">\(product.name)</a>
            <span class="meta">\(product.brand ?? "")</span></span>
            \(star(frame, household: household, productId: product.id, name: product.name, starred: starred.contains(product.id), back: back))
            </li>
            """
        }
        return Layout.page(
            frame,
            """
            <p><a href="/h/\(household.id)/categories">All categories</a></p>
            <h1>\(name)</h1>
            <ul class="list products">\(products.isEmpty ? "<li class=\"empty\">No products in this category.</li>" : rows)</ul>
            """
        )
    }

    static func thumbnail(_ picture: String?) -> HTML {
        picture.map { "<img class=\"thumb\" src=\"\($0)\" alt=\"\" width=\"48\" height=\"48\" loading=\"lazy\">" }
            ?? "<span class=\"thumb placeholder\" aria-hidden=\"true\">\(Icons.bag)</span>"
    }
}

/// A product's price by date at each merchant, one series (line and dots) per merchant, as inline
/// SVG in the proportions of ``Charts``: across in percentages, text in the page's units.
enum PriceChart {
    static func render(_ merchants: [ProductPriceHistory.Merchant], title: String) -> HTML {
        let points = merchants.flatMap(\.points)
        guard let first = points.compactMap({ CalendarDay(iso: $0.date) }).min(),
            let last = points.compactMap({ CalendarDay(iso: $0.date) }).max()
        else { return .empty }
        let height = 160.0
        let top = 14.0
        let bottom = 26.0
        let left = 12.0
        let span = 84.0
        let prices = points.map { NSDecimalNumber(decimal: $0.price.value).doubleValue }
        let highest = prices.max() ?? 1
        let lowest = min(prices.min() ?? 0, highest * 0.8)
        let days = Double(max(last.daysSinceEpoch - first.daysSinceEpoch, 1))
        func x(_ date: String) -> Double {
            guard let day = CalendarDay(iso: date) else { return left }
            return last == first ? left + span / 2 : left + span * Double(day.daysSinceEpoch - first.daysSinceEpoch) / days
        }
        func y(_ price: Amount) -> Double {
            let value = NSDecimalNumber(decimal: price.value).doubleValue
            let range = max(highest - lowest, 0.01)
            return height - bottom - (height - top - bottom) * (value - lowest) / range
        }
        let series = merchants.enumerated().html { index, merchant in
            let dots = merchant.points.html { point in
                """
                <circle class="point series-\(index % 6)" cx="\(Charts.percent(x(point.date)))" cy="\(String(format: "%.1f", y(point.price)))" r="4"><title>\(merchant.merchant), \(point.date): \(point.price)</title></circle>
                """
            }
            let segments = zip(merchant.points, merchant.points.dropFirst()).html { from, to in
                """
                <line class="line series-\(index % 6)" x1="\(Charts.percent(x(from.date)))" y1="\(String(format: "%.1f", y(from.price)))" x2="\(Charts.percent(x(to.date)))" y2="\(String(format: "%.1f", y(to.price)))"></line>
                """
            }
            return "<g data-merchant=\"\(merchant.merchant)\">\(segments)\(dots)</g>"
        }
        let legend = merchants.enumerated().html { index, merchant in
            "<li><span class=\"swatch series-\(index % 6)\" aria-hidden=\"true\"></span>\(merchant.merchant)</li>"
        }
        return """
            <svg class="chart price-chart" width="100%" height="\(Int(height))" role="img" aria-label="\(title)" data-testid="price-chart">
            <title>\(title)</title>
            <line class="axis" x1="0" y1="\(height - bottom)" x2="100%" y2="\(height - bottom)"></line>
            <text class="value" x="0" y="\(top - 2)">\(String(format: "%.2f", highest))</text>
            <text class="value" x="0" y="\(height - bottom - 4)">\(String(format: "%.2f", lowest))</text>
            <text class="label" x="\(Charts.percent(left))" y="\(height - 6)">\(first.description)</text>
            \(if: last != first, "<text class=\"label\" x=\"\(Charts.percent(left + span))\" y=\"\(height - 6)\" text-anchor=\"end\">\(last.description)</text>")
            \(series)
            </svg>
            <ul class="legend">\(legend)</ul>
            """
    }
}
