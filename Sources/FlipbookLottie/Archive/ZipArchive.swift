import CZlib

/// A zip archive's members, read from its central directory and inflated on demand — in Swift
/// but for deflate itself, which zlib does (the library made for it). The layout is PKWARE's
/// APPNOTE.TXT: the end of central directory record (4.3.16) says where the directory is; each
/// directory entry (4.3.12) gives a member's name, method, sizes, CRC-32 and local header, whose
/// name and extra field (4.3.7) come before the member's data.
///
/// Everything an archive declares is checked before it is used: offsets within the bytes, the
/// number of members, each member's and all members' uncompressed sizes (`LottieLimits`), names
/// that would escape the archive (absolute, `..`, backslashes), and that a member inflates to
/// exactly its declared size with its declared CRC-32 — a zip bomb's deflate stream is cut off
/// where its declared size ends, never inflated further.
struct ZipArchive: Sendable {
    struct Member: Sendable {
        var method: UInt16
        var compressedSize: Int
        var size: Int
        var crc: UInt32
        var localHeader: Int
    }

    private let bytes: [UInt8]
    /// Members by name, in the directory's order (folders left out).
    private(set) var members: [String: Member] = [:]
    private(set) var names: [String] = []

    /// Whether `bytes` begin as a zip archive does (a local file header's signature, `PK\3\4`).
    static func looksLikeZip(_ bytes: some Collection<UInt8>) -> Bool {
        bytes.starts(with: [0x50, 0x4B, 0x03, 0x04])
    }

    init(bytes: [UInt8], limits: LottieLimits) throws(LottieArchiveError) {
        self.bytes = bytes
        let end = try Self.endOfCentralDirectory(in: bytes)
        let count = Int(Self.uint16(bytes, end + 10))
        let directorySize = Int(Self.uint32(bytes, end + 12))
        let directory = Int(Self.uint32(bytes, end + 16))
        guard count != 0xFFFF, directory != 0xFFFF_FFFF else {
            throw LottieArchiveError(
                message: "a ZIP64 archive, which is not read (a .lottie file needs none)")
        }
        guard count <= limits.archiveMembers else {
            throw LottieArchiveError(
                message: "has \(count) members; an archive may have at most \(limits.archiveMembers)")
        }
        guard directory + directorySize <= end else {
            throw LottieArchiveError(message: "its central directory lies outside the file")
        }
        var offset = directory
        var total = 0
        for _ in 0..<count {
            guard offset + 46 <= end, Self.uint32(bytes, offset) == 0x0201_4B50 else {
                throw LottieArchiveError(message: "its central directory is damaged at byte \(offset)")
            }
            let nameLength = Int(Self.uint16(bytes, offset + 28))
            let skipped =
                nameLength + Int(Self.uint16(bytes, offset + 30)) + Int(Self.uint16(bytes, offset + 32))
            guard offset + 46 + skipped <= end else {
                throw LottieArchiveError(message: "its central directory is damaged at byte \(offset)")
            }
            let name = String(decoding: bytes[(offset + 46)..<(offset + 46 + nameLength)], as: UTF8.self)
            let member = Member(
                method: Self.uint16(bytes, offset + 10), compressedSize: Int(Self.uint32(bytes, offset + 20)),
                size: Int(Self.uint32(bytes, offset + 24)), crc: Self.uint32(bytes, offset + 16),
                localHeader: Int(Self.uint32(bytes, offset + 42)))
            let encrypted = Self.uint16(bytes, offset + 8) & 1 != 0
            offset += 46 + skipped
            if encrypted {
                throw LottieArchiveError(message: "member \"\(name)\" is encrypted")
            }
            guard !Self.escapes(name) else {
                throw LottieArchiveError(
                    message:
                        "member \"\(name)\" has a name that leads out of the archive (absolute, .. or \\)")
            }
            if name.hasSuffix("/") { continue }
            guard member.size <= limits.archiveMemberBytes else {
                throw LottieArchiveError(
                    message:
                        "member \"\(name)\" unpacks to \(member.size) bytes; a member may have at most \(limits.archiveMemberBytes)"
                )
            }
            total += member.size
            guard total <= limits.archiveBytes else {
                throw LottieArchiveError(
                    message:
                        "its members unpack to more than the \(limits.archiveBytes) bytes an archive may hold"
                )
            }
            if members.updateValue(member, forKey: name) == nil { names.append(name) }
        }
    }

