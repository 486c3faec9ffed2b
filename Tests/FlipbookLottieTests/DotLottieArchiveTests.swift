import FlipbookLottie
import FlipbookTestSupport
import Foundation
import Testing

/// `.lottie` archives: the manifest's animations read back as written, pictures found in
/// `images/`, and hostile archives refused before anything is inflated past a limit.
@Suite struct DotLottieArchiveTests {
    private let animation = LottieFixture.document(layers: "[]")

    @Test func theActiveAnimationAndPicturesReadBackAsWritten() throws {
        let picture = Data((0..<3000).map { UInt8($0 % 7) })
        let archive = try DotLottieArchive(
            bytes: LottieArchiveFixture.dotLottie(
                animations: [("first", animation), ("second", animation + " ")], active: "second",
                images: [("img_0.png", picture)]))
        #expect(archive.animationIDs == ["first", "second"] && archive.activeID == "second")
        #expect(try archive.animation().text == animation + " ")
        #expect(try archive.animation("first") == ("animations/first.json", animation))
        #expect(try archive.picture("/images/img_0.png") == [UInt8](picture))
        #expect(throws: LottieArchiveError.self) { try archive.animation("secnd") }
        do {
            _ = try archive.animation("secnd")
        } catch {
            #expect(error.message.contains(#"has no animation "secnd"; did you mean "second"?"#))
        }
    }

    /// The message a hostile archive is refused with.
    private func refusal(_ bytes: [UInt8], limits: LottieLimits = LottieLimits()) -> String {
        do {
            let archive = try DotLottieArchive(bytes: bytes, limits: limits)
            _ = try archive.animation()
            return ""
        } catch {
            return error.message
        }
    }

    @Test func aZipBombIsRefusedBeforeItInflatesPastItsDeclaredSize() throws {
        // 4 MB of spaces deflate to a few kilobytes; the archive says the member holds 100 bytes.
        let bomb = try LottieArchiveFixture.zip(
            [("animations/a.json", Data((animation + String(repeating: " ", count: 4 << 20)).utf8))])
        let lying = LottieArchiveFixture.declaring(bomb, size: 100)
        #expect(refusal(lying) == #"member "animations/a.json" inflates past the 100 bytes it declares"#)
        // Declared honestly, it is over a small limit before anything is inflated.
        var limits = LottieLimits()
        limits.archiveMemberBytes = 1 << 20
        #expect(refusal(bomb, limits: limits).contains("a member may have at most 1048576"))
        limits = LottieLimits()
        limits.archiveBytes = 1 << 20
        #expect(refusal(bomb, limits: limits).contains("more than the 1048576 bytes an archive may hold"))
    }

    @Test func membersThatLeadOutOfTheArchiveOrTooManyAreRefused() throws {
        let escaping = try LottieArchiveFixture.zip([("../evil.json", Data(animation.utf8))])
        #expect(
            refusal(escaping).contains(#"member "../evil.json" has a name that leads out of the archive"#))
        let absolute = try LottieArchiveFixture.zip([("/etc/x.json", Data(animation.utf8))])
        #expect(refusal(absolute).contains("leads out of the archive"))
        let many = try LottieArchiveFixture.zip(
            (0..<30).map { ("animations/a\($0).json", Data(animation.utf8)) })
        var limits = LottieLimits()
        limits.archiveMembers = 20
        #expect(refusal(many, limits: limits) == "has 30 members; an archive may have at most 20")
        #expect(refusal(Array(many.prefix(many.count / 2))).contains("not a complete zip archive"))
        #expect(refusal([0x50, 0x4B, 0x03, 0x04]) == "too short to be a zip archive")
        let empty = try LottieArchiveFixture.zip([("readme.txt", Data("hi".utf8))])
        #expect(refusal(empty) == "holds no animation (no animations/NAME.json)")
    }
}
