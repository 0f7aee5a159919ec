import json
S = lambda name: {"$ref": f"#/components/schemas/{name}"}
def resp(desc, schema=None, ctype="application/json", headers=None):
    r = {"description": desc}
    if schema is not None: r["content"] = {ctype: {"schema": schema}}
    if headers: r["headers"] = headers
    return r
P = lambda code: {"$ref": f"#/components/responses/{code}"}
def body(schema, required=True, ctype="application/json"):
    return {"required": required, "content": {ctype: {"schema": schema}}}
def param(name, where="path", desc=None, schema=None, required=None):
    p = {"name": name, "in": where, "required": where == "path" if required is None else required, "schema": schema or {"type": "string"}}
    if desc: p["description"] = desc
    return p
etag = {"ETag": {"description": "The resource's revision; send it back in If-Match.", "schema": {"type": "string"}}}
ifmatch = {"$ref": "#/components/parameters/IfMatch"}
idem = {"$ref": "#/components/parameters/IdempotencyKey"}
H, C, I = param("householdId"), param("cartId"), param("itemId")
L, E = param("listId"), param("entryId")
G, X = param("groupId"), param("expenseId")
errs = lambda *codes: {str(c): P(str(c)) for c in codes}
def op(summary, opid, tags, responses, params=None, request=None, secure=True, desc=None):
    o = {"summary": summary, "operationId": opid, "tags": tags, "responses": responses}
    if desc: o["description"] = desc
    if params: o["parameters"] = params
    if idem in (params or []):  # the Idempotency-Key middleware's own answers
        o["responses"] = {**responses, **{c: r for c, r in errs(400, 409, 422).items() if c not in responses}}
    if request: o["requestBody"] = request
    if not secure: o["security"] = []
    return o

