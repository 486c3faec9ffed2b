import FlipbookCanvas
import Foundation

/// Laying a stack out: SwiftUI's stacks, with CSS's flexible lengths, distribution and wrapping.
///
/// A row or column (`lined`) works along its axis in four steps:
///
/// ```
/// 1. lines    wrap: each layer at the length it takes offered the whole row, a new row when
///             the next would pass the end (no wrap: one row)
/// 2. lengths  per row, after the spacing: layers without flex shared out as SwiftUI's stacks
///             do (StackAllotment), then what is left shared by flex (CSS's flexible lengths)
/// 3. across   a row as thick as its thickest layer (its box's, for a stack of one row in a box
///             of its own); layers with no size of their own take all of it
/// 4. places   along: the room left spread by `distribution`; across: by `alignment`
/// ```
///
/// An overlay (`overlaid`) is as large as its largest layer; layers with no size of their own
/// take all of it, and every layer is put in it by `overlayAlignment`.
extension LayoutStack {
    /// The stack laid out for `proposal` — in a box of `box` when its size is decided already
    /// (its `size`, its parent's layout), else in the box its layers need — through `cache`.
    func arranged(for proposal: ProposedViewSize, in box: CGSize? = nil, cache: StackLayoutCache)
        -> StackArrangement
    {
        cache.arrangement(of: self, for: proposal, in: box) {
            axis == .overlay
                ? overlaid(proposal, in: box, cache: cache) : lined(proposal, in: box, cache: cache)
        }
    }

    /// A row or column: the steps above.
    private func lined(_ proposal: ProposedViewSize, in box: CGSize?, cache: StackLayoutCache)
        -> StackArrangement
    {
        let cross = main.cross
        let inner = inside(box.map { ProposedViewSize($0) } ?? proposal)
        let available = inner.finite(main)
        var lines = [Array(items.indices)]
        if wrap, let available { lines = wrappedLines(in: available, offer: inner, cache: cache) }
        var slots = [StackArrangement.Slot](
            repeating: StackArrangement.Slot(frame: .zero), count: items.count)
        for line in lines {
            let sized = lengths(of: line, in: available, across: inner.points(cross), cache: cache)
            for (index, slot) in zip(line, sized) { slots[index] = slot }
        }
        // Across: each row's thickness, which layers with no size of their own then take.
        let boxed = box != nil && lines.count == 1 ? inner.points(cross) : nil
        var extents: [Double] = []
        for line in lines {
            let extent = boxed ?? thickness(of: line, slots, offered: inner.finite(cross))
            for index in line where items[index].isGreedy(along: cross) {
                let length = slots[index].frame.size[main]
                let across = LayoutItem.clamped(
                    extent, items[index].bounds(cross).min, items[index].bounds(cross).max)
                slots[index] = items[index].fixing(main, to: length).fixing(cross, to: across)
                    .slot(for: ProposedViewSize(along: main, length, across: across), cache: cache)
            }
            extents.append(extent)
        }
        var content = CGSize.zero
        content[main] = lines.map { length(of: $0, slots) }.max() ?? 0
        content[cross] = extents.reduce(0, +) + lineSpacing * Double(max(lines.count - 1, 0))
        let (size, room) = padded(content, in: box)
        // Places: along, the room each row leaves spread out; across, each layer in its row.
        var rowStart = leadingPadding(cross) + alignment.offset(of: content[cross], in: room[cross])
        for (line, extent) in zip(lines, extents) {
            let (lead, extraGap) = distribution.spread(
                room[main] - length(of: line, slots), among: line.count)
            let baseline =
                alignment == .baseline && main == .horizontal ? baselineSpan(of: line, slots).above : nil
            var along = leadingPadding(main) + lead
            for index in line {
                let thickness = slots[index].frame.size[cross]
                let offset: Double
                if items[index].isGreedy(along: cross) {
                    offset = 0
                } else if let baseline {
                    offset = baseline - (slots[index].baseline ?? thickness)
                } else {
                    offset = alignment.offset(of: thickness, in: extent)
                }
                var origin = CGPoint.zero
                (origin[main], origin[cross]) = (along, rowStart + offset)
                slots[index].frame.origin = origin
                along += slots[index].frame.size[main] + spacing + extraGap
            }
            rowStart += extent + lineSpacing
        }
        return StackArrangement(size: size, slots: slots)
    }

