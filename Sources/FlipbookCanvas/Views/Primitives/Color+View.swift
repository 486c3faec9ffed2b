import Foundation

/// A colour is a view that fills the space it is offered, as in SwiftUI: `Color.blue.frame(
/// width: 40, height: 40)`, or a whole background in a `ZStack`.
extension Color: View {
    public var body: some View {
        Rectangle().fill(self)
    }
}

/// A gradient is a view that fills the space it is offered, laid out in it, as in SwiftUI.
extension LinearGradient: View {
    public var body: some View {
        Rectangle().fill(self)
    }
}

extension RadialGradient: View {
    public var body: some View {
        Rectangle().fill(self)
    }
}

extension AngularGradient: View {
    public var body: some View {
        Rectangle().fill(self)
    }
}
