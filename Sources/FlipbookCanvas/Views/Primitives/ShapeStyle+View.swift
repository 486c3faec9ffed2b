import Foundation

/// A colour or a gradient is a view that fills the space it is offered, as in SwiftUI:
/// `Color.blue.frame(width: 40, height: 40)`, or a whole background at the back of a `ZStack`,
/// a gradient laid out in the view's bounds.
extension View where Self: ShapeStyle {
    public var body: some View {
        Rectangle().fill(self)
    }
}

extension Color: View {}

extension LinearGradient: View {}

extension RadialGradient: View {}

extension AngularGradient: View {}
