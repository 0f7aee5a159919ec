import Foundation
import ReceiptModel

/// The one error type of the household domain: a stable dotted ``code`` that clients and tests
/// compare, a ``message`` that tells the user what to do, and for bad input the ``field`` at fault.
///
/// Messages never contain passwords, tokens or another household's data: an id the caller may not
/// see is answered exactly like an id that does not exist.
public struct HouseholdError: Error, Sendable, Hashable, CustomStringConvertible {
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// A field is missing, of the wrong type or out of range (``HouseholdError/field`` names it).
        public static let invalidInput = Code(rawValue: "request.invalid")
        /// Another account uses this email address (compared case-insensitively).
        public static let emailTaken = Code(rawValue: "account.email-taken")
        /// Wrong email or password (which of the two is never said).
        public static let invalidCredentials = Code(rawValue: "auth.invalid-credentials")
        /// No valid session: the token is missing, expired or revoked. Log in again.
        public static let unauthenticated = Code(rawValue: "auth.required")
        /// Too many failed attempts; ``HouseholdError/retryAfterSeconds`` says when to try again.
        public static let throttled = Code(rawValue: "auth.throttled")
        /// A cookie-authenticated unsafe request without the matching CSRF token.
        public static let csrf = Code(rawValue: "auth.csrf")
        /// The household does not exist or the caller is not a member.
        public static let householdNotFound = Code(rawValue: "household.not-found")
        /// The caller is a member but only the owner may do this.
        public static let forbidden = Code(rawValue: "household.forbidden")
        /// The invitation code is unknown, used or expired.
        public static let inviteInvalid = Code(rawValue: "invite.invalid")
        public static let memberNotFound = Code(rawValue: "member.not-found")
        public static let sessionNotFound = Code(rawValue: "session.not-found")
        public static let cartNotFound = Code(rawValue: "cart.not-found")
        public static let itemNotFound = Code(rawValue: "item.not-found")
        public static let listNotFound = Code(rawValue: "list.not-found")
        public static let entryNotFound = Code(rawValue: "entry.not-found")
        public static let jobNotFound = Code(rawValue: "job.not-found")
        /// A receipt job's lease ran out and another reader took it over: this reading is dropped.
        public static let jobClaimLost = Code(rawValue: "job.claim-lost")
        public static let imageNotFound = Code(rawValue: "image.not-found")
        /// A shared list's id and passcode do not match (or it is not shared).
        public static let shareInvalid = Code(rawValue: "share.invalid")
        /// No account with this email, or the user is not the caller's friend.
        public static let friendNotFound = Code(rawValue: "friend.not-found")
        /// The expense group does not exist or the caller is not a member.
        public static let groupNotFound = Code(rawValue: "group.not-found")
        /// A group member or expense participant who is not the caller's friend.
        public static let notFriend = Code(rawValue: "group.not-friend")
        /// A payment from someone to themselves: well-formed, but it settles nothing.
        public static let paymentToSelf = Code(rawValue: "payment.to-self")
        /// Someone named (a payer, a weight) who is not a member of the group: add them first.
        public static let notInGroup = Code(rawValue: "group.not-member")
        public static let expenseNotFound = Code(rawValue: "expense.not-found")
        public static let recurringNotFound = Code(rawValue: "recurring.not-found")
        /// Only the member who added the expense may change it or mark shares paid.
        public static let notUploader = Code(rawValue: "expense.not-uploader")
        /// An expense's total (and currency) is fixed once added.
        public static let totalLocked = Code(rawValue: "expense.total-locked")
        /// The change would alter a share that is already marked paid, or marks it paid again.
        public static let sharePaid = Code(rawValue: "expense.share-paid")
        /// The member owes nothing under this expense, so there is nothing to mark paid.
        public static let nothingOwed = Code(rawValue: "expense.nothing-owed")
        /// An expense with paid shares cannot be deleted.
        public static let hasPayments = Code(rawValue: "expense.has-payments")
        /// Payments are append-only: a recorded payment is never reversed or deleted.
        public static let paymentIrreversible = Code(rawValue: "payment.irreversible")
        /// `If-Match` named a revision that is no longer current: re-read and re-apply the change.
        public static let stale = Code(rawValue: "request.stale")
        /// The same change raced with another writer too many times; retry.
        public static let conflict = Code(rawValue: "request.conflict")
    }

    public var code: Code
    public var message: String
    /// The request field at fault, for ``Code/invalidInput``.
    public var field: String?
    /// For ``Code/throttled``: seconds until the next attempt is allowed.
    public var retryAfterSeconds: Int?

    public init(_ code: Code, _ message: String, field: String? = nil, retryAfterSeconds: Int? = nil) {
        self.code = code
        self.message = message
        self.field = field
        self.retryAfterSeconds = retryAfterSeconds
    }

    public var description: String { "\(code): \(message)" }

    public static func invalid(_ field: String, _ message: String) -> HouseholdError {
        HouseholdError(.invalidInput, message, field: field)
    }

    public static let householdNotFound = HouseholdError(
        .householdNotFound,
        "No such household, or you are not a member of it."
    )
    public static let cartNotFound = HouseholdError(.cartNotFound, "No such cart in this household.")
    public static let itemNotFound = HouseholdError(.itemNotFound, "No such item in this cart.")
    public static let jobNotFound = HouseholdError(.jobNotFound, "No such receipt job.")
    public static let claimLost = HouseholdError(
        .jobClaimLost,
        "Another worker took this receipt over after this one's lease ran out; its reading is the one kept."
    )
    package static let unauthenticatedUser = HouseholdError(.unauthenticated, "Your account no longer exists; sign up again.")

    static func stale(current: Int) -> HouseholdError {
        HouseholdError(
            .stale,
            "Someone changed this since you read it (it is now at revision \(current)). Reload it, apply your change again and retry."
        )
    }
}

extension HouseholdError: CodedError {
    public var errorCode: String { code.rawValue }
}
