import Foundation
import ReceiptModel

/// A JSON Schema (2020-12, as OpenAPI 3.1 uses it), built in code: the route descriptions write
/// `.object(["name": .string(minLength: 1, maxLength: 100)], required: ["name"])` and the
/// document gets the JSON.
struct JSONSchema: Sendable {
    private(set) var json: [String: JSONValue]

    private init(_ json: [String: JSONValue]) { self.json = json }

    /// Any JSON value.
    static let any = JSONSchema([:])

    static let boolean = JSONSchema(["type": .string("boolean")])

    /// A schema of `#/components/schemas/`.
    static func ref(_ name: String) -> JSONSchema { JSONSchema(["$ref": .string("#/components/schemas/\(name)")]) }

    /// Lengths count Unicode scalars, as JSON Schema does; the server's limits on characters as
    /// users see them (grapheme clusters) are never stricter: a string of at most n scalars has at
    /// most n clusters.
    static func string(
        minLength: Int? = nil,
        maxLength: Int? = nil,
        pattern: String? = nil,
        format: String? = nil,
        mediaType: String? = nil
    ) -> JSONSchema {
        var json: [String: JSONValue] = ["type": .string("string")]
        json["minLength"] = minLength.map { .number(Decimal($0)) }
        json["maxLength"] = maxLength.map { .number(Decimal($0)) }
        json["pattern"] = pattern.map { .string($0) }
        json["format"] = format.map { .string($0) }
        json["contentMediaType"] = mediaType.map { .string($0) }
        return JSONSchema(json)
    }

    static func integer(minimum: Int? = nil, maximum: Int? = nil) -> JSONSchema {
        var json: [String: JSONValue] = ["type": .string("integer")]
        json["minimum"] = minimum.map { .number(Decimal($0)) }
        json["maximum"] = maximum.map { .number(Decimal($0)) }
        return JSONSchema(json)
    }

    static func number(minimum: Int? = nil, maximum: Int? = nil) -> JSONSchema {
        var json: [String: JSONValue] = ["type": .string("number")]
        json["minimum"] = minimum.map { .number(Decimal($0)) }
        json["maximum"] = maximum.map { .number(Decimal($0)) }
        return JSONSchema(json)
    }

    /// One of these strings.
    static func oneOf(_ values: [String]) -> JSONSchema { JSONSchema(["enum": .array(values.map { .string($0) })]) }

    static func oneOf(_ schemas: [JSONSchema]) -> JSONSchema { JSONSchema(["oneOf": .array(schemas.map { .object($0.json) })]) }

    static func array(of items: JSONSchema) -> JSONSchema { JSONSchema(["type": .string("array"), "items": .object(items.json)]) }

    /// An object with these properties (in this order). `additional`: whether other members are
    /// allowed (`nil` says nothing, which allows them).
    static func object(_ properties: KeyValuePairs<String, JSONSchema> = [:], required: [String] = [], additional: Bool? = nil) -> JSONSchema {
        var json: [String: JSONValue] = ["type": .string("object")]
        if !properties.isEmpty {
            json["properties"] = .object(Dictionary(properties.map { ($0.key, JSONValue.object($0.value.json)) }, uniquingKeysWith: { $1 }))
        }
        if !required.isEmpty { json["required"] = .array(required.map { .string($0) }) }
        json["additionalProperties"] = additional.map { .bool($0) }
        return JSONSchema(json)
    }

    /// An object whose members (any names) all follow `values`.
    static func map(of values: JSONSchema) -> JSONSchema { JSONSchema(["type": .string("object"), "additionalProperties": .object(values.json)]) }

    /// The same, with member names matching `pattern`.
    static func map(of values: JSONSchema, names pattern: String) -> JSONSchema {
        map(of: values).with("propertyNames", .object(["pattern": .string(pattern)]))
    }

    /// The same, with member names following `names`.
    static func map(of values: JSONSchema, names: JSONSchema) -> JSONSchema {
        map(of: values).with("propertyNames", .object(names.json))
    }

    /// A member of an expense or group named by user id, as the server checks it (`ExpenseGroups.requireAllowed`).
    static let memberId = JSONSchema.string(minLength: 1, maxLength: 80)

    /// A household's, list's, cart's, group's or preset's name, as the server checks it
    /// (`HouseholdDirectory.validName`): 1 to 100 characters, not blank.
    static let name = JSONSchema.string(minLength: 1, maxLength: 100, pattern: nonBlank)

    /// A cart item's or list entry's name, as the server checks it (`Validation.lineName`): 1 to 200
    /// characters, not blank.
    static let lineName = JSONSchema.string(minLength: 1, maxLength: 200, pattern: nonBlank)

    /// An item's or entry's quantity, as the server takes it: 0 to 100,000.
    static let quantity = JSONSchema.number(minimum: 0, maximum: 100_000)

    /// A list entry's unit and note, as the server takes them (`ShoppingLists.validText`).
    static let entryUnit = JSONSchema.string(maxLength: 20)
    static let entryNote = JSONSchema.string(maxLength: 500)

