import Foundation

extension LottieBezier {
    /// The outline with each sharp corner (a vertex whose controls lie on it) cut back by
    /// `radius` along both edges (at most half of each) and joined by a quarter-circle-like
    /// cubic, as the rounded corners modifier (`rd`) does. An open outline's ends stay.
    func roundingCorners(radius: Double) -> LottieBezier {
        guard radius > 0, vertices.count >= 3 else { return self }
        var result = LottieBezier(closed: closed, vertices: [], inControls: [], outControls: [])
        for index in vertices.indices {
            let vertex = vertices[index]
            let isEnd = !closed && (index == 0 || index == vertices.count - 1)
            guard !isEnd, inControls[index] == vertex, outControls[index] == vertex else {
                result.append(vertex, in: inControls[index], out: outControls[index])
                continue
            }
            let previous = vertices[(index + vertices.count - 1) % vertices.count]
            let next = vertices[(index + 1) % vertices.count]
            let (before, after) = (
                hypot(previous.x - vertex.x, previous.y - vertex.y),
                hypot(next.x - vertex.x, next.y - vertex.y)
            )
            guard before > 0, after > 0 else {
                result.append(vertex, in: vertex, out: vertex)
                continue
            }
            func toward(_ point: CGPoint, _ distance: Double, _ length: Double) -> CGPoint {
                CGPoint(
                    x: vertex.x + (point.x - vertex.x) * distance / length,
                    y: vertex.y + (point.y - vertex.y) * distance / length)
            }
            let (cutBefore, cutAfter) = (min(radius, before / 2), min(radius, after / 2))
            let (first, second) = (toward(previous, cutBefore, before), toward(next, cutAfter, after))
            let handle = 1 - LottieOutline.kappa
            result.append(first, in: first, out: toward(previous, cutBefore * handle, before))
            result.append(second, in: toward(next, cutAfter * handle, after), out: second)
        }
        return result
    }

    private mutating func append(_ vertex: CGPoint, in inControl: CGPoint, out outControl: CGPoint) {
        vertices.append(vertex)
        inControls.append(inControl)
        outControls.append(outControl)
    }
}
