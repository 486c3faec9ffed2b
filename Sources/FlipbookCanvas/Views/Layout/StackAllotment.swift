import Foundation

/// How SwiftUI's stacks share their length among their subviews, as `StackLayout` describes:
/// by layout priority, highest first, and within a priority from the least flexible to the most
/// (ties in order); each is offered an equal share of what is still left, less the smallest
/// lengths of the subviews of lower priority, takes what it takes, and leaves the rest to the
/// next. Shared by the views' stacks and the stacks of compositions (`FlipbookComposition`).
package enum StackAllotment {
    /// Shares `length` among subviews of the given `smallest` lengths, `flexibility` (how much
    /// longer each is at its most than at its smallest) and `priorities`: `take(index, offer)`
    /// offers subview `index` a length and answers what it takes.
    package static func share(
        _ length: CGFloat, smallest: [CGFloat], flexibility: [CGFloat], priorities: [Double],
        take: (_ index: Int, _ offer: CGFloat) -> CGFloat
    ) {
        let order = smallest.indices.sorted {
            if priorities[$0] != priorities[$1] { return priorities[$0] > priorities[$1] }
            return flexibility[$0] != flexibility[$1] ? flexibility[$0] < flexibility[$1] : $0 < $1
        }
        var remaining = length
        var start = 0
        while start < order.count {
            let priority = priorities[order[start]]
            let end = order[start...].firstIndex { priorities[$0] != priority } ?? order.count
            var left = remaining - order[end...].map { smallest[$0] }.reduce(0, +)
            for (taken, index) in order[start..<end].enumerated() {
                let used = take(index, max(0, left / CGFloat(end - start - taken)))
                left -= used
                remaining -= used
            }
            start = end
        }
    }
}
