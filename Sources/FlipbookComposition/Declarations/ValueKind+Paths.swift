import FlipbookGeometry
import FlipbookJSON
import Foundation

/// SVG path data and the rectangle it is drawn in: a path shape's outline, or a motion path.
extension ValueKind where Context == CompositionDecoder, Value == Path {
    /// SVG path data, every SVG 1.1 command.
    static var svgPath: ValueKind {
        ValueKind(schema: .object([("type", .string("string"))]), type: "string") {
            (field, _) throws(PresetError) in
            do {
                return try Path(svgData: try field.string())
            } catch let error as PresetError {
                throw error
            } catch {
                throw field.error("invalid SVG path data: \(error)")
            }
        }
    }
}

extension ValueKind where Context == CompositionDecoder, Value == CGRect {
    /// The rectangle `[x, y, width, height]` of path coordinates mapped onto a box.
    static var viewBox: ValueKind {
        ValueKind(
            schema: .object([
                ("type", .string("array")),
                (
                    "items",
                    .object([
                        ("type", .string("number")), ("minimum", .number(-1e6)), ("maximum", .number(1e6)),
                    ])
                ),
                ("minItems", .integer(4)), ("maxItems", .integer(4)),
            ]),
            type: "[x, y, width, height]"
        ) { (field, _) throws(PresetError) in
            let numbers = try field.array().map { (item) throws(PresetError) in
                try item.number(in: -1e6...1e6)
            }
            guard numbers.count == 4, numbers[2] > 0, numbers[3] > 0 else {
                throw field.error("must be [x, y, width, height] with a positive width and height")
            }
            return CGRect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
        }
    }
}
