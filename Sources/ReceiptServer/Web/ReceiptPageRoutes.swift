import Catalog
import Foundation
import HouseholdApp
import Households
import Hummingbird
import ReceiptModel
import WebApp

/// Receipt uploads from the browser, their jobs, and the review page that saves corrections.
struct ReceiptPageRoutes {
    let services: HouseholdServices
    let configuration: ServerConfiguration
    let catalog: ProductCatalog?
    let wake: JobSignal

    func add(to households: RouterGroup<HouseholdPageContext>) {
        households.get("upload", use: uploadForm)
        households.post("upload", use: upload)
        households.get("jobs/{jobId}", use: job)
        households.get("carts/{cartId}/review", use: review)
        households.post("carts/{cartId}/review", use: saveReview)
    }

    @Sendable func uploadForm(_ request: Request, context: HouseholdPageContext) async throws -> Response {
        let (session, household) = (context.session, context.household)
        return WebResponse.html(
            ReceiptPages.upload(session.frame("Upload", household: household, section: .upload), household: household),
            request: request
        )
    }

    @Sendable func upload(_ request: Request, context: HouseholdPageContext) async throws -> Response {
        let (session, household) = (context.session, context.household)
        let form = try await WebForm.read(
            request,
            session: session,
            accounts: services.accounts,
            limit: configuration.maxUploadBytes + (64 << 10)
        )
        guard let photo = form.files["photo"] else { throw Problem.badRequest("photo", "Choose a photo of the receipt first.") }
        try await UploadedImage.check(photo)
        switch try await services.jobs.enqueue(image: photo, fileName: nil, household: household.id, by: session.user) {
        case .queued(let job):
            wake.signal()
            return WebResponse.redirect("/h/\(household.id)/jobs/\(job.id)")
        case .existingCart(let cartId, _):
            return WebResponse.redirect("/h/\(household.id)/carts/\(cartId)/review")
        }
    }

    @Sendable func job(_ request: Request, context: HouseholdPageContext) async throws -> Response {
        let (session, household) = (context.session, context.household)
        let job = try await services.jobs.job(try context.parameters.require("jobId"), for: session.user.id)
        guard job.household == household.id else { throw HouseholdError.jobNotFound }
        var frame = session.frame("Reading", household: household, section: .upload)
        if job.status == .queued || job.status == .running { frame.refreshSeconds = 2 }
        return WebResponse.html(ReceiptPages.job(frame, household: household, job: job), request: request)
    }

    @Sendable func review(_ request: Request, context: HouseholdPageContext) async throws -> Response {
        let (session, household) = (context.session, context.household)
        let cart = try await services.carts.cart(try context.parameters.require("cartId"), in: household.id, for: session.user.id)
        var document = cart.value
        document.rev = cart.rev
        return WebResponse.html(
            ReceiptPages.review(session.frame("Review", household: household, section: .carts), household: household, cart: document),
            request: request
        )
    }

    @Sendable func saveReview(_ request: Request, context: HouseholdPageContext) async throws -> Response {
        let (session, household) = (context.session, context.household)
        let cartId = try context.parameters.require("cartId")
        let current = try await services.carts.cart(cartId, in: household.id, for: session.user.id)
        let form = try await WebForm.read(request, session: session, accounts: services.accounts, limit: 256 << 10)
        let correction = try Self.correction(form, of: current.value)
        let expected = form["rev"].flatMap(Int.init) ?? current.rev
        if !correction.isEmpty {
            _ = try await CorrectionRoutes.save(
                correction,
                to: cartId,
                in: household.id,
                by: session.user.id,
                ifMatch: expected,
                services: services
            )
        }
        return WebResponse.redirect("/h/\(household.id)/carts/\(cartId)")
    }

    /// What the form changed: only fields whose value differs from the cart's are corrected (and
    /// so marked verified).
    static func correction(_ form: WebForm, of cart: CartDocument) throws -> CartCorrection {
        var correction = CartCorrection()
        if let merchant = form["merchant"], merchant != cart.merchant?.name { correction.merchant = merchant }
        if let date = form["date"], date != cart.date { correction.date = date }
        if case .some(.some(let total)) = try form.json(["total"]).amount("total"), total.value != (cart.total ?? cart.totalPrice)?.value {
            correction.total = total
        }
        for (index, item) in cart.items.enumerated() {
            var fix = CartCorrection.ItemCorrection()
            if let name = form["item.\(index).name"], name != item.name { fix.name = name }
            let body = JSONBody(members: form["item.\(index).price"].map { ["price": .string($0)] } ?? [:])
            if case .some(.some(let price)) = try body.amount("price"), price.value != item.price?.value { fix.price = price }
            if fix.name != nil || fix.price != nil { correction.items[index] = fix }
        }
        return correction
    }
}
