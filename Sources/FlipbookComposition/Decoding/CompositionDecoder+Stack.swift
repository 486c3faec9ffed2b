import FlipbookJSON

extension CompositionDecoder {
    /// A stack: a group whose layers it places (`StackLayout`), its `alignment` read as its axis
    /// says, and the keys only a row or column has refused on an overlay.
    func readStack(_ reader: inout JSONObjectReader) -> LayerContent? {
        var draft = StackDraft()
        let reading = readKeys(GroupLayer.stackKeys, &reader, into: &draft)
        guard reading.fields["layers"] != nil, reading.fields["axis"] != nil, !reading.failed.contains("axis")
        else { return nil }
        var layout = draft.layout
        if layout.axis == .overlay {
            for key in ["spacing", "distribution", "wrap", "lineSpacing"] {
                guard let field = reading.fields[key] else { continue }
                log.record(
                    field.error(
                        "an overlay puts its layers on top of one another: \"\(key)\" is for a row or a column"
                    ))
            }
        }
        if let field = draft.alignment {
            do throws(PresetError) {
                try readAlignment(field, into: &layout)
            } catch {
                log.record(error)
            }
        }
        return .group(GroupLayer(layers: draft.group.layers, clip: draft.group.clip, layout: layout))
    }

    /// A stack's `alignment`: an overlay's unit point, or a word across a row or column.
    private func readAlignment(_ field: JSONField, into layout: inout StackLayout) throws(PresetError) {
        guard layout.axis != .overlay else {
            layout.overlayAlignment = try unitPoint(field)
            return
        }
        if layout.axis == .column, case .string("baseline") = field.value.kind {
            throw field.error("lines up a row's texts on their baselines; a column's is start, center or end")
        }
        let words = StackLayout.Alignment.allCases.filter { layout.axis == .row || $0 != .baseline }
        layout.alignment = try field.choice(words)
    }

    /// A spacer: room in a stack, nowhere else.
    func readSpacer(_ reader: inout JSONObjectReader, inStack: Bool) -> LayerContent? {
        var spacer = SpacerLayer()
        _ = readKeys(SpacerLayer.keys, &reader, into: &spacer)
        guard inStack else {
            log.record(reader.field.error("a spacer makes room in a stack: put it in a stack's \"layers\""))
            return nil
        }
        return .spacer(spacer)
    }

    /// Holds a layer in a stack to being placed by it: it has no `position` or `motionPath` of
    /// its own.
    func checkPlacement(
        of layer: CompositionLayer, inStack: Bool,
        _ reading: ObjectDeclaration<CompositionDecoder, CompositionLayer>.Reading
    ) {
        guard inStack else { return }
        for key in ["position", "motionPath"] {
            guard let field = reading.fields[key] else { continue }
            log.record(
                field.error(
                    "a stack places its layers: leave \"\(key)\" out (an entrance or exit still moves the layer, and a group in the stack may place what it holds)"
                ))
        }
    }
}