    /// Member `name`'s bytes, inflated and checked against its size and CRC-32.
    func data(_ name: String) throws(LottieArchiveError) -> [UInt8] {
        guard let member = members[name] else {
            throw LottieArchiveError(message: "has no member \"\(name)\"")
        }
        let header = member.localHeader
        guard header + 30 <= bytes.count, Self.uint32(bytes, header) == 0x0403_4B50 else {
            throw LottieArchiveError(message: "member \"\(name)\"'s local header is damaged")
        }
        let start = header + 30 + Int(Self.uint16(bytes, header + 26)) + Int(Self.uint16(bytes, header + 28))
        guard start + member.compressedSize <= bytes.count else {
            throw LottieArchiveError(message: "member \"\(name)\" runs past the end of the file")
        }
        let stored = bytes[start..<(start + member.compressedSize)]
        let data: [UInt8]
        switch member.method {
        case 0:
            guard member.compressedSize == member.size else {
                throw LottieArchiveError(message: "member \"\(name)\" is stored with two different sizes")
            }
            data = Array(stored)
        case 8:
            data = try Self.inflate(Array(stored), size: member.size, name: name)
        default:
            throw LottieArchiveError(
                message:
                    "member \"\(name)\" is compressed by method \(member.method); only stored (0) and deflate (8) are read"
            )
        }
        let crc = data.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
        guard crc == member.crc else {
            throw LottieArchiveError(message: "member \"\(name)\" is damaged (its CRC-32 does not match)")
        }
        return data
    }

    /// A raw deflate stream inflated into exactly `size` bytes: a stream that ends early, goes
    /// on past them (a zip bomb declaring a small size) or is damaged is refused.
    private static func inflate(_ input: [UInt8], size: Int, name: String) throws(LottieArchiveError)
        -> [UInt8]
    {
        var output = [UInt8](repeating: 0, count: size)
        var stream = z_stream()
        // −15: a raw deflate stream (no zlib header), with a 32 KB window, as zip stores it.
        guard inflateInit2_(&stream, -15, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw LottieArchiveError(message: "zlib could not start inflating member \"\(name)\"")
        }
        defer { inflateEnd(&stream) }
        var input = input
        // One spare byte of output tells a stream that would go on past `size`.
        var spare: UInt8 = 0
        let status = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = source.baseAddress
                stream.avail_in = uInt(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = uInt(target.count)
                var status = CZlib.inflate(&stream, Z_FINISH)
                if status != Z_STREAM_END, status != Z_DATA_ERROR, stream.avail_out == 0 {
                    withUnsafeMutablePointer(to: &spare) { extra in
                        stream.next_out = extra
                        stream.avail_out = 1
                        status = CZlib.inflate(&stream, Z_FINISH)
                    }
                    if stream.avail_out == 0 { return Int32(Z_BUF_ERROR) }
                }
                return status
            }
        }
        guard status == Z_STREAM_END, Int(stream.total_out) == size else {
            if status == Z_BUF_ERROR, Int(stream.total_out) >= size {
                throw LottieArchiveError(
                    message: "member \"\(name)\" inflates past the \(size) bytes it declares")
            }
            throw LottieArchiveError(message: "member \"\(name)\"'s deflate stream is damaged")
        }
        return output
    }

    /// The offset of the end of central directory record: the last signature `PK\5\6` within
    /// its 22 bytes and a comment of at most 65 535 bytes from the end.
    private static func endOfCentralDirectory(in bytes: [UInt8]) throws(LottieArchiveError) -> Int {
        guard bytes.count >= 22 else { throw LottieArchiveError(message: "too short to be a zip archive") }
        var offset = bytes.count - 22
        let lowest = max(0, bytes.count - 22 - 65_535)
        while offset >= lowest {
            if uint32(bytes, offset) == 0x0605_4B50 { return offset }
            offset -= 1
        }
        throw LottieArchiveError(message: "not a complete zip archive (it has no end of central directory)")
    }

    /// Whether a member's name would lead out of the folder it is unpacked in.
    private static func escapes(_ name: String) -> Bool {
        name.isEmpty || name.hasPrefix("/") || name.contains("\\") || name.contains("\0")
            || name.split(separator: "/").contains("..")
    }

    private static func uint16(_ bytes: [UInt8], _ offset: Int) -> UInt16 {
        UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }

    private static func uint32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
            | UInt32(bytes[offset + 3]) << 24
    }
}
