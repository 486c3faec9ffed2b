import FlipbookCanvas
import FlipbookGeometry
import FlipbookJSON
import Foundation

/// Text layers, slots and fonts, and the colours a template replaces.
extension LottieDecoder {
    /// The file's slots (`{"id": {"p": value}}`): what a property naming the slot (`sid`) holds.
    mutating func readSlots(_ field: JSONField?) throws(PresetError) {
        guard let field else { return }
        _ = try field.object()
        guard case .object(let members) = field.value.kind else { return }
        for member in members {
            let slot = field.child(member.value, key: member.key)
            guard let value = slot.member("p") else { throw slot.error("missing required key \"p\"") }
            slots[member.key] = value
        }
    }

    /// The property a slot gives `field` (which names it by `sid` and holds no value of its
    /// own), or `nil` when it names none.
    func slotProperty(of field: JSONField) throws(PresetError) -> JSONField? {
        guard let id = field.text("sid") else { return nil }
        guard let slot = slots[id] else {
            let known = slots.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
            throw field.error(
                "names slot \"\(id)\", which the file's \"slots\" lack (its slots: \(known.isEmpty ? "none" : known))"
            )
        }
        return slot
    }

    /// The file's fonts by name (`fonts.list`: `fName`, `fFamily`, `fStyle`). Glyph outlines
    /// (`chars`) are not used: text is set in the family through fontconfig.
    mutating func readFonts(_ field: JSONField?) throws(PresetError) {
        guard let list = field?.member("list") else { return }
        for font in try list.array() {
            guard let name = font.text("fName") else { continue }
            fonts[name] = (font.text("fFamily") ?? name, font.text("fStyle") ?? "Regular")
        }
    }

    /// The file's glyphs (`chars`: `ch`, `fFamily`, `style`, `size`, `w`, `data.shapes`), their
    /// outlines read as a shape layer's are.
    mutating func readGlyphs(_ field: JSONField?) throws(PresetError) {
        guard let field else { return }
        for item in try field.array() {
            guard let text = item.text("ch"), text.count == 1, let character = text.first else { continue }
            let shapes = try item.member("data")?.member("shapes").map { (list) throws(PresetError) in
                try shapeList(list, depth: 0)
            }
            let key = LottieText.glyphKey(
                character, family: item.text("fFamily") ?? "", style: item.text("style") ?? "Regular")
            glyphs[key] = LottieText.Glyph(
                shapes: shapes ?? [], size: try item.number("size", default: 100, in: 0.001...100_000),
                advance: try item.number("w", default: 0, in: -100_000...100_000))
        }
    }

    /// A fill's or stroke's colour `field`: the template's colour for its slot, its item's name
    /// or its layer's name (in that order), else its own.
    /// `range`: what the file's own values are divided by (`colorRange` for fills and
    /// strokes); a template's colour is already 0…1.
    mutating func colorProperty(_ field: JSONField?, item: String?, range: Double = 1) throws(PresetError)
        -> LottieProperty<[Double]>
    {
        let names = [field?.text("sid"), item, layerName].compactMap { $0 }.filter { !$0.isEmpty }
        targets.colors.formUnion(names)
        if let color = names.compactMap({ template.colors[$0] }).first {
            return LottieProperty([color.red, color.green, color.blue])
        }
        var color: LottieProperty<[Double]> = try property(field, default: [0, 0, 0])
        guard range != 1 else { return color }
        for index in color.keyframes.indices {
            color.keyframes[index].value = color.keyframes[index].value.map { $0 / range }
            color.keyframes[index].end = color.keyframes[index].end?.map { $0 / range }
        }
        return color
    }

    /// A text layer's text (`t`): its documents (`d`, or the slot it names), the template's
    /// text in place of each one's by the slot or the layer's name; animators, text on a path
    /// and strokes warn.
    mutating func text(_ field: JSONField) throws(PresetError) -> LottieText {
        guard var documents = field.member("d") else { throw field.error("missing required key \"d\"") }
        let slot = documents.text("sid")
        if documents.member("k") == nil, let property = try slotProperty(of: documents) {
            documents = property
        }
        let names = [slot, layerName].compactMap { $0 }.filter { !$0.isEmpty }
        targets.texts.formUnion(names)
        targets.colors.insert(layerName)
        if let animators = field.member("a"), case .array(let items) = animators.value.kind, !items.isEmpty {
            unsupported(at: animators.path, "text animators are not applied")
        }
        if let path = field.member("p"), path.member("m") != nil {
            unsupported(at: path.path, "text on a path is set on a straight line")
        }
        guard let value = documents.member("k") else { throw documents.error("missing required key \"k\"") }
        let items: [JSONField] =
            if case .array = value.value.kind { try value.array() } else { [JSONField](arrayLiteral: value) }
        guard items.count <= limits.keyframesPerProperty else {
            throw value.error(
                "has \(items.count) keyframes; a property may have at most \(limits.keyframesPerProperty)")
        }
        var read: [(frame: Double, document: LottieText.Document)] = []
        for item in items {
            let isKeyframe = item.member("s") != nil
            var document = try self.document(isKeyframe ? item.member("s") ?? item : item)
            if let text = names.compactMap({ template.texts[$0] }).first { document.text = text }
            guard document.text.count <= limits.textCharacters else {
                throw item.error(
                    "its text has \(document.text.count) characters; a text layer may show at most \(limits.textCharacters)"
                )
            }
            if let color = template.colors[layerName] { document.fill = color }
            read.append((isKeyframe ? try item.number("t", default: 0) : 0, document))
        }
        guard !read.isEmpty else { throw value.error("must hold at least one text document (got [])") }
        read.sort { $0.frame < $1.frame }
        return LottieText(documents: read, glyphs: glyphs)
    }

    /// One text document (`t`, `f`, `s`, `j`, `tr`, `lh`, `fc`, `sc`, `sw`, `sz`, `ps`).
    private func document(_ field: JSONField) throws(PresetError) -> LottieText.Document {
        _ = try field.object()
        let size = try field.number("s", default: 10, in: 0...10_000)
        let fontName = field.text("f") ?? ""
        let font = fonts[fontName] ?? (fontName, "Regular")
        var document = LottieText.Document(
            text: field.text("t") ?? "", family: font.family, style: font.style, size: size,
            justification: try field.member("j")?.integer(in: 0...6) ?? 0,
            tracking: try field.number("tr", default: 0, in: -100_000...100_000),
            lineHeight: try field.number("lh", default: size * 1.2, in: 0...100_000),
            fill: try color(field.member("fc")), stroke: try color(field.member("sc")),
            strokeWidth: try field.number("sw", default: 0, in: 0...10_000), box: nil)
        if let boxSize = field.member("sz") {
            let size = try [Double].read(boxSize)
            let position =
                try field.member("ps").map { (position) throws(PresetError) in try [Double].read(position) }
                ?? [0, 0]
            guard size.count >= 2, position.count >= 2 else {
                throw boxSize.error("must be [width, height] with \"ps\" [x, y]")
            }
            document.box = CGRect(
                x: position[0], y: position[1], width: max(size[0], 0), height: max(size[1], 0))
        }
        if document.stroke != nil, document.strokeWidth > 0 {
            unsupported(at: field.path, "a text's stroke (sc, sw) is not drawn")
        }
        return document
    }

    /// A colour written as `[r, g, b]` (0…1); `nil` when absent or empty.
    private func color(_ field: JSONField?) throws(PresetError) -> Color? {
        guard let field else { return nil }
        let components = try [Double].read(field)
        guard components.count >= 3 else { return nil }
        return Color(red: components[0], green: components[1], blue: components[2])
    }
}
