import Foundation
import TestSupport
import Testing

/// `shelf` as scripts use it: options, subcommands, messages and exit codes.
@Suite struct CommandLine {
  /// `swift run shelf -- OPTIONS` hands shelf a leading `--`: it is skipped.
  @Test func aLeadingDoubleDashAsSwiftRunPassesItIsSkipped() throws {
    let version = try runShelf(["--", "--version"])
    #expect(version.status == 0)
    #expect(version.standardOutput.hasPrefix("shelf "))
    let render = try runShelf(["--", "render", "--no-live", "--width", "40", "--height", "10"])
    #expect(render.status == 0, "\(render.standardError)")
    #expect(render.standardOutput.count { $0 == "\n" } == 10)
  }

  @Test func helpListsEveryOptionAndExitsZero() throws {
    let result = try runShelf(["--help"])
    #expect(result.status == 0)
    for option in [
      "--catalog", "--watch", "--stream", "--exec", "--url", "--every", "--no-live", "--rate",
      "--churn", "--seed", "--color",
      "--animation-ms", "--fps", "--reduced-motion", "--no-recent", "--theme", "render", "frames",
      "diff",
      "--version",
    ] {
      #expect(result.standardOutput.contains(option), "help does not mention \(option)")
    }
    // The help's paragraphs wrap: phrases are looked for with the lines joined.
    let flat = result.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    // The keys the executable handles itself, besides those the screen lists.
    for key in [
      "Ctrl-L redraws", "Ctrl-Z suspends", "Tab/Shift-Tab", "[ and ] previous/next",
      "Shift+Up/Down scroll its pane",
    ] {
      #expect(flat.contains(key), "help does not mention \(key)")
    }
    // Esc closes the top layer and never quits (KeyEncodingTests hold the app to it).
    #expect(flat.contains("Esc closes what is open (it never quits)"))
    #expect(!flat.contains("Esc quit"))
    // The / filter as it works: letters in order, Enter takes the best match.
    #expect(flat.contains("each word typed has its letters in order"))
    #expect(flat.contains("Enter takes the first"))
    #expect(!flat.contains("Enter keeps the filtered view"))
    #expect(result.standardError.isEmpty)
  }

  // The wording of value and argument errors is swift-argument-parser's, the
  // same in every Swift tool; `shelf` puts it on one line, names the command
  // whose help explains it, and keeps the sysexits code.
  @Test(arguments: [
    (["--frobnicate"], "shelf: unknown option '--frobnicate' (see 'shelf --help')\n"),
    (
      ["--rate", "warp"],
      "shelf: the value 'warp' is invalid for '--rate <rate>': expected slow, fast or ludicrous (see 'shelf --help')\n"
    ),
    (
      ["--fps", "0"],
      "shelf: the value '0' is invalid for '--fps <n>': expected a whole number from 1 to 240 (see 'shelf --help')\n"
    ),
    (["--catalog"], "shelf: missing value for '--catalog <file>' (see 'shelf --help')\n"),
    (
      ["render", "--width", "wide"],
      "shelf: the value 'wide' is invalid for '--width <w>': expected a whole number from 40 to 1000 (see 'shelf render --help')\n"
    ),
    (
      ["render", "--width", "30", "--height", "5"],
      "shelf: the value '30' is invalid for '--width <w>': expected a whole number from 40 to 1000 (see 'shelf render --help')\n"
    ),
    (
      ["render", "--height", "5"],
      "shelf: the value '5' is invalid for '--height <h>': expected a whole number from 10 to 1000 (see 'shelf render --help')\n"
    ),
    (
      ["--seed", "-1"],
      "shelf: the value '-1' is invalid for '--seed <n>': expected a whole number from 0 to 18446744073709551615 (see 'shelf --help')\n"
    ),
    (
      ["record", "--seconds", "-2"],
      "shelf: the value '-2' is invalid for '--seconds <n>': expected seconds, more than 0 and at most 3600 (see 'shelf record --help')\n"
    ),
    (
      ["--churn", "wild"],
      "shelf: the value 'wild' is invalid for '--churn <churn>': expected small, moderate or massive (see 'shelf --help')\n"
    ),
    (
      ["--color", "sometimes"],
      "shelf: the value 'sometimes' is invalid for '--color <when>': expected auto, always or never (see 'shelf --help')\n"
    ),
    (
      ["frames", "a.json"],
      "shelf: missing expected argument '<B.json>' (see 'shelf frames --help')\n"
    ),
    (["diff"], "shelf: missing expected argument '<A.json>' (see 'shelf diff --help')\n"),
    (
      ["--records"],
      "shelf: --records reads --stream's lines as records: give --stream too (see 'shelf --help')\n"
    ),
    (
      ["--keep", "3"],
      "shelf: --keep bounds the rows of --stream --records: give --records too (see 'shelf --help')\n"
    ),
    (
      ["--fields", "week,hash,week"],
      "shelf: --fields: \"week\" is named twice (see 'shelf --help')\n"
    ),
    (
      ["--pattern", "(\\S+)"],
      "shelf: --pattern: the pattern names no group; write (?<name>...) for each field (see 'shelf --help')\n"
    ),
    (
      ["--stream", "--catalog", "-"],
      "shelf: --stream and --catalog - both read stdin: keep one (see 'shelf --help')\n"
    ),
    (
      ["frames", "a.json", "b.json", "--format", "gif"],
      "shelf: the value 'gif' is invalid for '--format <format>': expected text or asciicast (see 'shelf frames --help')\n"
    ),
    (
      ["record", "--seconds", "0"],
      "shelf: the value '0' is invalid for '--seconds <n>': expected seconds, more than 0 and at most 3600 (see 'shelf record --help')\n"
    ),
    (
      ["record", "--seconds", "1", "--keys", "j<warp>"],
      "shelf: --keys: unknown key <warp>: a key is one of bs, down, end, enter, esc, home, left, lt, pgdn, pgup, right, space, tab, up, or a pause like <2s> (see 'shelf record --help')\n"
    ),
    (
      ["record", "--seconds", "1", "--watch", "x.json"],
      "shelf: record runs on simulated time, which cannot follow --watch or --stream: give --catalog, --exec or --url (each read once) (see 'shelf record --help')\n"
    ),
    (
      ["record", "--seconds", "1", "--catalog", "a.json", "--stream"],
      "shelf: record runs on simulated time, which cannot follow --watch or --stream: give --catalog, --exec or --url (each read once) (see 'shelf record --help')\n"
    ),
    (
      ["--rate", "\u{1B}]0;pwned\u{07}"],
      "shelf: the value '␛]0;pwned␇' is invalid for '--rate <rate>': expected slow, fast or ludicrous (see 'shelf --help')\n"
    ),
  ])
  func aBadCommandLineIsAUsageErrorOnOneLine(arguments: [String], message: String) throws {
    let result = try runShelf(arguments)
    #expect(result.status == 64)
    #expect(result.standardError == message)
    #expect(result.standardOutput.isEmpty)
  }