    /// Step 1: the layers in rows of at most `length` points, each layer at the length it takes
    /// offered a whole row (a flexible one at its least), the first of a row wherever it ends.
    private func wrappedLines(in length: Double, offer: ProposedViewSize, cache: StackLayoutCache) -> [[Int]]
    {
        var lines: [[Int]] = []
        var line: [Int] = []
        var used = 0.0
        for (index, item) in items.enumerated() {
            let needs =
                flexWeight(of: item) > 0
                ? least(of: item) : item.slot(for: offer, cache: cache).frame.size[main]
            // A margin for rounding: layers that fit exactly stay in one row.
            if !line.isEmpty, used + spacing + needs > length + 1e-9 {
                lines.append(line)
                (line, used) = ([], 0)
            }
            used += (line.isEmpty ? 0 : spacing) + needs
            line.append(index)
        }
        return lines + [line]
    }

    /// Step 2: the slots of the layers `line` sized along the axis in `available` points (`nil`:
    /// each at its ideal, a flexible one at its least), offered `across` across it.
    private func lengths(of line: [Int], in available: Double?, across: Double?, cache: StackLayoutCache)
        -> [StackArrangement.Slot]
    {
        func offer(_ length: Double?) -> ProposedViewSize {
            ProposedViewSize(along: main, length, across: across)
        }
        let members = line.map { items[$0] }
        let weights = members.map(flexWeight(of:))
        let flexible = members.indices.filter { weights[$0] > 0 }
        let rigid = members.indices.filter { weights[$0] == 0 }
        var slots = members.map { _ in StackArrangement.Slot(frame: .zero) }
        func sizeFlexible(_ shares: [Double]) {
            for (index, share) in zip(flexible, shares) {
                slots[index] = members[index].fixing(main, to: share).slot(for: offer(share), cache: cache)
            }
        }
        guard let available else {
            for index in rigid { slots[index] = members[index].slot(for: offer(nil), cache: cache) }
            sizeFlexible(flexible.map { least(of: members[$0]) })
            return slots
        }
        let space = available - spacing * Double(max(line.count - 1, 0))
        let reserved = flexible.map { least(of: members[$0]) }.reduce(0, +)
        let smallest = rigid.map { members[$0].slot(for: offer(0), cache: cache).frame.size[main] }
        let flexibility = rigid.indices.map {
            members[rigid[$0]].slot(for: offer(nil), cache: cache).frame.size[main] - smallest[$0]
        }
        var used = 0.0
        StackAllotment.share(
            space - reserved, smallest: smallest, flexibility: flexibility,
            priorities: rigid.map { members[$0].priority }
        ) { index, length in
            slots[rigid[index]] = members[rigid[index]].slot(for: offer(length), cache: cache)
            let taken = slots[rigid[index]].frame.size[main]
            used += taken
            return taken
        }
        sizeFlexible(
            Self.shares(
                of: max(0, space - used), weights: flexible.map { weights[$0] },
                least: flexible.map { least(of: members[$0]) },
                most: flexible.map { members[$0].bounds(main).max }))
        return slots
    }

    /// The share of what is left that `item` takes: its `flex`; 1 for a spacer and for a layer
    /// with no size of its own along the axis; none for a layer whose length there is fixed.
    private func flexWeight(of item: LayoutItem) -> Double {
        guard item.fixed(main) == nil else { return 0 }
        if item.flex > 0 { return item.flex }
        return item.isSpacer || item.isGreedy(along: main) ? 1 : 0
    }

    /// The least a flexible layer takes along the axis: its minimum, a spacer's `minLength`.
    private func least(of item: LayoutItem) -> Double {
        var least = item.bounds(main).min ?? 0
        if case .spacer(let minLength) = item.content { least = max(least, minLength) }
        return least
    }