    /// A decimal amount as a string, never a float.
    /// A pattern for text that is not blank as the server trims it: Swift's white space and new
    /// lines, which add U+0085 (NEXT LINE) to what a JSON Schema `\s` means.
    static let nonBlank = #"[^\s\u0085]"#

    static let money = JSONSchema.string(pattern: #"^-?[0-9]+(\.[0-9]+)?$"#).orNull
        .described("A decimal amount as a string, never a float.").examples(["3.49"])

    /// An amount a request may send: at most 7 digits before the point and 4 after, as the server
    /// reads prices (`JSONBody.amount`).
    static let amount = JSONSchema.string(pattern: #"^-?[0-9]{1,7}(\.[0-9]{1,4})?$"#).orNull
        .described("A decimal amount as a string, never a float: at most 7 digits before the point and 4 after.").examples(["3.49"])

    /// A decimal number as a string, as `Amount` reads it (payers' and split amounts).
    static let decimal = JSONSchema.string(pattern: #"^-?[0-9]+(\.[0-9]+)?$"#).examples(["3.49"])

    /// The same, or JSON null. A reference or a union becomes `oneOf` with null.
    var orNull: JSONSchema {
        switch json["type"] {
        case .string(let type)?:
            var copy = self
            copy.json["type"] = .array([.string(type), .string("null")])
            return copy
        case .array(let types)?:
            var copy = self
            copy.json["type"] = .array(types + [.string("null")])
            return copy
        default:
            return .oneOf([self, JSONSchema(["type": .string("null")])])
        }
    }

    func described(_ text: String) -> JSONSchema { with("description", .string(text)) }

    func examples(_ values: [String]) -> JSONSchema { with("examples", .array(values.map { .string($0) })) }

    /// An array of this many items.
    func itemCount(_ range: ClosedRange<Int>) -> JSONSchema {
        with("minItems", .number(Decimal(range.lowerBound))).with("maxItems", .number(Decimal(range.upperBound)))
    }

    /// An object with at least this many members.
    func minProperties(_ count: Int) -> JSONSchema { with("minProperties", .number(Decimal(count))) }

    /// Valid when at least one of these sets of members is all present and not null.
    func requiring(anyOf alternatives: [[String]]) -> JSONSchema {
        with("anyOf", .array(alternatives.map { .object(Self.present($0).json) }))
    }

    /// Valid only if, when `property` is `value` (or an object matching it), `names` are present and not null.
    func requiring(_ names: [String], when property: String, is value: JSONSchema) -> JSONSchema {
        following(Self.present(names), when: property, is: value)
    }

    /// Valid only if, when `property` is `value` (or an object matching it), the object also follows `rule`.
    func following(_ rule: JSONSchema, when property: String, is value: JSONSchema) -> JSONSchema {
        let condition = JSONSchema([
            "type": .string("object"), "required": .array([.string(property)]), "properties": .object([property: .object(value.json)]),
        ])
        return following(rule, if: condition)
    }

    /// Valid only if, when `property` is absent or null, the object also follows `rule`.
    func following(_ rule: JSONSchema, without property: String) -> JSONSchema {
        following(rule, if: JSONSchema(["properties": .object([property: .object(["type": .string("null")])])]))
    }

    private func following(_ rule: JSONSchema, if condition: JSONSchema) -> JSONSchema {
        var rules = json["allOf"]?.arrayValue ?? []
        rules.append(.object(["if": .object(condition.json), "then": .object(rule.json)]))
        return with("allOf", .array(rules))
    }

    /// An object whose member `name`, when present, has member names following `names`.
    static func keys(of name: String, _ names: JSONSchema) -> JSONSchema {
        JSONSchema(["properties": .object([name: .object(["propertyNames": .object(names.json)])])])
    }

    /// An object whose member `name`, when present, holds objects whose member names follow `names`.
    static func keys(ofEach name: String, _ names: JSONSchema) -> JSONSchema {
        JSONSchema(["properties": .object([name: .object(["additionalProperties": .object(["propertyNames": .object(names.json)])])])])
    }

    /// The same object, which must also have the member `name`, following `schema`.
    func requiring(_ name: String, _ schema: JSONSchema) -> JSONSchema {
        var properties = json["properties"]?.objectValue ?? [:]
        properties[name] = .object(schema.json)
        return with("properties", .object(properties)).with("required", .array((json["required"]?.arrayValue ?? []) + [.string(name)]))
    }

    /// Exactly this string.
    static func constant(_ value: String) -> JSONSchema { JSONSchema(["const": .string(value)]) }

    /// An object with these members present and not null.
    private static func present(_ names: [String]) -> JSONSchema {
        let notNull = JSONValue.object(["not": .object(["type": .string("null")])])
        return JSONSchema([
            "required": .array(names.map { .string($0) }),
            "properties": .object(Dictionary(uniqueKeysWithValues: names.map { ($0, notNull) })),
        ])
    }

    func defaulting(to value: Int) -> JSONSchema { with("default", .number(Decimal(value))) }

    private func with(_ key: String, _ value: JSONValue) -> JSONSchema {
        var copy = self
        copy.json[key] = value
        return copy
    }
}