money = {"type": ["string", "null"], "pattern": r"^-?[0-9]+(\.[0-9]+)?$", "description": "A decimal amount as a string, never a float.", "examples": ["3.49"]}
schemas = {
  "Stamp": {"type": "string", "pattern": "^[0-9]{18}-[0-9]{6}-[A-Za-z0-9_.:]{0,64}$",
      "description": "A hybrid logical clock reading: wall milliseconds, counter, replica id. Strings sort as the readings do."},
  "Register": {"type": "object", "required": ["value", "at"], "properties": {"value": {"description": "Any JSON value; null clears the field."}, "at": S("Stamp")}},
  "ReplicatedEntry": {"type": "object", "required": ["fields"], "properties": {
      "fields": {"type": "object", "additionalProperties": S("Register"), "description": "name, quantity, unit, note, completed, completedBy, addedBy, addedByUserId, addedOn, product, photo, bought."},
      "removed": {"oneOf": [S("Stamp"), {"type": "null"}], "description": "A tombstone: the entry stays deleted whatever later edits say."}}},
  "ReplicatedList": {"type": "object", "required": ["fields", "entries"], "properties": {
      "fields": {"type": "object", "additionalProperties": S("Register"), "description": "The list's own fields (name)."},
      "entries": {"type": "object", "additionalProperties": S("ReplicatedEntry"), "description": "By entry id (e_…)."}}},
  "SyncedList": {"type": "object", "required": ["id", "state"], "properties": {
      "id": {"type": "string", "pattern": "^l_[A-Za-z0-9]{1,64}$"}, "household": {"type": ["string", "null"]},
      "createdBy": {"type": ["string", "null"]}, "createdAt": {"type": ["string", "null"]},
      "order": {"type": ["array", "null"], "items": {"type": "string"}, "description": "Entry ids in the order the sender shows them."},
      "state": S("ReplicatedList")}},
  "SyncedCart": {"type": "object", "required": ["id", "state"], "properties": {
      "id": {"type": "string"}, "order": {"type": ["array", "null"], "items": {"type": "string"}, "description": "Item ids in the order the sender shows them."},
      "state": S("ReplicatedList")}},
  "SyncRequest": {"type": "object", "additionalProperties": False, "properties": {
      "cursor": {"type": ["string", "null"], "description": "The cursor of the previous answer; omit the first time."},
      "lists": {"type": "array", "items": S("SyncedList"), "description": "States of the replica's lists, merged per field (later stamp wins, deletions win)."},
      "carts": {"type": "array", "items": {"type": "object", "description": "A receipt cart document (cart-document.md) with source.sha256."},
                "description": "Receipts read on the replica; each is added once (its id in the household comes from the image)."},
      "known": {"type": "array", "items": {"type": "string"}, "description": "Ids of the lists the replica holds, to learn which were deleted."},
      "removedLists": {"type": "array", "items": {"type": "string"}, "description": "Lists the replica deleted: deleted here too (deletion wins over edits made meanwhile)."},
      "cartStates": {"type": "array", "items": S("SyncedCart"), "description": "The household's carts whose items the replica changed: merged like lists (items are the entries), then totals and completion settled."}}},
  "SyncAnswer": {"type": "object", "required": ["cursor", "lists", "removedLists", "carts", "uploaded"], "properties": {
      "cursor": {"type": "string"}, "lists": {"type": "array", "items": S("SyncedList")},
      "removedLists": {"type": "array", "items": {"type": "string"}}, "carts": {"type": "array", "items": {"type": "object", "description": "Cart documents changed since the cursor."}},
      "uploaded": {"type": "array", "items": {"type": "object", "required": ["localId", "id"], "properties": {"localId": {"type": "string"}, "id": {"type": "string"}}}}}},
  "Problem": {"type": "object", "required": ["type", "title", "status", "code", "detail"], "properties": {
      "type": {"type": "string"}, "title": {"type": "string"}, "status": {"type": "integer"},
      "code": {"type": "string", "description": "A stable code such as request.invalid, auth.required, household.not-found, request.stale."},
      "detail": {"type": "string"}, "field": {"type": "string", "description": "The request field at fault, for request.invalid."}}},
  "SignUp": {"type": "object", "additionalProperties": False, "required": ["email", "displayName", "password"], "properties": {
      "email": {"type": "string", "format": "email", "maxLength": 254}, "displayName": {"type": "string", "minLength": 1, "maxLength": 80},
      "password": {"type": "string", "minLength": 8, "maxLength": 72}}},
  "Credentials": {"type": "object", "additionalProperties": False, "required": ["email", "password"], "properties": {
      "email": {"type": "string"}, "password": {"type": "string"}}},
  "User": {"type": "object", "required": ["id", "email", "displayName", "createdAt"], "properties": {
      "id": {"type": "string"}, "email": {"type": "string"}, "displayName": {"type": "string"}, "createdAt": {"type": "string"}}},
  "Session": {"type": "object", "required": ["id", "createdAt", "expiresAt", "lastSeenAt", "current"], "properties": {
      "id": {"type": "string"}, "createdAt": {"type": "string"}, "expiresAt": {"type": "string"}, "lastSeenAt": {"type": "string"},
      "userAgent": {"type": ["string", "null"]}, "current": {"type": "boolean"}}},
  "Login": {"type": "object", "required": ["token", "csrfToken", "session", "user"], "properties": {
      "token": {"type": "string", "description": "Send as Authorization: Bearer <token>. Shown once; the server keeps only its hash."},
      "csrfToken": {"type": "string", "description": "For cookie sessions: echo it in X-CSRF-Token on unsafe requests."},
      "session": S("Session"), "user": S("User")}},
  "SessionList": {"type": "object", "required": ["sessions"], "properties": {"sessions": {"type": "array", "items": S("Session")}}},
  "Member": {"type": "object", "required": ["userId", "displayName", "role", "joinedAt"], "properties": {
      "userId": {"type": "string"}, "displayName": {"type": "string"}, "role": {"enum": ["owner", "member"]}, "joinedAt": {"type": "string"}}},
  "Household": {"type": "object", "required": ["id", "rev", "name", "ownerId", "createdAt", "members"], "properties": {
      "id": {"type": "string"}, "rev": {"type": "integer"}, "name": {"type": "string"}, "ownerId": {"type": "string"},
      "createdAt": {"type": "string"}, "members": {"type": "array", "items": S("Member")}}},
  "HouseholdList": {"type": "object", "required": ["households"], "properties": {"households": {"type": "array", "items": S("Household")}}},
  "Me": {"type": "object", "required": ["user", "households"], "properties": {"user": S("User"), "households": {"type": "array", "items": S("Household")}}},
  "Name": {"type": "object", "additionalProperties": False, "required": ["name"], "properties": {"name": {"type": "string", "minLength": 1, "maxLength": 100}}},
  "JoinCode": {"type": "object", "additionalProperties": False, "required": ["code"], "properties": {"code": {"type": "string"}}},
  "Invite": {"type": "object", "required": ["code", "householdId", "expiresAt"], "properties": {
      "code": {"type": "string", "description": "Single use; give it to the person joining."}, "householdId": {"type": "string"}, "expiresAt": {"type": "string"}}},
  "NewCart": {"type": "object", "additionalProperties": False, "required": ["name"], "properties": {
      "name": {"type": "string", "minLength": 1, "maxLength": 100}, "currency": {"type": ["string", "null"], "pattern": "^[A-Za-z]{3}$"}}},
  "CartSummary": {"type": "object", "required": ["id", "rev", "name", "addedByUser", "addedOn", "completed", "itemCount", "needsReview", "fromReceipt"], "properties": {
      "id": {"type": "string"}, "rev": {"type": "integer"}, "name": {"type": "string"}, "addedByUser": {"type": "string"}, "addedOn": {"type": "string"},
      "totalPrice": money, "currency": {"type": ["string", "null"]}, "completed": {"type": "boolean"},
      "purchasedByUser": {"type": ["string", "null"]}, "merchant": {"type": ["string", "null"]}, "date": {"type": ["string", "null"]},
      "itemCount": {"type": "integer"}, "needsReview": {"type": "boolean"}, "fromReceipt": {"type": "boolean"},
      "possibleDuplicateOf": {"type": ["string", "null"], "description": "Another photo of this receipt made that cart; left out of spending until kept."}}},
  "CartPage": {"type": "object", "required": ["carts"], "properties": {"carts": {"type": "array", "items": S("CartSummary")},
      "nextCursor": {"type": ["string", "null"], "description": "Pass as ?cursor= for the next page; absent on the last."}}},
  "Item": {"type": "object", "required": ["name", "completed"], "description": "A cart item (cart-document.md), with its id.", "properties": {
      "id": {"type": "string"}, "name": {"type": "string"}, "quantity": {"type": ["number", "null"]}, "price": money, "unitPrice": money,
      "completed": {"type": "boolean"}, "completedBy": {"type": ["string", "null"]}, "addedByUser": {"type": ["string", "null"]},
      "addedOn": {"type": ["string", "null"]}, "product": {"type": ["object", "null"]}}, "additionalProperties": True},
  "Cart": {"type": "object", "required": ["id", "rev", "name", "items", "completed"], "description": "The cart document of cart-document.md, without ocrText.",
      "properties": {"id": {"type": "string"}, "rev": {"type": "integer"}, "name": {"type": "string"}, "household": {"type": "string"},
      "addedByUser": {"type": "string"}, "addedOn": {"type": "string"}, "completed": {"type": "boolean"}, "purchasedByUser": {"type": ["string", "null"]},
      "currency": {"type": ["string", "null"]}, "total": money, "totalPrice": money, "items": {"type": "array", "items": S("Item")},
      "language": {"type": ["string", "null"], "description": "ISO 639-1 code of the language the receipt is printed in, when a reading recognised one other than English."},
      "warnings": {"type": "array", "items": {"type": "string"}}}, "additionalProperties": True},
  "CartChange": {"type": "object", "additionalProperties": False, "properties": {
      "name": {"type": "string", "minLength": 1, "maxLength": 100},
      "duplicateKept": {"type": "boolean", "description": "true: this flagged cart is a purchase of its own; it counts in spending."}}},
  "NewItem": {"type": "object", "additionalProperties": False, "required": ["name"], "properties": {
      "name": {"type": "string", "minLength": 1, "maxLength": 200}, "quantity": {"type": ["number", "null"], "minimum": 0}, "price": money}},
  "ItemChange": {"type": "object", "additionalProperties": False, "properties": {
      "name": {"type": "string", "minLength": 1, "maxLength": 200}, "quantity": {"type": ["number", "null"], "minimum": 0}, "price": money,
      "completed": {"type": ["boolean", "null"]}}},
  "ItemResult": {"type": "object", "required": ["cart", "item"], "properties": {
      "cart": {"type": "object", "required": ["id", "rev", "completed"], "properties": {"id": {"type": "string"}, "rev": {"type": "integer"},
          "totalPrice": money, "completed": {"type": "boolean"}, "purchasedByUser": {"type": ["string", "null"]}}},
      "item": S("Item")}},
  "Job": {"type": "object", "required": ["household", "status", "attempts"], "properties": {
      "id": {"type": ["string", "null"]}, "household": {"type": "string"}, "status": {"enum": ["queued", "running", "done", "failed"]},
      "cartId": {"type": ["string", "null"]}, "error": {"type": ["object", "null"], "properties": {"code": {"type": "string"}, "message": {"type": "string"}}},
      "attempts": {"type": "integer"}, "createdAt": {"type": ["string", "null"]}, "updatedAt": {"type": ["string", "null"]}}},
  "Period": {"type": "object", "required": ["label", "start", "end", "total", "carts"], "properties": {
      "label": {"type": "string"}, "start": {"type": "string"}, "end": {"type": "string"}, "total": money, "carts": {"type": "integer"}}},
  "MerchantSpending": {"type": "object", "required": ["merchant", "total", "carts"], "properties": {
      "merchant": {"type": "string"}, "total": money, "carts": {"type": "integer"}}},
  "CurrencySpending": {"type": "object", "required": ["carts", "total", "averageMonthly", "months", "averageWeekly", "weeks", "lastWeek", "perMonth", "perMerchant"],
      "description": "One currency's figures; amounts in different currencies are never added together.", "properties": {
      "currency": {"type": ["string", "null"], "description": "ISO code; null for carts whose currency is unknown."},
      "carts": {"type": "integer"}, "total": money, "averageMonthly": money, "months": {"type": "array", "items": S("Period")},
      "averageWeekly": money, "weeks": {"type": "array", "items": S("Period")}, "lastWeek": S("Period"),
      "perMonth": {"type": "array", "items": S("Period")}, "perMerchant": {"type": "array", "items": S("MerchantSpending")},
      "totalByUser": {"type": ["string", "null"], "description": "What the caller's own carts add up to."}}},
  "Stats": {"type": "object", "required": ["asOf", "carts", "currencies", "skippedNoTotal", "skippedNoDate", "skippedDuplicates"], "properties": {
      "asOf": {"type": "string"}, "carts": {"type": "integer"}, "currencies": {"type": "array", "items": S("CurrencySpending")},
      "skippedNoTotal": {"type": "integer"}, "skippedNoDate": {"type": "integer"}, "skippedDuplicates": {"type": "integer"}}},
  "Product": {"type": "object", "properties": {"barcode": {"type": ["string", "null"]}, "name": {"type": "string"}, "brand": {"type": ["string", "null"]},
      "source": {"type": ["string", "null"]}, "score": {"type": ["number", "null"]}, "picture": {"type": ["string", "null"]},
      "caloriesPer100g": {"type": ["number", "null"]}}},
  "Estimate": {"type": "object", "required": ["unitPrice", "price", "history"], "description": "From the last purchase, in its currency.", "properties": {
      "currency": {"type": ["string", "null"]}, "unitPrice": money, "price": money,
      "history": {"type": "object", "properties": {"lastPrice": money, "lastMerchant": {"type": ["string", "null"]}, "lastDate": {"type": ["string", "null"]},
          "lowest": money, "median": money, "purchases": {"type": "integer"}}}}},
  "Entry": {"type": "object", "required": ["id", "name", "quantity", "completed", "addedBy", "addedOn", "hasPhoto"], "properties": {
      "id": {"type": "string"}, "name": {"type": "string"}, "quantity": {"type": "number"}, "unit": {"type": ["string", "null"]},
      "note": {"type": ["string", "null"]}, "completed": {"type": "boolean"}, "completedBy": {"type": ["string", "null"]},
      "addedBy": {"type": "string"}, "addedOn": {"type": "string"}, "product": {"oneOf": [S("Product"), {"type": "null"}]},
      "hasPhoto": {"type": "boolean"},
      "bought": {"type": ["object", "null"], "description": "The receipt that showed it bought.", "properties": {
          "cartId": {"type": "string"}, "itemName": {"type": "string"}, "price": money, "currency": {"type": ["string", "null"]},
          "merchant": {"type": ["string", "null"]}, "date": {"type": ["string", "null"]}}},
      "estimate": {"oneOf": [S("Estimate"), {"type": "null"}]}}},
  "List": {"type": "object", "required": ["id", "rev", "household", "name", "createdBy", "createdAt", "entries", "estimatedTotals"], "properties": {
      "id": {"type": "string"}, "rev": {"type": "integer"}, "household": {"type": "string"}, "name": {"type": "string"},
      "createdBy": {"type": "string"}, "createdAt": {"type": "string"}, "entries": {"type": "array", "items": S("Entry")},
      "estimatedTotals": {"type": "array", "description": "Open entries' estimated cost, per currency.", "items": {"type": "object", "properties": {
          "currency": {"type": ["string", "null"]}, "amount": money}}},
      "comparison": {"type": ["object", "null"], "description": "Planned against bought (single list only).", "properties": {
          "bought": {"type": "array", "items": {"type": "string"}}, "notBought": {"type": "array", "items": {"type": "string"}},
          "boughtNotPlanned": {"type": "array", "items": {"type": "object", "properties": {"cartId": {"type": "string"}, "name": {"type": "string"},
              "price": money, "currency": {"type": ["string", "null"]}}}}}}}},
  "ListCollection": {"type": "object", "required": ["lists"], "properties": {"lists": {"type": "array", "items": S("List")}}},
  "NewEntry": {"type": "object", "additionalProperties": False, "required": ["name"], "properties": {
      "name": {"type": "string", "minLength": 1, "maxLength": 200}, "quantity": {"type": ["number", "null"], "minimum": 0},
      "unit": {"type": ["string", "null"], "maxLength": 20}, "note": {"type": ["string", "null"], "maxLength": 500},
      "barcode": {"type": ["string", "null"], "description": "A catalog product's barcode (else the name is matched)."}}},
  "EntryChange": {"type": "object", "additionalProperties": False, "properties": {
      "name": {"type": "string", "minLength": 1, "maxLength": 200}, "quantity": {"type": ["number", "null"], "minimum": 0},
      "unit": {"type": ["string", "null"], "maxLength": 20}, "note": {"type": ["string", "null"], "maxLength": 500}, "completed": {"type": ["boolean", "null"]}}},
  "EntryResult": {"type": "object", "required": ["list", "entry"], "properties": {
      "list": {"type": "object", "properties": {"id": {"type": "string"}, "rev": {"type": "integer"}}}, "entry": S("Entry")}},
  "ProductResults": {"type": "object", "required": ["query", "results"], "properties": {"query": {"type": "string"}, "results": {"type": "array", "items": {
      "type": "object", "required": ["name", "score", "pricesPaid"], "properties": {
          "barcode": {"type": ["string", "null"]}, "name": {"type": "string"}, "brand": {"type": ["string", "null"]}, "picture": {"type": ["string", "null"]},
          "caloriesPer100g": {"type": ["number", "null"]}, "score": {"type": "number"},
          "pricesPaid": {"type": "array", "items": {"type": "object", "properties": {"price": {"type": "string"}, "date": {"type": ["string", "null"]},
              "merchant": {"type": ["string", "null"]}, "cartID": {"type": ["string", "null"]}}}}}}}}},
  "ExpenseInput": {"type": "object", "additionalProperties": False, "description": "An expense as added. Amounts are decimal strings of the currency.", "properties": {
      "group": {"type": ["string", "null"], "description": "A group of yours; without one, a personal expense between friends."},
      "merchant": {"type": ["string", "null"], "maxLength": 200}, "date": {"type": ["string", "null"], "format": "date"},
      "notes": {"type": ["string", "null"], "maxLength": 2000}, "currency": {"type": ["string", "null"], "pattern": "^[A-Za-z]{3}$"},
      "total": {**money, "description": "Defaults to the receipt's total; may differ from it when adding, never after."},
      "paidBy": {"type": ["string", "null"], "description": "One payer of the whole total (default: you)."},
      "payers": {"type": ["object", "null"], "additionalProperties": {"type": "string"}, "description": "Several payers: user id to amount paid; they add up to the total."},
      "receipt": {"type": ["object", "null"], "required": ["cart"], "additionalProperties": False, "properties": {
          "household": {"type": ["string", "null"]}, "cart": {"type": "string"}}, "description": "A cart of one of your households."},
      "split": {"oneOf": [S("SplitInput"), {"type": "null"}]}}},
  "SplitInput": {"type": "object", "required": ["mode"], "additionalProperties": False, "properties": {
      "mode": {"enum": ["evenly", "shares", "percentages", "exact", "byItem"]},
      "members": {"type": "array", "items": {"type": "string"}}, "weights": {"type": "object", "additionalProperties": {"type": "integer"}},
      "percentages": {"type": "object", "additionalProperties": {"type": "number"}}, "amounts": {"type": "object", "additionalProperties": {"type": "string"}},
      "items": {"type": "object", "additionalProperties": {"type": "object", "additionalProperties": {"type": "integer"}},
                "description": "byItem: receipt line index (as a string) to members and their weights on it."}}},
  "ExpenseChange": {"type": "object", "additionalProperties": False, "description": "Uploader only. The total and the currency are fixed once added: sending either answers 409 expense.total-locked.", "properties": {
      "merchant": {"type": ["string", "null"]}, "date": {"type": ["string", "null"], "format": "date"}, "notes": {"type": ["string", "null"]},
      "split": {"oneOf": [S("SplitInput"), {"type": "null"}]}, "payers": {"type": ["object", "null"], "additionalProperties": {"type": "string"}}}},
  "Payment": {"type": "object", "required": ["id", "from", "to", "amount", "currency", "recordedBy", "recordedAt"], "properties": {
      "id": {"type": "string"}, "group": {"type": ["string", "null"]}, "expenseId": {"type": ["string", "null"]}, "from": {"type": "string"},
      "to": {"type": "string"}, "amount": money, "currency": {"type": "string"}, "recordedBy": {"type": "string"}, "recordedAt": {"type": "string"}}},
  "PaymentCollection": {"type": "object", "required": ["payments"], "properties": {"payments": {"type": "array", "items": S("Payment")}}},
  "Expense": {"type": "object", "required": ["id", "rev", "createdBy", "createdAt", "currency", "total", "payers", "split", "shares", "payments", "status"], "properties": {
      "id": {"type": "string"}, "rev": {"type": "integer"}, "group": {"type": ["string", "null"]}, "createdBy": {"type": "string"}, "createdAt": {"type": "string"},
      "merchant": {"type": ["string", "null"]}, "date": {"type": ["string", "null"]}, "notes": {"type": ["string", "null"]}, "currency": {"type": "string"},
      "total": money, "receipt": {"type": ["object", "null"]}, "payers": {"type": "object", "additionalProperties": {"type": "string"}},
      "split": {"type": "object", "required": ["mode"], "properties": {"mode": {"type": "string"}}},
      "shares": {"type": "object", "additionalProperties": {"type": "string"}, "description": "Each member's share; they sum exactly to the total."},
      "payments": {"type": "array", "items": S("Payment")}, "status": {"enum": ["uploaded-by-me", "paid", "to-pay"]},
      "recurringId": {"type": ["string", "null"]}}},
  "ExpenseCollection": {"type": "object", "required": ["expenses"], "properties": {"expenses": {"type": "array", "items": S("Expense")}}},
  "MarkPaid": {"type": "object", "additionalProperties": False, "required": ["member"], "properties": {"member": {"type": "string"}}},
  "Transfer": {"type": "object", "additionalProperties": False, "required": ["from", "to", "amount", "currency"], "properties": {
      "from": {"type": "string"}, "to": {"type": "string"}, "amount": {"type": "string", "pattern": r"^[0-9]+(\.[0-9]+)?$"}, "currency": {"type": "string", "pattern": "^[A-Za-z]{3}$"}}},
  "Friend": {"type": "object", "required": ["id", "displayName", "email", "since", "hasPicture", "balance"], "properties": {
      "id": {"type": "string"}, "displayName": {"type": "string"}, "email": {"type": "string"}, "since": {"type": "string"}, "hasPicture": {"type": "boolean"},
      "balance": {"type": "object", "additionalProperties": {"type": "string"}, "description": "By currency: positive, you owe them; negative, they owe you."}}},
  "FriendCollection": {"type": "object", "required": ["friends"], "properties": {"friends": {"type": "array", "items": S("Friend")}}},
  "NewFriend": {"type": "object", "additionalProperties": False, "required": ["email"], "properties": {"email": {"type": "string"}}},
  "Group": {"type": "object", "required": ["id", "rev", "name", "createdBy", "createdAt", "members"], "properties": {
      "id": {"type": "string"}, "rev": {"type": "integer"}, "name": {"type": "string"}, "createdBy": {"type": "string"}, "createdAt": {"type": "string"},
      "members": {"type": "array", "items": {"type": "object", "required": ["id", "displayName"], "properties": {"id": {"type": "string"}, "displayName": {"type": "string"}}}},
      "defaultWeights": {"type": ["object", "null"], "additionalProperties": {"type": "integer"}}, "currency": {"type": ["string", "null"]}}},
  "GroupCollection": {"type": "object", "required": ["groups"], "properties": {"groups": {"type": "array", "items": S("Group")}}},
  "NewGroup": {"type": "object", "additionalProperties": False, "required": ["name"], "properties": {
      "name": {"type": "string", "minLength": 1, "maxLength": 100}, "members": {"type": ["array", "null"], "items": {"type": "string"}, "description": "Friends' user ids."},
      "defaultWeights": {"type": ["object", "null"], "additionalProperties": {"type": "integer", "minimum": 0}}, "currency": {"type": ["string", "null"], "pattern": "^[A-Za-z]{3}$"}}},
  "GroupChange": {"type": "object", "additionalProperties": False, "properties": {
      "name": {"type": "string", "minLength": 1, "maxLength": 100}, "defaultWeights": {"type": ["object", "null"], "additionalProperties": {"type": "integer", "minimum": 0}}}},
  "NewMember": {"type": "object", "additionalProperties": False, "required": ["userId"], "properties": {"userId": {"type": "string"}}},
  "GroupBalances": {"type": "object", "required": ["currencies", "members", "pairs", "suggestions"], "properties": {
      "currencies": {"type": "array", "items": {"type": "string"}},
      "members": {"type": "array", "items": {"type": "object", "properties": {"member": {"type": "string"}, "currency": {"type": "string"}, "amount": money}}},
      "pairs": {"type": "array", "items": {"type": "object", "properties": {"debtor": {"type": "string"}, "creditor": {"type": "string"}, "currency": {"type": "string"}, "amount": money}}},
      "suggestions": {"type": "array", "items": {"type": "object", "properties": {"from": {"type": "string"}, "to": {"type": "string"}, "currency": {"type": "string"}, "amount": money}}}}},
  "PersonBalances": {"type": "object", "required": ["people"], "properties": {"people": {"type": "array", "items": {"type": "object",
      "required": ["userId", "displayName", "amounts"], "properties": {"userId": {"type": "string"}, "displayName": {"type": "string"},
      "amounts": {"type": "object", "additionalProperties": {"type": "string"}, "description": "By currency: positive, you owe them; negative, they owe you."}}}}}},
  "Recurring": {"type": "object", "required": ["id", "group", "every", "start", "template"], "properties": {
      "id": {"type": "string"}, "group": {"type": "string"}, "createdBy": {"type": "string"}, "createdAt": {"type": "string"},
      "every": {"enum": ["week", "month"]}, "start": {"type": "string"}, "template": {"type": "object"}, "stoppedAt": {"type": ["string", "null"]}}},
  "RecurringCollection": {"type": "object", "required": ["recurring"], "properties": {"recurring": {"type": "array", "items": S("Recurring")}}},
  "NewRecurring": {"type": "object", "additionalProperties": False, "required": ["every", "start", "expense"], "properties": {
      "every": {"enum": ["week", "month"]}, "start": {"type": "string", "format": "date"}, "expense": S("ExpenseInput")}},
  "ShoppingStatus": {"type": "object", "required": ["household", "listId", "userId", "displayName", "since", "until"], "properties": {
      "household": {"type": "string"}, "listId": {"type": "string"}, "userId": {"type": "string"}, "displayName": {"type": "string"},
      "since": {"type": "string"}, "until": {"type": "string"}}},
  "Shopping": {"type": "object", "required": ["shopping"], "properties": {"shopping": {"type": "array", "items": S("ShoppingStatus")}}},
  "StartShopping": {"type": "object", "additionalProperties": False, "properties": {"minutes": {"type": "integer", "minimum": 1, "maximum": 720}}},
  "ChangeLog": {"type": "object", "required": ["changes"], "properties": {"changes": {"type": "array", "items": {"type": "object",
      "required": ["rev", "at", "userId", "displayName", "action", "changes"], "properties": {
          "rev": {"type": "integer"}, "at": {"type": "string"}, "userId": {"type": "string"}, "displayName": {"type": "string"},
          "action": {"enum": ["created", "changed", "deleted"]},
          "changes": {"type": "array", "items": {"type": "object", "required": ["field"], "properties": {
              "field": {"type": "string"}, "item": {"type": ["string", "null"]}, "itemName": {"type": ["string", "null"]}, "old": {}, "new": {}}}}}}}}},
  "ListShare": {"type": "object", "required": ["listId", "household", "passcode"], "properties": {
      "listId": {"type": "string"}, "household": {"type": "string"}, "passcode": {"type": "string", "description": "Shown once; stored hashed."}}},
  "JoinList": {"type": "object", "additionalProperties": False, "required": ["listId", "passcode"], "properties": {
      "listId": {"type": "string"}, "passcode": {"type": "string"}}},
  "Online": {"type": "object", "required": ["household", "count", "online"], "properties": {"household": {"type": "string"}, "count": {"type": "integer"},
      "online": {"type": "array", "items": {"type": "object", "required": ["userId", "displayName"], "properties": {"userId": {"type": "string"}, "displayName": {"type": "string"}}}}}},
  "Status": {"type": "object", "required": ["status"], "properties": {"status": {"type": "string"}}},
}
responses = {}
for code, desc in [("400", "Bad input: the problem's field names what to fix."), ("401", "Not logged in, or the session expired (auth.required)."),
                   ("403", "Not allowed (household.forbidden, or auth.csrf for a cookie request without X-CSRF-Token)."),
                   ("404", "No such resource in your households: another household's id answers exactly like a missing one."),
                   ("409", "Conflict (account.email-taken, request.in-progress)."), ("412", "If-Match named a stale revision (request.stale): reload and retry."),
                   ("413", "The body is too large."), ("415", "Not an image (image.unsupported-format)."),
                   ("422", "The image is corrupt, truncated, too small or too large in pixels (image.*), or the Idempotency-Key was used for another request (request.idempotency-key-reused)."), ("429", "Too many failed logins (auth.throttled); see Retry-After.")]:
    responses[code] = resp(desc, S("Problem"), "application/problem+json")
