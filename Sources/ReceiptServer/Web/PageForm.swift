import Households
import Hummingbird

/// A posted form as a type: its fields read as the page sends them (``WebForm``'s subscript trims
/// and takes an empty field as absent). The domain checks the values, as for the API's bodies.
protocol PageForm: Sendable {
    init(_ form: WebForm) throws
}

extension WebForm {
    /// Reads and checks a form of a signed-in browser (see ``read(_:session:accounts:limit:)``) as `Form`.
    static func read<Form: PageForm>(_ type: Form.Type, _ request: Request, session: WebSession, accounts: AccountService) async throws -> Form {
        try Form(try await read(request, session: session, accounts: accounts))
    }

    /// Reads a form posted without a session (log in, sign up) as `Form`: only its origin is checked.
    static func readUnchecked<Form: PageForm>(_ type: Form.Type, _ request: Request) async throws -> Form {
        try Form(try await readUnchecked(request))
    }

    /// A field exactly as sent, empty when absent: a password's spaces are part of it.
    func verbatim(_ name: String) -> String { fields.first { $0.0 == name }?.1 ?? "" }
}

/// A form with a name (a new household, a renamed list).
struct NameForm: PageForm {
    var name: String

    init(_ form: WebForm) { name = form["name"] ?? "" }
}
