import Foundation
import Households
import ReceiptModel
import Testing

@Suite struct ProductReviewsTests {
    /// Ana's household with Bo in it, and Cy in a household of her own.
    private func withMembers(_ body: (HouseholdTestBed, ProductReviews, PublicUser, String) async throws -> Void) async throws {
        try await HouseholdTestBed.with { bed in
            let invite = try await bed.directory.invite(to: bed.household, by: bed.ana.id)
            _ = try await bed.directory.join(code: invite.code, user: bed.bo)
            let cy = try await bed.accounts.signUp(email: "cy@example.com", displayName: "Cy", password: "purple monkey")
            let other = try await bed.directory.create(name: "Elsewhere", by: cy).value.id
            try await body(bed, ProductReviews(records: bed.records, directory: bed.directory), cy, other)
        }
    }

    @Test("members see each other's reviews with their average; another household sees none of them")
    func membersSeeEachOther() async throws {
        try await withMembers { bed, reviews, cy, other in
            _ = try await reviews.add(productId: "0071230000016", rating: 5, comment: "Creamy", in: bed.household, by: bed.ana)
            _ = try await reviews.add(productId: "0071230000016", rating: 2, comment: nil, in: bed.household, by: bed.bo)
            let seen = try await reviews.reviews(of: "0071230000016", in: bed.household, for: bed.bo.id)
            #expect(seen.count == 2)
            #expect(seen.average == Decimal(string: "3.5"))
            #expect(try await reviews.reviews(of: "0071230000016", in: other, for: cy.id).count == 0)
            let outsider = await #expect(throws: HouseholdError.self) {
                try await reviews.reviews(of: "0071230000016", in: bed.household, for: cy.id)
            }
            #expect(outsider?.code == .householdNotFound)
        }
    }

    @Test("only the author changes or deletes a review; another household's review is not found")
    func authorOnly() async throws {
        try await withMembers { bed, reviews, cy, other in
            let mine = try await reviews.add(productId: "p1", rating: 4, comment: "Good", in: bed.household, by: bed.ana).value
            let byBo = await #expect(throws: HouseholdError.self) {
                try await reviews.edit(mine.id, rating: 1, comment: nil, in: bed.household, by: bed.bo.id, ifMatch: nil)
            }
            #expect(byBo?.code == .notReviewAuthor)
            let deleteByBo = await #expect(throws: HouseholdError.self) {
                try await reviews.delete(mine.id, in: bed.household, by: bed.bo.id, ifMatch: nil)
            }
            #expect(deleteByBo?.code == .notReviewAuthor)
            // Cy names Ana's review from her own household: answered like a missing one.
            let fromElsewhere = await #expect(throws: HouseholdError.self) {
                try await reviews.edit(mine.id, rating: 1, comment: nil, in: other, by: cy.id, ifMatch: nil)
            }
            #expect(fromElsewhere?.code == .reviewNotFound)

            let edited = try await reviews.edit(mine.id, rating: 3, comment: .some(nil), in: bed.household, by: bed.ana.id, ifMatch: nil)
            #expect(edited.value.rating == 3)
            #expect(edited.value.comment == nil)
            try await reviews.delete(mine.id, in: bed.household, by: bed.ana.id, ifMatch: nil)
            #expect(try await reviews.reviews(of: "p1", in: bed.household, for: bed.ana.id).count == 0)
        }
    }

    @Test("a rating is 1 to 5, and a member reviews a product once")
    func ratingAndOnce() async throws {
        try await withMembers { bed, reviews, _, _ in
            for rating in [0, 6] {
                let bad = await #expect(throws: HouseholdError.self) {
                    try await reviews.add(productId: "p1", rating: rating, comment: nil, in: bed.household, by: bed.ana)
                }
                #expect(bad?.field == "rating")
            }
            _ = try await reviews.add(productId: "p1", rating: 5, comment: nil, in: bed.household, by: bed.ana)
            let twice = await #expect(throws: HouseholdError.self) {
                try await reviews.add(productId: "p1", rating: 4, comment: nil, in: bed.household, by: bed.ana)
            }
            #expect(twice?.code == .reviewExists)
        }
    }
}

@Suite struct FavouritesTests {
    @Test("favourites are the user's own: another user sees none of them, and starring twice keeps one")
    func scopedPerUser() async throws {
        try await HouseholdTestBed.with { bed in
            let favourites = Favourites(records: bed.records)
            let milk = ProductRef(barcode: "0071230000016", name: "Whole Milk", category: "Dairy")
            try await favourites.add("0071230000016", product: milk, for: bed.ana.id)
            try await favourites.add("0071230000016", product: milk, for: bed.ana.id)
            try await favourites.add("name-1", product: ProductRef(name: "Apples"), for: bed.ana.id)
            #expect(try await favourites.favourites(of: bed.ana.id).map(\.product.name) == ["Apples", "Whole Milk"])
            #expect(try await favourites.favourites(of: bed.bo.id).isEmpty)
            #expect(try await favourites.isFavourite("0071230000016", of: bed.ana.id))
            #expect(try await !favourites.isFavourite("0071230000016", of: bed.bo.id))
            let notBos = await #expect(throws: HouseholdError.self) { try await favourites.remove("0071230000016", for: bed.bo.id) }
            #expect(notBos?.code == .favouriteNotFound)
            try await favourites.remove("0071230000016", for: bed.ana.id)
            #expect(try await favourites.favourites(of: bed.ana.id).map(\.productId) == ["name-1"])
        }
    }
}
