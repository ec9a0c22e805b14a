import Foundation
import TestSupport
import Testing

/// `shelf render` screens, compared with the goldens beside this file.
@Suite struct RenderGoldens {
  @Test(
    arguments: [
      ("bundled-80x24", nil, 80, 24),
      ("bundled-120x40", nil, 120, 40),
      ("small-80x24", "small.json", 80, 24),
      ("small-120x40", "small.json", 120, 40),
      ("wide-120x40", "wide.json", 120, 40),
    ] as [(String, String?, Int, Int)])
  func renderMatchesItsGolden(name: String, fixture: String?, width: Int, height: Int) throws {
    var arguments = ["render", "--width", "\(width)", "--height", "\(height)", "--color", "never"]
    if let fixture { arguments += ["--catalog", "\(fixtures)/\(fixture)"] }
    let result = try runShelf(arguments)
    #expect(result.status == 0)
    let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == height + 1, "one line per terminal line, then the final newline")
    expectGolden(result.standardOutput, named: name)
  }
}

/// `--preview` on the headless screens: the pane shows the command's
/// output for the focused card, as the live screen's does, its escape
/// sequences not passed on.
@Suite struct PreviewRenders {
  /// The command: the card's title, then a coloured line and a cursor move.
  private static let command =
    #"printf 'about %s\n' {title}; printf '\033[31mred\033[0m\033[2Jline\n'"#

  @Test func renderShowsThePreviewPaneBesideTheCards() throws {
    let result = try runShelf([
      "render", "--catalog", "\(fixtures)/small.json", "--width", "140", "--height", "24",
      "--color", "never", "--preview", Self.command,
    ])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(!result.standardOutput.contains("\u{1B}"))
    expectGolden(result.standardOutput, named: "small-preview-140x24")
  }

  @Test func everyFrameShowsThePreviewPaneOfTheFocusedCard() throws {
    let frames = try runShelf([
      "frames", "\(fixtures)/small.json", "\(fixtures)/small-next.json", "--width", "80",
      "--height", "30", "--fps", "30", "--preview", Self.command, "--preview-window", "bottom:40%",
    ])
    #expect(frames.status == 0, "\(frames.standardError)")
    let parts = frames.standardOutput.components(separatedBy: "\n\u{0C}\n")
    #expect(parts.count > 3)
    for part in parts {
      #expect(part.contains("about "), "a frame without the pane:\n\(part)")
      #expect(part.contains("red"))
    }
  }
}

/// `shelf render --color always`: the same screen with its colours as SGR
/// sequences, and nothing else: without them it is the plain render.
@Suite struct ColorRenders {
  @Test func colorAlwaysWritesTheScreensColoursAndTheSameText() throws {
    let catalog = "\(fixtures)/small.json"
    let size = ["--width", "80", "--height", "24"]
    let colored = try runShelf(["render", "--catalog", catalog, "--color", "always"] + size)
    let plain = try runShelf(["render", "--catalog", catalog, "--color", "never"] + size)
    #expect(colored.status == 0 && plain.status == 0)
    #expect(!plain.standardOutput.contains("\u{1B}"))
    #expect(colored.standardOutput.contains("\u{1B}[0;38;5;"), "256-colour foregrounds")
    let stripped = colored.standardOutput.replacing(#/\x1B\[[0-9;]*m/#, with: "")
    #expect(stripped == plain.standardOutput)
    expectGolden(colored.standardOutput, named: "small-80x24-color")
  }
}

/// A size below the smallest screen is a usage error that names the option,
/// its range and the command whose help says so.
@Suite struct TooSmallRenders {
  @Test(arguments: [
    (
      ["render", "--width", "10", "--height", "5"], "'10' is invalid for '--width <w>'", "40",
      "render"
    ),
    (
      ["render", "--catalog", "\(fixtures)/small.json", "--width", "39", "--height", "24"],
      "'39' is invalid for '--width <w>'", "40", "render"
    ),
    (
      ["frames", "\(fixtures)/small.json", "\(fixtures)/small.json", "--height", "9"],
      "'9' is invalid for '--height <h>'", "10", "frames"
    ),
  ])
  func aScreenBelowTheMinimumIsRefusedWithTheSizeItNeeds(
    arguments: [String], refusal: String, minimum: String, command: String
  ) throws {
    let result = try runShelf(arguments)
    #expect(result.status == 64)
    #expect(
      result.standardError
        == "shelf: the value \(refusal): expected a whole number from \(minimum) to 1000"
        + " (see 'shelf \(command) --help')\n")
    #expect(result.standardOutput.isEmpty)
  }

