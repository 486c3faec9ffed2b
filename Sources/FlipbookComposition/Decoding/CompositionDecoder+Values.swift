import FlipbookCanvas
import FlipbookJSON
import FlipbookScenes
import Foundation

extension CompositionDecoder {
    /// A length: points (`120`) or a string with a unit (`"120px"`, `"50%"`, `"10vw"`, `"8vh"`,
    /// `"5vmin"`).
    func length(_ field: JSONField) throws(PresetError) -> Length {
        let parsed: Length?
        switch field.value.kind {
        case .number(let number): parsed = Length(number)
        case .string(let text): parsed = Length(parsing: text)
        default: parsed = nil
        }
        guard let parsed, abs(parsed.value) <= 1_000_000 else {
            throw field.error(
                "must be a length: points (120 or \"120px\"), or relative: \"50%\" of the parent's box, \"10vw\", \"10vh\", \"5vmin\" or \"5vmax\" of the canvas (got \(field.value.summary))"
            )
        }
        return parsed
    }

    /// A length that cannot be negative: a size, a radius, a margin, a font size. A negative
    /// one would draw nothing, or something mirrored, without a word.
    func extent(_ field: JSONField) throws(PresetError) -> Length {
        let parsed = try length(field)
        guard parsed.value >= 0 else {
            throw field.error("must not be negative (got \(field.value.summary))")
        }
        return parsed
    }

    /// Two lengths, `[x, y]`.
    func lengthPair(_ field: JSONField) throws(PresetError) -> LengthPair {
        try pair(field, of: length)
    }

    /// Two extents, `[width, height]`.
    func extentPair(_ field: JSONField) throws(PresetError) -> LengthPair {
        try pair(field, of: extent)
    }

    private func pair(_ field: JSONField, of decode: (JSONField) throws(PresetError) -> Length)
        throws(PresetError) -> LengthPair
    {
        let items = try field.array()
        guard items.count == 2 else {
            throw field.error("must be two lengths, [x, y] or [width, height] (got \(field.value.summary))")
        }
        return LengthPair(try decode(items[0]), try decode(items[1]))
    }

    /// A scale: one factor for both axes, or `[x, y]`.
    func scalePair(_ field: JSONField) throws(PresetError) -> ScalePair {
        if case .array = field.value.kind {
            let items = try field.array()
            guard items.count == 2 else {
                throw field.error("must be a number or [x, y] (got \(field.value.summary))")
            }
            return ScalePair(x: try items[0].number(in: -100...100), y: try items[1].number(in: -100...100))
        }
        let factor = try field.number(in: -100...100)
        return ScalePair(x: factor, y: factor)
    }

    /// The named unit points, as SwiftUI names them.
    static let unitPoints: [(String, UnitPoint)] = [
        ("center", .center), ("top", .top), ("bottom", .bottom), ("leading", .leading),
        ("trailing", .trailing),
        ("topLeading", UnitPoint(x: 0, y: 0)), ("topTrailing", UnitPoint(x: 1, y: 0)),
        ("bottomLeading", UnitPoint(x: 0, y: 1)), ("bottomTrailing", UnitPoint(x: 1, y: 1)),
    ]

    /// A point in a box as fractions: a name (`"topLeading"`) or `[x, y]` (0…1 across the box).
    func unitPoint(_ field: JSONField) throws(PresetError) -> UnitPoint {
        if case .array = field.value.kind {
            let items = try field.array()
            guard items.count == 2 else {
                throw field.error("must be a name or [x, y] (got \(field.value.summary))")
            }
            return UnitPoint(x: try items[0].number(in: -10...10), y: try items[1].number(in: -10...10))
        }
        let name = try field.choice(Self.unitPoints.map(\.0))
        return Self.unitPoints.first { $0.0 == name }!.1
    }
}
