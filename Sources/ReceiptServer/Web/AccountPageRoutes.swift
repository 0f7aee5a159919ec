import Households
import Hummingbird
import WebApp

/// Log in and sign up: public pages, their forms checked by origin only (there is no session
/// yet). A refusal shows the form again, filled in, with why.
struct AccountPageRoutes {
    let accounts: AccountService
    let secureCookies: Bool

    func add(to router: Router<APIContext>) {
        router.get("login", use: logInPage)
        router.post("login", use: logIn)
        router.get("signup", use: signUpPage)
        router.post("signup", use: signUp)
    }

    @Sendable func logInPage(_ request: Request, context: APIContext) async throws -> Response {
        if await WebSession.of(request, accounts: accounts) != nil { return WebResponse.redirect("/") }
        return WebResponse.html(AccountPages.logIn(next: WebRoutes.safeNext(request.query("next"))))
    }

    @Sendable func logIn(_ request: Request, context: APIContext) async throws -> Response {
        let form = try await WebForm.readUnchecked(LogInForm.self, request)
        do {
            let login = try await accounts.logIn(email: form.email, password: form.password, from: request, context: context)
            return startSession(login, goingTo: form.next ?? "/")
        } catch let error as HouseholdError {
            return WebResponse.html(AccountPages.logIn(email: form.email, error: error.message, next: form.next), status: Problem(error).status)
        }
    }

    @Sendable func signUpPage(_ request: Request, context: APIContext) -> Response {
        WebResponse.html(AccountPages.signUp())
    }

    @Sendable func signUp(_ request: Request, context: APIContext) async throws -> Response {
        let form = try await WebForm.readUnchecked(SignUpForm.self, request)
        do {
            _ = try await accounts.signUp(email: form.email, displayName: form.displayName, password: form.password)
            let login = try await accounts.logIn(email: form.email, password: form.password, from: request, context: context)
            return startSession(login, goingTo: "/households")
        } catch let error as HouseholdError {
            return WebResponse.html(
                AccountPages.signUp(email: form.email, displayName: form.displayName, error: error.message),
                status: Problem(error).status
            )
        }
    }

    /// The session's cookies on the way to `path`.
    private func startSession(_ login: LoginResult, goingTo path: String) -> Response {
        var response = WebResponse.redirect(path)
        SessionCookies.set(on: &response, login: login, accounts: accounts, secure: secureCookies)
        return response
    }
}

struct LogInForm: PageForm {
    var email: String
    var password: String
    /// Where to go after: a path of this site only.
    var next: String?

    init(_ form: WebForm) {
        email = form["email"] ?? ""
        password = form.verbatim("password")
        next = WebRoutes.safeNext(form["next"])
    }
}

struct SignUpForm: PageForm {
    var email: String
    var displayName: String
    var password: String

    init(_ form: WebForm) {
        email = form["email"] ?? ""
        displayName = form["displayName"] ?? ""
        password = form.verbatim("password")
    }
}
