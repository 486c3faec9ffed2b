import FlipbookCanvas
import FlipbookText
import Foundation

extension LayoutItem {
    /// The box the item takes when offered `offer` (a side `nil`: its ideal), at the origin,
    /// with what its content prepared: SwiftUI's `sizeThatFits`, by these rules —
    ///
    /// - a length fixed by the frame (`width`, `height`) is the box's, whatever the content;
    /// - with an aspect ratio (the frame's, or a picture's own when one side is fixed), a fixed
    ///   side sets the other, and with neither fixed the box is the largest of that shape in the
    ///   offer;
    /// - otherwise the content is offered what the item is, at most its maximum (its maximum
    ///   when offered nothing), and the box is what it takes held between minimum and maximum.
    func slot(for offer: ProposedViewSize, cache: StackLayoutCache) -> StackArrangement.Slot {
        var width = self.width
        var height = self.height
        if let ratio = aspectRatio ?? pictureRatio, ratio > 0 {
            switch (width, height) {
            case (let fixed?, nil): height = fixed / ratio
            case (nil, let fixed?): width = fixed * ratio
            case (nil, nil) where aspectRatio != nil:
                (width, height) = fitting(ratio, in: offer, cache: cache)
            default: break
            }
        }
        let contentOffer = ProposedViewSize(
            along: .horizontal, width ?? Self.bounded(offer.points(.horizontal), by: maxWidth),
            across: height ?? Self.bounded(offer.points(.vertical), by: maxHeight))
        var slot = content.slot(for: contentOffer, cache: cache)
        slot.frame.size = CGSize(
            width: width ?? Self.clamped(slot.frame.width, minWidth, maxWidth),
            height: height ?? Self.clamped(slot.frame.height, minHeight, maxHeight))
        // A stack in a box other than its layers' own lays them out in that box (spread, aligned).
        if case .stack(let stack) = content, let laidOut = slot.stack, laidOut.size != slot.frame.size {
            slot.stack = stack.arranged(
                for: ProposedViewSize(slot.frame.size), in: slot.frame.size, cache: cache)
        }
        return slot
    }

    /// A picture's own aspect ratio, when exactly one side of its box is fixed: the other follows.
    private var pictureRatio: Double? {
        guard case .picture(let width, let height) = content, height > 0,
            (self.width == nil) != (self.height == nil)
        else { return nil }
        return width / height
    }

    /// The largest box of `ratio` (width over height) within `offer` held to the bounds; the
    /// content's own width when nothing is offered.
    private func fitting(_ ratio: Double, in offer: ProposedViewSize, cache: StackLayoutCache) -> (
        Double, Double
    ) {
        let offered = (
            width: offer.finite(.horizontal).map { Self.clamped($0, minWidth, maxWidth) },
            height: offer.finite(.vertical).map { Self.clamped($0, minHeight, maxHeight) }
        )
        switch offered {
        case (let width?, let height?):
            let fitted = min(width, height * ratio)
            return (fitted, fitted / ratio)
        case (let width?, nil): return (width, width / ratio)
        case (nil, let height?): return (height * ratio, height)
        case (nil, nil):
            let width = content.slot(for: .unspecified, cache: cache).frame.width
            return (width, width / ratio)
        }
    }

    /// `offer` at most `maximum`; `maximum` when nothing is offered.
    private static func bounded(_ offer: Double?, by maximum: Double?) -> Double? {
        guard let offer else { return maximum }
        return maximum.map { min(offer, $0) } ?? offer
    }

    /// `length` held between `minimum` and `maximum` (the minimum winning where they cross).
    static func clamped(_ length: Double, _ minimum: Double?, _ maximum: Double?) -> Double {
        max(minimum ?? -.infinity, min(maximum ?? .infinity, length))
    }
}

extension LayoutItem.Content {
    /// What the content takes when offered `offer`: a text its lines set in the offered width
    /// (the text's own `maxWidth` at most), a picture its own size or less to fit, keeping its
    /// shape, a shape what it is offered (nothing where nothing is), a stack what its layers
    /// need. A spacer's length is its stack's to decide: alone it takes nothing.
    func slot(for offer: ProposedViewSize, cache: StackLayoutCache) -> StackArrangement.Slot {
        var slot = StackArrangement.Slot(frame: .zero)
        switch self {
        case .text(let measure):
            // Offered no width at all, a text breaks wherever it may: its longest word's width.
            let offered = offer.points(.horizontal).map { $0.isFinite ? max($0, 1) : .infinity }
            let width = [offered, measure.maxWidth].compactMap { $0 }.min()
            let layout = TextLayout(measure.wrapping(at: width, height: offer.finite(.vertical)))
            slot.text = layout
            slot.frame.size = layout.size
        case .picture(let width, let height):
            let fits = [
                offer.points(.horizontal).map { width > 0 ? $0 / width : 1 },
                offer.points(.vertical).map { height > 0 ? $0 / height : 1 },
            ]
            let scale = max(0, ([1] + fits.compactMap { $0 }).min() ?? 1)
            slot.frame.size = CGSize(width: width * scale, height: height * scale)
        case .fill:
            func side(_ length: Double?) -> Double { length.map { $0.isFinite ? max(0, $0) : 0 } ?? 0 }
            slot.frame.size = CGSize(
                width: side(offer.points(.horizontal)), height: side(offer.points(.vertical)))
        case .spacer:
            break
        case .stack(let stack):
            let arrangement = stack.arranged(for: offer, cache: cache)
            slot.stack = arrangement
            slot.frame.size = arrangement.size
        }
        return slot
    }
}
