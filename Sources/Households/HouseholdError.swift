import Foundation
import ReceiptModel

/// The one error type of the household domain: a stable dotted ``code`` that clients and tests
/// compare, a ``message`` that tells the user what to do, and for bad input the ``field`` at fault.
///
/// Messages never contain passwords, tokens or another household's data: an id the caller may not
/// see is answered exactly like an id that does not exist.
public struct HouseholdError: DomainError, Hashable {
    public typealias Code = ErrorCode<HouseholdError>

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

extension ErrorCode where Domain == HouseholdError {
    /// A field is missing, of the wrong type or out of range (``HouseholdError/field`` names it).
    public static var invalidInput: Self { Self(rawValue: "request.invalid") }
    /// Another account uses this email address (compared case-insensitively).
    public static var emailTaken: Self { Self(rawValue: "account.email-taken") }
    /// Wrong email or password (which of the two is never said).
    public static var invalidCredentials: Self { Self(rawValue: "auth.invalid-credentials") }
    /// No valid session: the token is missing, expired or revoked. Log in again.
    public static var unauthenticated: Self { Self(rawValue: "auth.required") }
    /// Too many failed attempts; ``HouseholdError/retryAfterSeconds`` says when to try again.
    public static var throttled: Self { Self(rawValue: "auth.throttled") }
    /// A cookie-authenticated unsafe request without the matching CSRF token.
    public static var csrf: Self { Self(rawValue: "auth.csrf") }
    /// The household does not exist or the caller is not a member.
    public static var householdNotFound: Self { Self(rawValue: "household.not-found") }
    /// The caller is a member but only the owner may do this.
    public static var forbidden: Self { Self(rawValue: "household.forbidden") }
    /// The invitation code is unknown, used or expired.
    public static var inviteInvalid: Self { Self(rawValue: "invite.invalid") }
    public static var memberNotFound: Self { Self(rawValue: "member.not-found") }
    public static var sessionNotFound: Self { Self(rawValue: "session.not-found") }
    public static var cartNotFound: Self { Self(rawValue: "cart.not-found") }
    public static var itemNotFound: Self { Self(rawValue: "item.not-found") }
    public static var listNotFound: Self { Self(rawValue: "list.not-found") }
    public static var entryNotFound: Self { Self(rawValue: "entry.not-found") }
    public static var jobNotFound: Self { Self(rawValue: "job.not-found") }
    /// A receipt job's lease ran out and another reader took it over: this reading is dropped.
    public static var jobClaimLost: Self { Self(rawValue: "job.claim-lost") }
    public static var imageNotFound: Self { Self(rawValue: "image.not-found") }
    /// A shared list's id and passcode do not match (or it is not shared).
    public static var shareInvalid: Self { Self(rawValue: "share.invalid") }
    /// No account with this email, or the user is not the caller's friend.
    public static var friendNotFound: Self { Self(rawValue: "friend.not-found") }
    /// The expense group does not exist or the caller is not a member.
    public static var groupNotFound: Self { Self(rawValue: "group.not-found") }
    /// A group member or expense participant who is not the caller's friend.
    public static var notFriend: Self { Self(rawValue: "group.not-friend") }
    /// A payment from someone to themselves: well-formed, but it settles nothing.
    public static var paymentToSelf: Self { Self(rawValue: "payment.to-self") }
    /// Someone named (a payer, a weight) who is not a member of the group: add them first.
    public static var notInGroup: Self { Self(rawValue: "group.not-member") }
    public static var expenseNotFound: Self { Self(rawValue: "expense.not-found") }
    public static var recurringNotFound: Self { Self(rawValue: "recurring.not-found") }
    /// Only the member who added the expense may change it or mark shares paid.
    public static var notUploader: Self { Self(rawValue: "expense.not-uploader") }
    /// An expense's total (and currency) is fixed once added.
    public static var totalLocked: Self { Self(rawValue: "expense.total-locked") }
    /// The change would alter a share that is already marked paid, or marks it paid again.
    public static var sharePaid: Self { Self(rawValue: "expense.share-paid") }
    /// The member owes nothing under this expense, so there is nothing to mark paid.
    public static var nothingOwed: Self { Self(rawValue: "expense.nothing-owed") }
    /// An expense with paid shares cannot be deleted.
    public static var hasPayments: Self { Self(rawValue: "expense.has-payments") }
    /// Payments are append-only: a recorded payment is never reversed or deleted.
    public static var paymentIrreversible: Self { Self(rawValue: "payment.irreversible") }
    /// `If-Match` named a revision that is no longer current: re-read and re-apply the change.
    public static var stale: Self { Self(rawValue: "request.stale") }
    /// A replica's changes are stamped more than a day ahead of the server's clock: well-formed,
    /// but merged they would win over every later edit. The device's clock is wrong.
    public static var clockAhead: Self { Self(rawValue: "sync.clock-ahead") }
    /// The same change raced with another writer too many times; retry.
    public static var conflict: Self { Self(rawValue: "request.conflict") }
}
