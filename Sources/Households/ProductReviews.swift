import DocumentStore
import Foundation
import ReceiptModel

/// A member's rating of a catalog product, seen by the members of their household.
public struct ProductReview: Codable, Sendable, Hashable {
    public static let collection = "product-reviews"

    public var id: String
    public var type = "product-review"
    public var household: String
    public var productId: String
    public var authorId: String
    public var authorName: String
    /// 1 to 5.
    public var rating: Int
    public var comment: String?
    public var createdAt: String
    public var updatedAt: String
}

/// The reviews of one product in a household, with their average.
public struct ProductReviewSummary: Sendable {
    /// Newest first.
    public var reviews: [Revisioned<ProductReview>]

    public init(reviews: [Revisioned<ProductReview>]) {
        self.reviews = reviews
    }

    public var count: Int { reviews.count }
    /// The mean rating to one decimal; nil without reviews.
    public var average: Decimal? {
        guard !reviews.isEmpty else { return nil }
        let mean = Decimal(reviews.reduce(0) { $0 + $1.value.rating }) / Decimal(reviews.count)
        var rounded = Decimal()
        var value = mean
        NSDecimalRound(&rounded, &value, 1, .plain)
        return rounded
    }
}

/// Product reviews: a member rates a product 1 to 5 with an optional comment, once per product;
/// the household's members read each other's; only the author changes or deletes a review.
public struct ProductReviews: Sendable {
    let records: Records
    let directory: HouseholdDirectory
    let now: @Sendable () -> Date

    static let notFound = HouseholdError(.reviewNotFound, "No such review in this household.")

    public init(records: Records, directory: HouseholdDirectory, now: @escaping @Sendable () -> Date = Date.init) {
        self.records = records
        self.directory = directory
        self.now = now
    }

    /// The household's reviews of a product, newest first.
    public func reviews(of productId: String, in householdId: String, for userId: String) async throws -> ProductReviewSummary {
        try await directory.requireMember(householdId, userId: userId)
        let reviews = try await records.all(
            ProductReview.self,
            DocumentQuery(collection: ProductReview.collection, filters: [.equals("household", householdId), .equals("productId", productId)])
        )
        return ProductReviewSummary(reviews: reviews.sorted { ($0.value.createdAt, $0.value.id) > ($1.value.createdAt, $1.value.id) })
    }

    /// Adds the caller's review of a product; a second review of the same product is
    /// `review.exists` (change the first instead).
    public func add(
        productId: String,
        rating: Int,
        comment: String?,
        in householdId: String,
        by user: PublicUser
    ) async throws -> Revisioned<ProductReview> {
        let (rating, comment) = (try Self.validRating(rating), try Self.validComment(comment))
        let existing = try await reviews(of: productId, in: householdId, for: user.id)
        guard !existing.reviews.contains(where: { $0.value.authorId == user.id }) else {
            throw HouseholdError(.reviewExists, "You reviewed this product already; change that review instead.")
        }
        let instant = Instant.string(now())
        let review = ProductReview(
            id: Identifiers.make("rv"),
            household: householdId,
            productId: try Self.validProductId(productId),
            authorId: user.id,
            authorName: user.displayName,
            rating: rating,
            comment: comment,
            createdAt: instant,
            updatedAt: instant
        )
        return try await records.created(review, household: householdId, by: ChangeAuthor(userId: user.id, now: now()))
    }

    /// Changes the caller's own review: a `nil` rating keeps it; `comment` `.some(nil)` removes it.
    public func edit(
        _ reviewId: String,
        rating: Int?,
        comment: String??,
        in householdId: String,
        by userId: String,
        ifMatch: Int?
    ) async throws -> Revisioned<ProductReview> {
        _ = try await ownReview(reviewId, in: householdId, by: userId)
        let rating = try rating.map(Self.validRating)
        let comment = try comment.map(Self.validComment)
        let instant = Instant.string(now())
        return try await records.update(
            ProductReview.self,
            ProductReview.collection,
            reviewId,
            ifMatch: ifMatch,
            notFound: Self.notFound,
            loggedBy: ChangeAuthor(userId: userId, now: now())
        ) { review in
            if let rating { review.rating = rating }
            if let comment { review.comment = comment }
            review.updatedAt = instant
        }.0
    }

    /// Deletes the caller's own review.
    /// - Returns: the review as it was.
    @discardableResult
    public func delete(_ reviewId: String, in householdId: String, by userId: String, ifMatch: Int?) async throws -> ProductReview {
        let review = try await ownReview(reviewId, in: householdId, by: userId)
        try await records.delete(review, ifMatch: ifMatch, household: householdId, by: ChangeAuthor(userId: userId, now: now()))
        return review.value
    }

    /// A review of the household (another household's answers like a missing one) that the caller wrote.
    private func ownReview(_ reviewId: String, in householdId: String, by userId: String) async throws -> Revisioned<ProductReview> {
        try await directory.requireMember(householdId, userId: userId)
        guard let review = try await records.get(ProductReview.self, ProductReview.collection, reviewId, in: householdId) else { throw Self.notFound }
        guard review.value.authorId == userId else {
            throw HouseholdError(.notReviewAuthor, "Only the member who wrote a review may change or delete it.")
        }
        return review
    }

    static func validRating(_ rating: Int) throws -> Int {
        guard (1...5).contains(rating) else { throw HouseholdError.invalid("rating", "Rate the product from 1 to 5.") }
        return rating
    }

    static func validComment(_ comment: String?) throws -> String? {
        guard let trimmed = comment?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
        guard trimmed.count <= 2000 else { throw HouseholdError.invalid("comment", "Keep the comment to 2,000 characters.") }
        return trimmed
    }

    static func validProductId(_ productId: String) throws -> String {
        guard (1...100).contains(productId.count), !productId.contains("/") else {
            throw HouseholdError.invalid("productId", "Name a catalog product by its id.")
        }
        return productId
    }
}

extension ErrorCode where Domain == HouseholdError {
    public static var reviewNotFound: Self { Self(rawValue: "review.not-found") }
    /// The member reviewed this product already: change that review.
    public static var reviewExists: Self { Self(rawValue: "review.exists") }
    /// Only a review's author changes or deletes it.
    public static var notReviewAuthor: Self { Self(rawValue: "review.not-author") }
}