  @Test func renderHelpGivesTheRealRangeOfTheSize() throws {
    let help = try runShelf(["render", "--help"]).standardOutput
    #expect(help.contains("Columns, 40 to 1000 (default 80)."))
    #expect(help.contains("Lines, 10 to 1000 (default 24)."))
    #expect(!help.contains("1 to 1000"))
  }
}

/// Every malformed catalog in Corpus/, through the real `shelf render`.
@Suite struct MalformedCatalogs {
  struct Case: CustomTestStringConvertible, Sendable {
    var file: String
    var status: Int32
    var message: String
    var testDescription: String { file }
  }

  static let cases: [Case] = {
    let table = repositoryRoot.appendingPathComponent("Tests/EndToEndTests/Corpus/expected.tsv")
    let text = (try? String(contentsOf: table, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line in
      let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
      guard fields.count == 3, let status = Int32(fields[1]) else { return nil }
      return Case(file: String(fields[0]), status: status, message: String(fields[2]))
    }
  }()

  @Test func theCorpusHasAtLeastFortyCases() {
    #expect(Self.cases.count >= 40)
  }

  @Test(arguments: cases)
  func renderRejectsItWithTheExpectedMessageAndCode(_ corpusCase: Case) throws {
    let path = "Tests/EndToEndTests/Corpus/\(corpusCase.file)"
    let result = try runShelf(["render", "--catalog", path])
    #expect(result.status == corpusCase.status)
    let expected =
      "shelf: " + corpusCase.message.replacingOccurrences(of: "{file}", with: path) + "\n"
    #expect(result.standardError == expected)
    #expect(result.standardOutput.isEmpty)
  }
}

/// Warnings say what the user can fix, once per repeated id.
@Suite struct RepeatedIDWarnings {
  /// A catalog file of one row of `count` cards, card `n` with the id `id(n)`.
  private func catalog(of count: Int, id: (Int) -> String) throws -> URL {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "shelf-repeated-\(UUID().uuidString).json")
    let cards = (0..<count).map { #"{"id": "\#(id($0))", "title": "Card \#($0)"}"# }
    try Data(
      #"{"rows": [{"id": "r", "title": "R", "items": [\#(cards.joined(separator: ","))]}]}"#.utf8
    )
    .write(to: file)
    return file
  }

  @Test func twoThousandCardsWithOneIdGiveOneWarningLine() throws {
    let file = try catalog(of: 2_000) { _ in "dup" }
    defer { try? FileManager.default.removeItem(at: file) }
    let result = try runShelf(["render", "--catalog", file.path])
    #expect(result.status == 0)
    #expect(
      result.standardError
        == "shelf: warning: \(file.path): duplicate card id \"dup\" at rows[0].items[0]"
        + " and rows[0].items[1], 2000 times in all\n")
  }

  @Test func manyRepeatedIdsAreOneLineAndVerboseListsThem() throws {
    let file = try catalog(of: 400) { "c\($0 % 87)" }
    defer { try? FileManager.default.removeItem(at: file) }
    let quiet = try runShelf(["render", "--catalog", file.path])
    #expect(quiet.status == 0)
    #expect(
      quiet.standardError
        == "shelf: warning: \(file.path): 87 ids occur more than once, e.g. \"c0\", \"c1\", \"c2\";"
        + " --verbose lists them\n")
    let verbose = try runShelf(["render", "--verbose", "--catalog", file.path])
    // Each repeated id on a line of its own, and the format it was read in.
    let lines = verbose.standardError.split(separator: "\n")
    #expect(lines.count == 88)
    #expect(lines.filter { $0.contains("read as catalog") }.count == 1)
  }
}