  @Test(arguments: [
    (
      "render", ["--catalog", "--width", "--height", "--color", "--format", "--group-by"],
      ["--fps", "--rate"]
    ),
    (
      "frames",
      ["<A.json>", "--width", "--fps", "--animation-ms", "--format", "--catalog", "--url"],
      ["--rate", "--seed", "--keys"]
    ),
    ("diff", ["<A.json>", "<B.json>"], ["--catalog", "--width", "--fps"]),
    (
      "record", ["--catalog", "--rate", "--fps", "--width", "--seconds", "--keys", "--output"],
      ["--format", "--version"]
    ),
  ])
  func eachSubcommandsHelpListsOnlyItsOwnOptions(
    command: String, listed: [String], unlisted: [String]
  ) throws {
    let result = try runShelf([command, "--help"])
    #expect(result.status == 0)
    #expect(result.standardError.isEmpty)
    for option in listed {
      #expect(result.standardOutput.contains(option), "\(command) --help lacks \(option)")
    }
    for option in unlisted {
      #expect(!result.standardOutput.contains(option), "\(command) --help lists \(option)")
    }
    #expect(try runShelf(["help", command]).standardOutput == result.standardOutput)
  }

  /// The man page is made from the same text, and its generator drops every
  /// character outside ASCII: an example with one would read wrong there.
  @Test(arguments: ["", "render", "frames", "record", "diff", "config"])
  func helpIsASCIISoTheManPageSaysTheSame(command: String) throws {
    let result = try runShelf(command.isEmpty ? ["--help"] : [command, "--help"])
    #expect(result.status == 0)
    let outside = result.standardOutput.split(separator: "\n").filter {
      !$0.unicodeScalars.allSatisfy(\.isASCII)
    }
    #expect(outside.isEmpty, "\(outside)")
  }

  @Test func helpGroupsTheOptionsAsSourcesDemoAndDisplay() throws {
    let help = try runShelf(["--help"]).standardOutput
    let headings = ["SOURCES:", "DEMO UPDATES", "DISPLAY:", "SUBCOMMANDS:"]
    let positions = headings.compactMap { help.range(of: $0)?.lowerBound }
    #expect(positions.count == headings.count, "help lacks a group: \(help)")
    #expect(positions == positions.sorted())
    let sources = try #require(help.range(of: "SOURCES:")).upperBound
    let demo = try #require(help.range(of: "DEMO UPDATES")).lowerBound
    #expect(help[sources..<demo].contains("--watch"))
    #expect(!help[sources..<demo].contains("--fps"))
  }

  @Test(arguments: ["-V", "--version"])
  func versionIsOneLine(flag: String) throws {
    let result = try runShelf([flag])
    #expect(result.status == 0)
    #expect(result.standardOutput.wholeMatch(of: /shelf \d+\.\d+\.\d+\n/) != nil)
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

  /// The frames move as the live screen does: the focus stays on its card
  /// (Novels, the first row of A), so the last frame is B with that focus.
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
    #expect(parts.last?.contains("▸Novels") == true, "the focus stays on its row")
    // B's rows, in B's order, all there.
    let titles = { (screen: String) in
      screen.split(separator: "\n").filter { !$0.contains("│") && !$0.contains("┃") }.map {
        $0.dropFirst().split(separator: " ").first.map(String.init) ?? ""
      }.filter { ["Poetry", "Novels", "Classic"].contains($0) }
    }
    #expect(titles(parts.last ?? "") == titles(last.standardOutput))
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