responses["429"]["headers"] = {"Retry-After": {"schema": {"type": "integer"}, "description": "Seconds to wait."}}

common = lambda *codes: errs(401, 404, *codes)
paths = {
  "/healthz": {"get": op("Liveness", "health", ["ops"], {"200": resp("Running", S("Status"))}, secure=False)},
  "/readyz": {"get": op("Readiness: the store answers", "ready", ["ops"], {"200": resp("Ready", S("Status")), "503": resp("Store unavailable", S("Status"))}, secure=False)},
  "/metrics": {"get": op("Request and job metrics (Prometheus text format)", "metrics", ["ops"], {"200": resp("Metrics", {"type": "string"}, "text/plain")}, secure=False)},
  "/api/v1/openapi.json": {"get": op("This document", "openapi", ["ops"], {"200": resp("OpenAPI 3.1", {"type": "object"})}, secure=False)},
  "/api/v1/accounts": {"post": op("Sign up", "signUp", ["accounts"], {"201": resp("Created", S("User")), **errs(400, 409)}, request=body(S("SignUp")), secure=False)},
  "/api/v1/sessions": {
      "post": op("Log in", "logIn", ["accounts"], {"201": resp("Logged in; browsers also get the session and CSRF cookies", S("Login")), **errs(400, 401, 429)},
                 request=body(S("Credentials")), secure=False),
      "get": op("My open sessions", "listSessions", ["accounts"], {"200": resp("Sessions", S("SessionList")), **errs(401)})},
  "/api/v1/sessions/current": {"delete": op("Log out", "logOut", ["accounts"], {"204": resp("Logged out"), **errs(401)})},
  "/api/v1/sessions/{sessionId}": {"delete": op("Revoke one of my sessions", "revokeSession", ["accounts"], {"204": resp("Revoked"), **common()}, params=[param("sessionId")])},
  "/api/v1/me": {"get": op("Who I am and my households", "me", ["accounts"], {"200": resp("Me", S("Me")), **errs(401)})},
  "/api/v1/households": {
      "get": op("My households", "listHouseholds", ["households"], {"200": resp("Households", S("HouseholdList")), **errs(401)}),
      "post": op("Create a household (I become its owner)", "createHousehold", ["households"], {"201": resp("Created", S("Household"), headers=etag), **errs(400, 401)},
                 params=[idem], request=body(S("Name")))},
  "/api/v1/households/join": {"post": op("Join a household with an invitation code", "joinHousehold", ["households"],
      {"200": resp("Joined", S("Household"), headers=etag), **errs(400, 401, 404)}, params=[idem], request=body(S("JoinCode")))},
  "/api/v1/households/{householdId}": {
      "get": op("A household", "getHousehold", ["households"], {"200": resp("Household", S("Household"), headers=etag), **common()}, params=[H]),
      "patch": op("Rename (owner only)", "renameHousehold", ["households"], {"200": resp("Renamed", S("Household"), headers=etag), **common(400, 403, 412)},
                  params=[H, ifmatch], request=body(S("Name")))},
  "/api/v1/households/{householdId}/invites": {"post": op("Invite: a single-use code, valid 7 days", "invite", ["households"],
      {"201": resp("Invitation", S("Invite")), **common()}, params=[H, idem])},
  "/api/v1/households/{householdId}/members/{userId}": {"delete": op("Leave (my own id) or remove a member (owner only)", "removeMember", ["households"],
      {"204": resp("Removed"), **common(403)}, params=[H, param("userId")])},
  "/api/v1/households/{householdId}/carts": {
      "get": op("Carts: open first, then newest first", "listCarts", ["carts"], {"200": resp("A page of carts", S("CartPage")), **common(400)},
                params=[H, param("cursor", "query"), param("limit", "query", schema={"type": "integer", "minimum": 1, "maximum": 200, "default": 50})]),
      "post": op("Create a cart", "createCart", ["carts"], {"201": resp("Created", S("Cart"), headers=etag), **common(400)}, params=[H, idem], request=body(S("NewCart")))},
  "/api/v1/households/{householdId}/carts/{cartId}": {
      "get": op("A cart with its items", "getCart", ["carts"], {"200": resp("Cart", S("Cart"), headers=etag), **common()}, params=[H, C]),
      "patch": op("Rename a cart, or keep one flagged as a possible duplicate", "updateCart", ["carts"], {"200": resp("Updated", S("Cart"), headers=etag), **common(400, 412)},
                  params=[H, C, ifmatch], request=body(S("CartChange"))),
      "delete": op("Delete a cart", "deleteCart", ["carts"], {"204": resp("Deleted"), **common(400, 412)}, params=[H, C, ifmatch])},
  "/api/v1/households/{householdId}/carts/{cartId}/items": {"post": op("Add an item", "addItem", ["carts"],
      {"201": resp("Added", S("ItemResult"), headers=etag), **common(400, 412)}, params=[H, C, ifmatch, idem], request=body(S("NewItem")))},
  "/api/v1/households/{householdId}/carts/{cartId}/items/{itemId}": {
      "patch": op("Edit an item (name, quantity, price, completed)", "editItem", ["carts"], {"200": resp("Edited", S("ItemResult"), headers=etag), **common(400, 412)},
                  params=[H, C, I, ifmatch], request=body(S("ItemChange"))),
      "delete": op("Delete an item", "deleteItem", ["carts"], {"200": resp("The cart after", S("Cart"), headers=etag), **common(400, 412)}, params=[H, C, I, ifmatch])},
  "/api/v1/households/{householdId}/carts/{cartId}/items/{itemId}/completed": {
      "put": op("Tick an item (idempotent); the cart completes when all are", "tickItem", ["carts"], {"200": resp("Ticked", S("ItemResult"), headers=etag), **common(400, 412)}, params=[H, C, I, ifmatch]),
      "delete": op("Untick an item", "untickItem", ["carts"], {"200": resp("Unticked", S("ItemResult"), headers=etag), **common(400, 412)}, params=[H, C, I, ifmatch])},
  "/api/v1/households/{householdId}/carts/{cartId}/receipt": {"patch": op("Correct what the reader got wrong (the review page's save); corrected fields are marked verified",
      "correctReceipt", ["receipts"], {"200": resp("The corrected cart", S("Cart"), headers=etag), **common(400, 412)}, params=[H, C, ifmatch],
      request=body({"type": "object", "additionalProperties": False, "properties": {
          "merchant": {"type": "string"}, "date": {"type": "string", "format": "date"}, "total": money,
          "items": {"type": "object", "description": "By item id.", "additionalProperties": {"type": "object", "additionalProperties": False, "properties": {
              "name": {"type": "string"}, "price": money, "barcode": {"type": "string", "description": "Teaches the household's matcher this line's product."}}}}}}))},
  "/api/v1/households/{householdId}/carts/{cartId}/image": {"get": op("The receipt photo", "cartImage", ["receipts"],
      {"200": resp("The image as uploaded", {"type": "string", "contentMediaType": "image/*"}, "image/*"), **common()}, params=[H, C])},
  "/api/v1/households/{householdId}/carts/{cartId}/thumbnail": {"get": op("A 320 px wide JPEG of the receipt photo", "cartThumbnail", ["receipts"],
      {"200": resp("JPEG", {"type": "string", "contentMediaType": "image/jpeg"}, "image/jpeg"), **common()}, params=[H, C])},
  "/api/v1/households/{householdId}/receipts": {"post": op("Upload a receipt photo to be read into a cart", "uploadReceipt", ["receipts"],
      {"202": resp("Queued: poll the job", S("Job")), "200": resp("This photo is already a cart of the household", S("Job")), **common(400, 413, 415, 422)},
      params=[H, idem, param("name", "query", "The photo's file name, kept with the cart"),
              param("purchasedBy", "query", "The user id of the member who bought it (default: the uploader)")],
      request={"required": True, "content": {"image/*": {"schema": {"type": "string", "contentMediaType": "image/*"}},
                                             "application/octet-stream": {"schema": {"type": "string"}}}},
      desc="The body is the image's bytes (JPEG, PNG, TIFF, WebP, BMP, GIF; at most 20 MB), checked by content, not name.")},
  "/api/v1/households/{householdId}/stats": {"get": op("Spending: average monthly (last 3 full months) and weekly (last 3 full weeks), last week, mine, per month and merchant, per currency",
      "stats", ["spending"], {"200": resp("Figures per currency", S("Stats")), **common(400)},
      params=[H, param("asOf", "query", "The reference day, YYYY-MM-DD (default today, UTC)")])},
  "/api/v1/households/{householdId}/lists": {
      "get": op("Shopping lists, each entry with what it should cost", "listLists", ["lists"], {"200": resp("Lists", S("ListCollection")), **common()}, params=[H]),
      "post": op("Create a list", "createList", ["lists"], {"201": resp("Created", S("List"), headers=etag), **common(400)}, params=[H, idem], request=body(S("Name")))},
  "/api/v1/households/{householdId}/lists/{listId}": {
      "get": op("A list, with planned against bought", "getList", ["lists"], {"200": resp("List", S("List"), headers=etag), **common()}, params=[H, L]),
      "patch": op("Rename a list", "renameList", ["lists"], {"200": resp("Renamed", S("List"), headers=etag), **common(400, 412)}, params=[H, L, ifmatch], request=body(S("Name"))),
      "delete": op("Delete a list", "deleteList", ["lists"], {"204": resp("Deleted"), **common(400, 412)}, params=[H, L, ifmatch])},
  "/api/v1/households/{householdId}/lists/{listId}/entries": {"post": op("Add an entry (matched to the catalog by barcode or name)", "addEntry", ["lists"],
      {"201": resp("Added", S("EntryResult"), headers=etag), **common(400, 412)}, params=[H, L, ifmatch, idem], request=body(S("NewEntry")))},
  "/api/v1/households/{householdId}/lists/{listId}/entries/{entryId}": {
      "patch": op("Edit an entry", "editEntry", ["lists"], {"200": resp("Edited", S("EntryResult"), headers=etag), **common(400, 412)}, params=[H, L, E, ifmatch], request=body(S("EntryChange"))),
      "delete": op("Remove an entry", "deleteEntry", ["lists"], {"200": resp("The list after", S("List"), headers=etag), **common(400, 412)}, params=[H, L, E, ifmatch])},
  "/api/v1/households/{householdId}/lists/{listId}/entries/{entryId}/completed": {
      "put": op("Tick an entry (idempotent)", "tickEntry", ["lists"], {"200": resp("Ticked", S("EntryResult"), headers=etag), **common(400, 412)}, params=[H, L, E, ifmatch]),
      "delete": op("Untick an entry", "untickEntry", ["lists"], {"200": resp("Unticked", S("EntryResult"), headers=etag), **common(400, 412)}, params=[H, L, E, ifmatch])},
  "/api/v1/households/{householdId}/lists/{listId}/entries/{entryId}/photo": {
      "put": op("Attach a photo to an entry (the image is the body)", "setEntryPhoto", ["lists"], {"200": resp("Attached", S("EntryResult"), headers=etag), **common(400, 413, 415, 422)},
                params=[H, L, E], request={"required": True, "content": {"image/*": {"schema": {"type": "string", "contentMediaType": "image/*"}}}}),
      "get": op("The entry's photo (?size=thumbnail for a 320 px JPEG)", "getEntryPhoto", ["lists"],
                {"200": resp("The image", {"type": "string", "contentMediaType": "image/*"}, "image/*"), **common()},
                params=[H, L, E, param("size", "query", "thumbnail for a 320 px wide JPEG", {"enum": ["thumbnail"]})])},
  "/api/v1/households/{householdId}/lists/{listId}/share": {
      "post": op("Share the list beyond the household: a passcode (shown once; sharing again replaces it)", "shareList", ["lists"],
                 {"201": resp("The list id and passcode", S("ListShare")), **common(403)}, params=[H, L, idem]),
      "delete": op("Stop sharing: the passcode stops working and guests lose access", "unshareList", ["lists"], {"204": resp("Unshared"), **common(403)}, params=[H, L])},
  "/api/v1/households/{householdId}/lists/{listId}/guests/{userId}": {"delete": op("A guest leaves, or a household member removes a guest", "removeListGuest", ["lists"],
      {"204": resp("Removed"), **common(403)}, params=[H, L, param("userId")])},
  "/api/v1/households/{householdId}/sync": {"post": op("Replicate with an offline replica: send list states, new receipt carts and the last cursor; get what changed since",
      "sync", ["sync"], {"200": resp("What changed since the cursor, merged", S("SyncAnswer")), **common(400, 413)}, params=[H], request=body(S("SyncRequest")),
      desc="Lists merge per field by hybrid logical clock stamps (the later write wins; a deleted entry or list stays deleted); API edits are stamped by the server's clock, so both merge by the same rules. Idempotent: sending the same states or carts again changes nothing.")},
  "/api/v1/shared-lists": {"get": op("Lists of other households shared with me", "sharedLists", ["lists"], {"200": resp("Lists", S("ListCollection")), **errs(401)})},
  "/api/v1/shared-lists/join": {"post": op("Join a shared list with its id and passcode (wrong passcodes are throttled)", "joinSharedList", ["lists"],
      {"200": resp("The list", S("List"), headers=etag), **errs(400, 401, 404, 429)}, params=[idem], request=body(S("JoinList")))},
  "/api/v1/households/{householdId}/lists/{listId}/changes": {"get": op("The list's change log: who added, changed, ticked or removed what, old and new values", "listChanges", ["lists"],
      {"200": resp("Change log, oldest first", S("ChangeLog")), **common()}, params=[H, L])},
  "/api/v1/households/{householdId}/carts/{cartId}/changes": {"get": op("The cart's change log: who added, changed, ticked or removed what, old and new values", "cartChanges", ["carts"],
      {"200": resp("Change log, oldest first", S("ChangeLog")), **common()}, params=[H, C])},
  "/api/v1/households/{householdId}/lists/{listId}/shopping": {
      "get": op("Who is shopping with this list now", "listShoppers", ["lists"], {"200": resp("Shoppers", S("Shopping")), **common()}, params=[H, L]),
      "put": op("I'm shopping with this list (for minutes, default 60; again extends it)", "startShopping", ["lists"],
                {"200": resp("Shopping", S("ShoppingStatus")), **common(400)}, params=[H, L], request=body(S("StartShopping"), required=False)),
      "delete": op("I'm done shopping", "stopShopping", ["lists"], {"204": resp("Stopped"), **common()}, params=[H, L])},
  "/api/v1/households/{householdId}/online": {"get": op("Who of the household is online now (live connections, on every server instance)", "householdOnline", ["households"],
      {"200": resp("Online members", S("Online")), **common()}, params=[H])},
  "/api/v1/friends": {
      "get": op("My friends, with what I owe each (per currency)", "listFriends", ["expenses"], {"200": resp("Friends", S("FriendCollection")), **errs(401)}),
      "post": op("Add a friend by email (both ways)", "addFriend", ["expenses"], {"201": resp("Added", S("Friend")), **errs(400, 401, 404)}, params=[idem], request=body(S("NewFriend")))},
  "/api/v1/me/picture": {"put": op("Set my profile picture (the image is the body)", "setPicture", ["expenses"], {"204": resp("Stored"), **errs(400, 401, 413, 415, 422)},
      request=body({"type": "string", "contentMediaType": "image/*"}, ctype="image/*"))},
  "/api/v1/users/{userId}/picture": {"get": op("A friend's (or my) profile picture", "getPicture", ["expenses"],
      {"200": resp("The image", {"type": "string", "contentMediaType": "image/*"}, "image/*"), **common()},
      params=[param("userId"), param("size", "query", "thumbnail for a 320 px wide JPEG", {"enum": ["thumbnail"]})])},
  "/api/v1/groups": {
      "get": op("My expense groups", "listGroups", ["expenses"], {"200": resp("Groups", S("GroupCollection")), **errs(401)}),
      "post": op("Create a group with friends", "createGroup", ["expenses"], {"201": resp("Created", S("Group"), headers=etag), **errs(400, 401, 409)}, params=[idem], request=body(S("NewGroup")))},
  "/api/v1/groups/{groupId}": {
      "get": op("A group", "getGroup", ["expenses"], {"200": resp("Group", S("Group"), headers=etag), **common()}, params=[G]),
      "patch": op("Rename a group or set its default split weights", "changeGroup", ["expenses"], {"200": resp("Changed", S("Group"), headers=etag), **common(400, 412)},
                  params=[G, ifmatch], request=body(S("GroupChange")))},
  "/api/v1/groups/{groupId}/members": {"post": op("Add a friend to the group", "addGroupMember", ["expenses"], {"200": resp("The group", S("Group"), headers=etag), **common(400, 409)},
      params=[G, idem], request=body(S("NewMember")))},
  "/api/v1/groups/{groupId}/expenses": {"get": op("The group's expenses, newest first", "listGroupExpenses", ["expenses"], {"200": resp("Expenses", S("ExpenseCollection")), **common()}, params=[G])},
  "/api/v1/groups/{groupId}/balances": {"get": op("Who owes whom in the group, per currency, and settle-up suggestions", "groupBalances", ["expenses"],
      {"200": resp("Balances", S("GroupBalances")), **common()}, params=[G])},
  "/api/v1/groups/{groupId}/payments": {
      "get": op("The group's recorded payments", "listGroupPayments", ["expenses"], {"200": resp("Payments", S("PaymentCollection")), **common()}, params=[G]),
      "post": op("Record money handed over (a settle-up suggestion or any amount)", "recordTransfer", ["expenses"], {"201": resp("Recorded", S("Payment")), **common(400, 403)},
                 params=[G, idem], request=body(S("Transfer")))},
  "/api/v1/groups/{groupId}/payments/{paymentId}": {"delete": op("Always refused: payments are permanent (payment.irreversible)", "reversePayment", ["expenses"],
      {**common(409)}, params=[G, param("paymentId")])},
  "/api/v1/groups/{groupId}/recurring": {
      "get": op("Recurring expenses of the group", "listRecurring", ["expenses"], {"200": resp("Recurring", S("RecurringCollection")), **common()}, params=[G]),
      "post": op("Repeat an expense every week or month", "createRecurring", ["expenses"], {"201": resp("Created", S("Recurring")), **common(400, 409)},
                 params=[G, idem], request=body(S("NewRecurring")))},
  "/api/v1/groups/{groupId}/recurring/{recurringId}": {"delete": op("Stop a recurring expense (its creator); occurrences so far stay", "stopRecurring", ["expenses"],
      {"200": resp("Stopped", S("Recurring")), **common(403)}, params=[G, param("recurringId")])},
  "/api/v1/expenses": {
      "get": op("Every expense I share, with my status on each", "listExpenses", ["expenses"], {"200": resp("Expenses", S("ExpenseCollection")), **errs(401)}),
      "post": op("Add an expense (to a group, or personal between friends)", "addExpense", ["expenses"], {"201": resp("Added", S("Expense"), headers=etag), **common(400, 409, 422)},
                 params=[idem], request=body(S("ExpenseInput")))},
  "/api/v1/expenses/{expenseId}": {
      "get": op("An expense with its shares and payments", "getExpense", ["expenses"], {"200": resp("Expense", S("Expense"), headers=etag), **common()}, params=[X]),
      "patch": op("Edit merchant, date, notes, payers or split (uploader only; never the total)", "editExpense", ["expenses"],
                  {"200": resp("Edited", S("Expense"), headers=etag), **common(400, 403, 409, 412, 422)}, params=[X, ifmatch], request=body(S("ExpenseChange"))),
      "delete": op("Delete an expense without payments (uploader only)", "deleteExpense", ["expenses"], {"204": resp("Deleted"), **common(400, 403, 409, 412)}, params=[X, ifmatch])},
  "/api/v1/expenses/{expenseId}/payments": {"post": op("Mark a member's share paid (uploader only; cannot be undone)", "markSharePaid", ["expenses"],
      {"201": resp("The payments recorded", S("PaymentCollection")), **common(400, 403, 409)}, params=[X, idem], request=body(S("MarkPaid")))},
  "/api/v1/expenses/{expenseId}/payments/{paymentId}": {"delete": op("Always refused: payments are permanent (payment.irreversible)", "reverseSharePayment", ["expenses"],
      {**common(409)}, params=[X, param("paymentId")])},
  "/api/v1/balances": {"get": op("What I owe each person or they owe me, per currency, over all groups", "balances", ["expenses"],
      {"200": resp("Balances", S("PersonBalances")), **errs(401)})},
  "/api/v1/products": {"get": op("Search the product catalog by name", "searchProducts", ["products"], {"200": resp("Ranked products", S("ProductResults")), **common(400)},
      params=[param("q", "query", "At least 2 letters", required=True), param("household", "query", "A household of yours: adds what it paid"),
              param("limit", "query", schema={"type": "integer", "minimum": 1, "maximum": 50, "default": 10})])},
  "/api/v1/jobs/{jobId}": {"get": op("A receipt job's status and, when done, its cart", "getJob", ["receipts"], {"200": resp("Job", S("Job")), **common()}, params=[param("jobId")])},
}
doc = {
  "openapi": "3.1.0",
  "info": {"title": "receipts household server", "version": "0.1.0",
           "description": "Accounts, households, carts and items, receipt uploads, shopping lists, group expenses. Errors are application/problem+json with a stable code. "
                          "Live changes stream over the WebSocket GET /api/v1/live (?since=SEQ to resume), described in the README: WebSockets are outside OpenAPI. "
                          "Unsafe requests made with the session cookie need the X-CSRF-Token header; programs use Authorization: Bearer."},
  "servers": [{"url": "/"}],
  "security": [{"bearer": []}, {"cookie": []}],
  "paths": paths,
  "components": {
    "schemas": schemas, "responses": responses,
    "parameters": {
      "IfMatch": {"name": "If-Match", "in": "header", "required": False, "schema": {"type": "string"}, "description": "The ETag you read; a stale one answers 412 and changes nothing."},
      "IdempotencyKey": {"name": "Idempotency-Key", "in": "header", "required": False, "schema": {"type": "string", "minLength": 1, "maxLength": 255},
                         "description": "A retried POST with the same key creates nothing twice and gets the first answer."}},
    "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}, "cookie": {"type": "apiKey", "in": "cookie", "name": "receipts_session"}}},
}
print(json.dumps(doc, indent=1, sort_keys=False))
