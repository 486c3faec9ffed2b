/// A DEFLATE decoder (RFC 1951): stored, fixed-Huffman and dynamic-Huffman blocks, for reading
/// reference PNGs without FFmpeg. Canonical Huffman codes are decoded bit by bit against the
/// count of codes per length — slow, and plenty for test images.
struct Inflater {
    private let input: [UInt8]
    private var position = 0
    private var bit = 0
    private var output: [UInt8] = []

    init(_ input: [UInt8]) {
        self.input = input
    }

    mutating func inflate() throws -> [UInt8] {
        var last = false
        while !last {
            last = try bits(1) == 1
            switch try bits(2) {
            case 0: try stored()
            case 1: try compressed(Self.fixedLiterals, Self.fixedDistances)
            case 2: try dynamic()
            default: throw SnapshotPNG.Failure(description: "invalid deflate block")
            }
        }
        return output
    }

    private mutating func bits(_ count: Int) throws -> Int {
        var value = 0
        for i in 0..<count {
            guard position < input.count else {
                throw SnapshotPNG.Failure(description: "deflate stream ends early")
            }
            value |= Int(input[position] >> bit & 1) << i
            bit += 1
            if bit == 8 { (bit, position) = (0, position + 1) }
        }
        return value
    }

    private mutating func stored() throws {
        if bit != 0 { (bit, position) = (0, position + 1) }
        guard position + 4 <= input.count else {
            throw SnapshotPNG.Failure(description: "stored block cut short")
        }
        let length = Int(input[position]) | Int(input[position + 1]) << 8
        position += 4
        guard position + length <= input.count else {
            throw SnapshotPNG.Failure(description: "stored block cut short")
        }
        output += input[position..<(position + length)]
        position += length
    }

    /// A canonical Huffman code: how many codes of each length, and the symbols in code order.
    struct Code {
        var counts = [Int](repeating: 0, count: 16)
        var symbols: [Int] = []

        init(lengths: [Int]) {
            for length in lengths { counts[length] += 1 }
            counts[0] = 0
            for length in 1..<16 {
                for (symbol, l) in lengths.enumerated() where l == length { symbols.append(symbol) }
            }
        }
    }

    private mutating func decode(_ code: Code) throws -> Int {
        var (value, first, index) = (0, 0, 0)
        for length in 1..<16 {
            value |= try bits(1)
            let count = code.counts[length]
            if value - first < count { return code.symbols[index + value - first] }
            index += count
            first = (first + count) << 1
            value <<= 1
        }
        throw SnapshotPNG.Failure(description: "invalid Huffman code")
    }

    private static let lengthBase = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163,
        195, 227, 258,
    ]
    private static let lengthExtra = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]
    private static let distanceBase = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073,
        4097, 6145, 8193, 12289, 16385, 24577,
    ]
    private static let distanceExtra = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]

    private static let fixedLiterals = Code(
        lengths: [Int](repeating: 8, count: 144) + [Int](repeating: 9, count: 112)
            + [Int](repeating: 7, count: 24)
            + [Int](repeating: 8, count: 8))
    private static let fixedDistances = Code(lengths: [Int](repeating: 5, count: 30))

    private mutating func compressed(_ literals: Code, _ distances: Code) throws {
        while true {
            let symbol = try decode(literals)
            if symbol < 256 {
                output.append(UInt8(symbol))
            } else if symbol == 256 {
                return
            } else {
                let i = symbol - 257
                guard i < Self.lengthBase.count else {
                    throw SnapshotPNG.Failure(description: "invalid length")
                }
                let length = Self.lengthBase[i] + (try bits(Self.lengthExtra[i]))
                let d = try decode(distances)
                guard d < Self.distanceBase.count else {
                    throw SnapshotPNG.Failure(description: "invalid distance")
                }
                let distance = Self.distanceBase[d] + (try bits(Self.distanceExtra[d]))
                guard distance <= output.count else {
                    throw SnapshotPNG.Failure(description: "distance too far back")
                }
                for _ in 0..<length { output.append(output[output.count - distance]) }
            }
        }
    }

    private mutating func dynamic() throws {
        let (literalCount, distanceCount, codeCount) = (try bits(5) + 257, try bits(5) + 1, try bits(4) + 4)
        let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
        var codeLengths = [Int](repeating: 0, count: 19)
        for i in 0..<codeCount { codeLengths[order[i]] = try bits(3) }
        let lengthCode = Code(lengths: codeLengths)
        var lengths: [Int] = []
        while lengths.count < literalCount + distanceCount {
            let symbol = try decode(lengthCode)
            switch symbol {
            case 0..<16: lengths.append(symbol)
            case 16:
                guard let previous = lengths.last else {
                    throw SnapshotPNG.Failure(description: "repeat with nothing")
                }
                lengths += [Int](repeating: previous, count: 3 + (try bits(2)))
            case 17: lengths += [Int](repeating: 0, count: 3 + (try bits(3)))
            default: lengths += [Int](repeating: 0, count: 11 + (try bits(7)))
            }
        }
        try compressed(
            Code(lengths: Array(lengths[0..<literalCount])), Code(lengths: Array(lengths[literalCount...])))
    }
}
