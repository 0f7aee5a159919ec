import Households
import Hummingbird
import ReceiptPipeline
import SharedExpenses

// Domain values the API answers as they are, with no answer type of their own (the same package,
// so no conformance is retroactive; the domain modules never import Hummingbird).
extension PaymentSummary: ResponseEncodable {}
extension PublicUser: ResponseEncodable {}
extension InviteCode: ResponseEncodable {}
extension GroupBalances: ResponseEncodable {}
extension RecurringExpense: ResponseEncodable {}
extension SyncAnswer: ResponseEncodable {}
extension ListShare: ResponseEncodable {}
extension ShoppingStatus: ResponseEncodable {}
extension NotificationPage: ResponseEncodable {}
extension UserNotification: ResponseEncodable {}
extension ChatPage: ResponseEncodable {}
extension ChatMessage: ResponseEncodable {}
extension SpendingStats: ResponseEncodable {}
extension SyncedList: ResponseEncodable {}
extension SyncedCart: ResponseEncodable {}
