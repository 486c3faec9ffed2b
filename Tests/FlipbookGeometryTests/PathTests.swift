import FlipbookGeometry
import Foundation
import Testing

@Test func drawingWithoutAMoveStartsAtTheOrigin() {
    var path = Path()
    path.addLine(to: CGPoint(x: 5, y: 5))
    #expect(path.elements == [.move(to: .zero), .line(to: CGPoint(x: 5, y: 5))])
}

@Test func rectPathRunsAroundTheRectangleAndCloses() {
    let path = Path(CGRect(x: 1, y: 2, width: 3, height: 4))
    #expect(path.elements.count == 5)
    #expect(path.elements.last == .closeSubpath)
    #expect(path.controlPointBounds == CGRect(x: 1, y: 2, width: 3, height: 4))
}

@Test func roundedRectClampsItsCornerRadius() {
    let path = Path(roundedRect: CGRect(x: 0, y: 0, width: 20, height: 10), cornerRadius: 50)
    #expect(path.controlPointBounds == CGRect(x: 0, y: 0, width: 20, height: 10))
    #expect(path.elements.first == .move(to: CGPoint(x: 5, y: 0)))
}

@Test func applyingMapsEveryPoint() {
    let path = Path(CGRect(x: 0, y: 0, width: 1, height: 1)).offsetBy(dx: 10, dy: 20)
    #expect(path.controlPointBounds == CGRect(x: 10, y: 20, width: 1, height: 1))
}

@Test func forEachVisitsEveryElementInOrderAndIdentityIsKnown() {
    var visited: [Path.Element] = []
    let path = Path(CGRect(x: 0, y: 0, width: 2, height: 2))
    func record(_ element: Path.Element) { visited.append(element) }
    path.forEach(record)
    #expect(visited == path.elements)
    #expect(CGAffineTransform.identity.isIdentity)
    #expect(!CGAffineTransform(translationX: 1, y: 0).isIdentity)
}
