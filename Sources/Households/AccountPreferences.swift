import DocumentStore
import Foundation
import ReceiptModel

/// What a user chose for their account: the currency new carts start in, and the locale the pages
/// show money and dates in (`en-US`: `$3.49`, `3/9/2024`; `de-DE`: `3,49 $`, `9.3.2024`).
public struct AccountPreferences: Codable, Sendable, Hashable {
    /// An ISO 4217 code, upper case.
    public var defaultCurrency: String?
    /// A BCP 47 tag of ``locales``.
    public var locale: String?

    public init(defaultCurrency: String? = nil, locale: String? = nil) {
        self.defaultCurrency = defaultCurrency
        self.locale = locale
    }

    /// The locales the pages offer, with their names.
    public static let locales: [(tag: String, name: String)] = [
        ("en-US", "English (United States)"), ("en-GB", "English (United Kingdom)"), ("de-DE", "Deutsch (Deutschland)"),
        ("fr-FR", "Français (France)"), ("es-ES", "Español (España)"), ("nl-NL", "Nederlands (Nederland)"),
    ]
}

extension AccountService {
    /// Changes the caller's display name and preferences: a `nil` argument leaves that part as it
    /// is; an empty currency or locale removes it.
    /// - Throws: `request.invalid` (field `displayName`, `defaultCurrency` or `locale`).
    public func updateProfile(_ userId: String, displayName: String?, defaultCurrency: String?, locale: String?) async throws -> PublicUser {
        let name = displayName?.trimmingCharacters(in: .whitespacesAndNewlines)
        if let name, !(1...80).contains(name.count) { throw HouseholdError.invalid("displayName", "Give a display name of 1 to 80 characters.") }
        let currency = try defaultCurrency.map(Self.validCurrency)
        let tag = try locale.map(Self.validLocale)
        return try await records.update(
            UserAccount.self,
            Collections.users,
            userId,
            ifMatch: nil,
            notFound: HouseholdError.unauthenticatedUser
        ) { account in
            if let name { account.displayName = name }
            var preferences = account.preferences ?? AccountPreferences()
            if let currency { preferences.defaultCurrency = currency.isEmpty ? nil : currency }
            if let tag { preferences.locale = tag.isEmpty ? nil : tag }
            account.preferences = preferences == AccountPreferences() ? nil : preferences
        }.0.value.publicUser
    }

    static func validCurrency(_ text: String) throws -> String {
        let code = text.trimmingCharacters(in: .whitespaces).uppercased()
        guard code.isEmpty || (code.count == 3 && code.allSatisfy { $0.isASCII && $0.isLetter }) else {
            throw HouseholdError.invalid("defaultCurrency", "Give a three-letter currency code such as EUR or USD.")
        }
        return code
    }

    static func validLocale(_ text: String) throws -> String {
        let tag = text.trimmingCharacters(in: .whitespaces)
        guard tag.isEmpty || AccountPreferences.locales.contains(where: { $0.tag == tag }) else {
            let known = AccountPreferences.locales.map(\.tag).joined(separator: ", ")
            throw HouseholdError.invalid("locale", "Choose one of \(known).")
        }
        return tag
    }
}
