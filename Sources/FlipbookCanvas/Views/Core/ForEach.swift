import Foundation

/// A view for each element of a collection, as SwiftUI's `ForEach`: in a stack each one is a
/// subview of the stack, and a modifier on the `ForEach` applies to each.
///
/// SwiftUI uses an element's identity (`id`) to carry state and animations from one update to
/// the next; a frame here is drawn from scratch, so the identity is accepted and not needed.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View, PrimitiveView {
    public var data: Data
    public var content: (Data.Element) -> Content

    /// A view for each element of `data`, identified by the key path `id`.
    public init(
        _ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content
    ) {
        self.data = data
        self.content = content
    }

    public var body: ForEach { self }

    func makeSubviews(in inputs: ViewInputs) -> [any ViewNode] {
        data.flatMap { content($0).subviews(in: inputs) }
    }
}

extension ForEach where ID == Data.Element.ID, Data.Element: Identifiable {
    /// A view for each element of `data`, identified by its `id`.
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data, id: \.id, content: content)
    }
}

extension ForEach where Data == Range<Int>, ID == Int {
    /// A view for each number in `data`, as `ForEach(0..<5) { index in … }`.
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.init(data, id: \.self, content: content)
    }
}
