import Foundation
import TestSupport
import Testing

/// `shelf` as scripts use it: options, subcommands, messages and exit codes.
@Suite struct CommandLine {
  @Test func helpListsEveryOptionAndExitsZero() throws {
    let result = try runShelf(["--help"])
    #expect(result.status == 0)
    for option in [
      "--catalog", "--watch", "--stream", "--no-live", "--rate", "--churn", "--seed", "--color",
      "--animation-ms", "--fps", "--reduced-motion", "--theme", "render", "frames", "diff",
      "--version",
    ] {
      #expect(result.standardOutput.contains(option), "help does not mention \(option)")
    }
    // The keys the executable handles itself, besides those the screen lists.
    for key in ["Ctrl-L redraws", "Ctrl-Z suspends"] {
      #expect(result.standardOutput.contains(key), "help does not mention \(key)")
    }
    #expect(result.standardError.isEmpty)
  }

  @Test(arguments: [
    (["--frobnicate"], "shelf: unknown option '--frobnicate' (see 'shelf --help')\n"),
    (
      ["--rate", "warp"],
      "shelf: --rate is one of slow, fast, ludicrous, not 'warp' (see 'shelf --help')\n"
    ),
    (
      ["--fps", "0"],
      "shelf: --fps needs a whole number from 1 to 240, not '0' (see 'shelf --help')\n"
    ),
    (["--catalog"], "shelf: --catalog needs a value (see 'shelf --help')\n"),
    (
      ["render", "--width", "wide"],
      "shelf: --width needs a whole number from 1 to 1000, not 'wide' (see 'shelf --help')\n"
    ),
    (
      ["frames", "a.json"],
      "shelf: frames needs two catalogs: shelf frames A.json B.json (see 'shelf --help')\n"
    ),
    (["diff"], "shelf: diff needs two catalogs: shelf diff A.json B.json (see 'shelf --help')\n"),
    (["stray"], "shelf: unexpected argument 'stray' (see 'shelf --help')\n"),
    (
      ["--stream", "--catalog", "x.json"],
      "shelf: --stream reads catalogs from stdin: it takes no --catalog or --watch (see 'shelf --help')\n"
    ),
  ])
  func aBadCommandLineIsAUsageErrorOnOneLine(arguments: [String], message: String) throws {
    let result = try runShelf(arguments)
    #expect(result.status == 64)
    #expect(result.standardError == message)
    #expect(result.standardOutput.isEmpty)
  }

  @Test func aMissingCatalogExits66NamingTheFile() throws {
    let result = try runShelf(["render", "--catalog", "no-such-catalog.json"])
    #expect(result.status == 66)
    #expect(result.standardError == "shelf: no-such-catalog.json: no such file\n")
  }

  @Test func withoutATerminalTheScreenExits74OnOneLine() throws {
    let result = try runShelf(["--no-live"], environment: ["TERM": ""])
    #expect(result.status == 74)
    #expect(result.standardError == "shelf: no usable terminal: TERM is not set\n")
  }

  @Test func diffPrintsTheChangesAsJSON() throws {
    let result = try runShelf(["diff", "\(fixtures)/small.json", "\(fixtures)/small-next.json"])
    #expect(result.status == 0)
    let json =
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
    let rows = json?["rows"] as? [String: [String]]
    #expect(rows?["moved"] == ["poetry"])
    #expect(rows?["reloaded"]?.contains("films") == true)
    let cards = json?["cards"] as? [String: [String: [String]]]
    #expect(cards?["novels"]?["inserted"] == ["persuasion"])
  }

  @Test func framesStartAtTheFirstCatalogAndEndAtTheSecond() throws {
    let a = "\(fixtures)/small.json"
    let b = "\(fixtures)/small-next.json"
    let frames = try runShelf(["frames", a, b, "--width", "80", "--height", "24", "--fps", "30"])
    #expect(frames.status == 0)
    let parts = frames.standardOutput.components(separatedBy: "\n\u{0C}\n")
    #expect(parts.count > 3, "an animated change has frames between the ends")
    let first = try runShelf(["render", "--catalog", a])
    let last = try runShelf(["render", "--catalog", b])
    #expect(parts.first.map { $0 + "\n" } == first.standardOutput)
    #expect(parts.last == last.standardOutput)
    #expect(
      parts.allSatisfy { $0.split(separator: "\n", omittingEmptySubsequences: false).count >= 24 })
  }

  @Test func renderWritesNoControlBytesForHostileText() throws {
    let result = try runShelf([
      "render", "--catalog", "\(fixtures)/wide.json", "--width", "120", "--height", "40",
    ])
    #expect(result.status == 0)
    let controls = result.standardOutput.unicodeScalars.filter {
      ($0.value < 0x20 && $0 != "\n") || (0x7F..<0xA0).contains($0.value)
    }
    #expect(controls.isEmpty)
  }
}
