extension Array {
    /// Replaces the elements with the ones `body` writes, at most `maximum`, from the start of
    /// the buffer it gets; `body` returns how many it wrote. Scratch arrays refilled every
    /// frame use this instead of `append`, which checks the array's uniqueness and capacity
    /// (a call into the runtime) for every element. The array grows, by `filler`, only when
    /// `maximum` exceeds its count; its capacity is kept.
    mutating func overwrite(
        atMost maximum: Int, filler: Element, _ body: (UnsafeMutableBufferPointer<Element>) -> Int
    ) {
        if count < maximum { append(contentsOf: repeatElement(filler, count: maximum - count)) }
        let written = withUnsafeMutableBufferPointer { buffer in
            body(UnsafeMutableBufferPointer(rebasing: buffer[..<maximum]))
        }
        removeLast(count - written)
    }

    /// Puts `element` at `index`, which is at most `count`: over the element there, or appended
    /// at the end. For buffers that keep a count of their own and never shrink.
    @inline(__always)
    mutating func put(_ element: Element, at index: Int) {
        if index < count { self[index] = element } else { append(element) }
    }
}
