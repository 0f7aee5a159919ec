import Foundation
import Households
import Hummingbird
import ReceiptModel

/// A JSON request body, read with a size limit and checked field by field, so that bad input is
/// answered with the field at fault and unknown fields are refused rather than silently dropped.
struct JSONBody: Sendable {
    let members: [String: JSONValue]

    /// Reads the body as one JSON object with only `allowed` members.
    static func read(_ request: Request, context: some RequestContext, allowed: Set<String>, limit: Int = 64 << 10) async throws -> JSONBody {
        var request = request
        let buffer = try await request.collectBody(
            upTo: limit,
            orRefuse: Problem(.contentTooLarge, "request.too-large", "The request body is larger than \(limit >> 10) KB.")
        )
        let value: JSONValue
        do {
            value = try JSONParser.parse(String(buffer: buffer))
        } catch JSONParser.Failure.numberOutOfRange {
            throw Problem.badRequest(
                nil,
                "A number in the body is too large or too small for the server to keep exactly (beyond about 1e165, or nearer zero than about 1e-110). Send such a value as a string."
            )
        } catch {
            throw Problem.badRequest(nil, "The body is not valid JSON. Send a JSON object with Content-Type: application/json.")
        }
        guard case .object(let members) = value else { throw Problem.badRequest(nil, "The body must be a JSON object.") }
        if let unknown = members.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw Problem.badRequest(unknown, "Unknown field '\(unknown)'. Allowed: \(allowed.sorted().joined(separator: ", ")).")
        }
        return JSONBody(members: members)
    }

    func has(_ name: String) -> Bool { members[name] != nil }

    /// One member as a `Decodable` value, or nil when absent or null.
    func member<T: Decodable>(_ name: String, as type: T.Type) throws -> T? {
        guard let value = members[name], value != .null else { return nil }
        return try JSONBody(members: [name: value]).decode([String: T].self)[name]
    }

    /// The whole body as a `Decodable` input, a type mismatch answered with the field at fault.
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        do {
            return try JSONValue.object(members).decode(as: T.self)
        } catch let error as DecodingError {
            let (path, what): ([any CodingKey], String) =
                switch error {
                case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
                    (context.codingPath, context.debugDescription)
                case .keyNotFound(let key, let context): (context.codingPath + [key], "'\(key.stringValue)' is required.")
                @unknown default: ([], "The body does not have the expected shape.")
                }
            let field = path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
            throw Problem.badRequest(field.isEmpty ? nil : field, "'\(field)' is not valid: \(what) See /api/v1/openapi.json.")
        }
    }

    func string(_ name: String) throws -> String? {
        switch members[name] {
        case nil, .null?: return nil
        case .string(let value)?: return value
        default: throw Problem.badRequest(name, "'\(name)' must be a string.")
        }
    }

    func requiredString(_ name: String) throws -> String {
        guard let value = try string(name) else { throw Problem.badRequest(name, "'\(name)' is required.") }
        return value
    }

    func bool(_ name: String) throws -> Bool? {
        switch members[name] {
        case nil, .null?: return nil
        case .bool(let value)?: return value
        default: throw Problem.badRequest(name, "'\(name)' must be true or false.")
        }
    }

    func decimal(_ name: String) throws -> Decimal? {
        switch members[name] {
        case nil, .null?: return nil
        case .number(let value)?: return value
        case .string(let text)?:
            guard let amount = Amount(text) else { throw Problem.badRequest(name, "'\(name)' must be a number.") }
            return amount.value
        default: throw Problem.badRequest(name, "'\(name)' must be a number.")
        }
    }

    /// Money by the one rule for entered amounts (``Amount/init(entered:field:)``).
    private static func money(_ text: String, _ name: String) throws -> Amount {
        do {
            return try Amount(entered: text, field: name)
        } catch {
            throw Problem.badRequest(error.field, error.message)
        }
    }

    /// Money: a decimal string such as "3.49" (a JSON number is accepted too). `.some(nil)` when
    /// the field is present and null (clears the price), `nil` when absent.
    func amount(_ name: String) throws -> Amount?? {
        switch members[name] {
        case nil: return nil
        case .null?: return .some(nil)
        case .string(let text)?:
            return .some(try Self.money(text, name))
        case .number(let value)?:
            return .some(try Self.money("\(value)", name))
        default: throw Problem.badRequest(name, "'\(name)' must be an amount such as \"3.49\".")
        }
    }
}

/// JSON responses, with the `ETag` of a revisioned resource.
enum JSONResponse {
    /// The JSON of an answer, as ``APIResponseEncoder`` writes it.
    static func bytes(_ value: some Encodable) throws -> [UInt8] {
        // Through the package's own tree and writer: a third of the time Foundation's encoder took.
        JSONWriter.bytes(try JSONValue(encoding: value))
    }

    /// An already encoded JSON body.
    static func raw(_ body: Data, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }

    /// An answer kept by a ``ResponseCache``, with its ETag.
    static func raw(_ answer: ResponseCache.Answer) -> Response {
        var headers: HTTPFields = [.contentType: "application/json"]
        if let etag = answer.etag { headers[.eTag] = ETag.header(etag) }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: answer.body))
    }

    static func noContent() -> Response { Response(status: .noContent) }
}

/// Revisions as entity tags: `"7"`. `If-Match` with a stale one answers 412.
enum ETag {
    static func header(_ rev: Int) -> String { "\"\(rev)\"" }

    /// The revision `If-Match` names, or `nil` without the header (or with `*`).
    static func ifMatch(_ request: Request) throws -> Int? {
        guard let value = request.headers[.ifMatch]?.trimmingCharacters(in: .whitespaces), value != "*" else { return nil }
        // An empty list of entity tags (RFC 9110 13.1.1) matches no revision: 412, as a stale one.
        if value.isEmpty { return -1 }
        var text = Substring(value)
        if text.hasPrefix("W/") { text = text.dropFirst(2) }
        let digits = text.dropFirst().dropLast()
        guard text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 3, digits.allSatisfy(\.isASCIIDigit) else {
            throw Problem.badRequest("If-Match", "If-Match must be an ETag this server gave out, such as \"3\".")
        }
        // Well formed but beyond any revision: it matches none (412), like a stale one.
        return Int(digits) ?? -1
    }
}

extension Request {
    /// A query parameter as a string.
    func query(_ name: String) -> String? { uri.queryParameters.get(name).map { String($0) } }

    /// An integer query parameter within bounds.
    func queryInt(_ name: String, default value: Int, range: ClosedRange<Int>) throws -> Int {
        guard let text = uri.queryParameters.get(name) else { return value }
        guard let number = Int(text), range.contains(number) else {
            throw Problem.badRequest(name, "'\(name)' must be a whole number from \(range.lowerBound) to \(range.upperBound).")
        }
        return number
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
