/// A generated table of Unicode code point ranges (`scripts/make-unicode-tables.py`): each range's
/// first and last code point and a property's value there, in ascending order, without overlaps.
/// Code points in no range have the property's most common value, which the table leaves out.
typealias UnicodeRangeTable = [(first: UInt32, last: UInt32, kind: UInt8)]

extension Array where Element == (first: UInt32, last: UInt32, kind: UInt8) {
    /// The value of the range holding `value`, found by binary search, or nil when none does.
    func kind(of value: UInt32) -> UInt8? {
        var (low, high) = (0, count)
        while low < high {
            let middle = (low + high) / 2
            if self[middle].last < value { low = middle + 1 } else { high = middle }
        }
        return low < count && self[low].first <= value ? self[low].kind : nil
    }
}