    /// `room` shared by `weights`, each share held between its `least` and `most`, as CSS
    /// resolves flexible lengths: while shares break their bounds, those on the side that breaks
    /// more (the total of the corrections says which) are frozen at their bound and the rest
    /// shared again.
    static func shares(of room: Double, weights: [Double], least: [Double], most: [Double?]) -> [Double] {
        var shares = least
        var frozen = weights.map { _ in false }
        while frozen.contains(false) {
            let open = weights.indices.filter { !frozen[$0] }
            let free = room - weights.indices.filter { frozen[$0] }.map { shares[$0] }.reduce(0, +)
            let total = open.map { weights[$0] }.reduce(0, +)
            let raw = open.map { free * weights[$0] / total }
            let held = zip(open, raw).map { LayoutItem.clamped($1, least[$0], most[$0]) }
            let correction = zip(held, raw).map { $0 - $1 }.reduce(0, +)
            for (position, index) in open.enumerated() {
                shares[index] = held[position]
                let (share, unheld) = (held[position], raw[position])
                let breaks = correction > 1e-9 ? share > unheld : correction < -1e-9 ? share < unheld : true
                if breaks { frozen[index] = true }
            }
        }
        return shares
    }

    /// Step 3: a row's thickness across the axis: its thickest layer's, or — lined up on their
    /// baselines — from the highest top above the baseline to the lowest bottom below it.
    /// Layers with no size of their own across take what the row is offered, so a row of only
    /// those is as thick as that.
    private func thickness(of line: [Int], _ slots: [StackArrangement.Slot], offered: Double?) -> Double {
        let cross = main.cross
        let sized = line.filter { !items[$0].isGreedy(along: cross) }
        if sized.isEmpty { return line.isEmpty ? 0 : offered ?? 0 }
        if alignment == .baseline, main == .horizontal {
            let span = baselineSpan(of: line, slots)
            return span.above + span.below
        }
        return sized.map { slots[$0].frame.size[cross] }.max() ?? 0
    }

    /// How far a row's layers reach above their baselines and below them (a layer without text
    /// stands on its bottom edge).
    private func baselineSpan(of line: [Int], _ slots: [StackArrangement.Slot]) -> (
        above: Double, below: Double
    ) {
        let sized = line.filter { !items[$0].isGreedy(along: .vertical) }
        let above = sized.map { slots[$0].baseline ?? slots[$0].frame.height }
        let below = sized.map { slots[$0].frame.height - (slots[$0].baseline ?? slots[$0].frame.height) }
        return (above.max() ?? 0, below.max() ?? 0)
    }

    /// The length of a row along the axis: its layers' and the spacing between them.
    private func length(of line: [Int], _ slots: [StackArrangement.Slot]) -> Double {
        line.map { slots[$0].frame.size[main] }.reduce(0, +) + spacing * Double(max(line.count - 1, 0))
    }

    /// The stack's box — `box` when given, else `content` and the padding around it — and the
    /// room inside its padding.
    private func padded(_ content: CGSize, in box: CGSize?) -> (size: CGSize, room: CGSize) {
        let size =
            box
            ?? CGSize(
                width: content.width + padding[.horizontal], height: content.height + padding[.vertical])
        let room = CGSize(
            width: max(0, size.width - padding[.horizontal]), height: max(0, size.height - padding[.vertical])
        )
        return (size, room)
    }

    /// An overlay: as large as its largest layer across each axis (of those with a size of their
    /// own there), each layer put in it by `overlayAlignment`.
    private func overlaid(_ proposal: ProposedViewSize, in box: CGSize?, cache: StackLayoutCache)
        -> StackArrangement
    {
        let inner = inside(box.map { ProposedViewSize($0) } ?? proposal)
        var slots = items.map { $0.slot(for: inner, cache: cache) }
        var content = CGSize.zero
        for axis in [Axis.horizontal, .vertical] {
            let sized = items.indices.filter { !items[$0].isGreedy(along: axis) }.map {
                slots[$0].frame.size[axis]
            }
            content[axis] = sized.max() ?? (items.isEmpty ? 0 : inner.finite(axis) ?? 0)
        }
        let (size, room) = padded(content, in: box)
        for index in items.indices {
            var item = items[index]
            for axis in [Axis.horizontal, .vertical] where item.isGreedy(along: axis) {
                item = item.fixing(
                    axis, to: LayoutItem.clamped(room[axis], item.bounds(axis).min, item.bounds(axis).max))
            }
            if item != items[index] { slots[index] = item.slot(for: ProposedViewSize(room), cache: cache) }
            let size = slots[index].frame.size
            slots[index].frame.origin = CGPoint(
                x: padding.leading + (room.width - size.width) * overlayAlignment.x,
                y: padding.top + (room.height - size.height) * overlayAlignment.y)
        }
        return StackArrangement(size: size, slots: slots)
    }
}
