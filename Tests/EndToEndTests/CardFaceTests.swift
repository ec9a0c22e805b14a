import Foundation
import TestSupport
import Testing

/// Card faces and widths through the real `shelf render`: a git log read as
/// records, with cards sized to its subjects or showing lines of its fields.
@Suite struct CardFaceTests {
  /// A git log as `git log --format='%ad%x09%h%x09%an%x09%ad%x09...'` writes it.
  static let commits = [
    "--catalog", "\(fixtures)/commits.tsv", "--format", "tsv", "--fields",
    "week,hash,author,date,files,subject", "--group-by", "week", "--id", "{hash}",
    "--title", "{subject}", "--subtitle", "{author}", "--color", "never",
  ]
  /// Four lines of fields the records have; `{note}` is none of them, so the
  /// subject runs on into it.
  static let fourLines = [
    "--card", "{subject}", "--card", "{note}", "--card", "{author} · {date}",
    "--card", "{files} files · {hash}",
  ]

  @Test func autoWidthShowsWholeSubjectsOnAWideScreen() throws {
    let result = try runShelf(
      ["render"] + Self.commits + ["--card-width", "auto", "--width", "200", "--height", "50"])
    #expect(result.status == 0, "\(result.standardError)")
    let subjects = try String(contentsOfFile: "\(fixtures)/commits.tsv", encoding: .utf8)
      .split(separator: "\n").map { String($0.split(separator: "\t").last!) }
    // The cards on screen: the first three of each week, one of them 60 columns.
    let shown = subjects.prefix(3) + subjects.dropFirst(7).prefix(3)
    #expect(shown.map(\.count).max() == 60)
    for subject in shown {
      #expect(result.standardOutput.contains(subject), "whole: \(subject)")
    }
    expectGolden(result.standardOutput, named: "commits-auto-200x50")
  }

  @Test func aFourLineFaceShowsTheFieldsItNames() throws {
    let result = try runShelf(
      ["render"] + Self.commits + Self.fourLines
        + ["--card-width", "30", "--width", "100", "--height", "24"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains("Ada Lovelace · 2026-11-16"))
    #expect(result.standardOutput.contains("3 files · a1b2c3d"))
    expectGolden(result.standardOutput, named: "commits-four-lines-100x24")
  }

  @Test func theConfigFileSetsTheFaceAndTheWidth() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("shelf-cards-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let config = folder.appendingPathComponent("config.toml")
    try """
    card-width = "auto"
    card = ["{subject}", "{note}", "{author} · {date}", "{files} files · {hash}"]
    """.write(to: config, atomically: true, encoding: .utf8)
    let size = ["--width", "200", "--height", "30"]
    let configured = try runShelf(["render", "--config", config.path] + Self.commits + size)
    let given = try runShelf(
      ["render"] + Self.commits + Self.fourLines + ["--card-width", "auto"] + size)
    #expect(configured.status == 0, "\(configured.standardError)")
    #expect(configured.standardOutput == given.standardOutput)
    let widest = try runShelf(
      ["render", "--config", config.path, "--card-width", "80"] + Self.commits + size)
    #expect(widest.standardOutput != configured.standardOutput, "the command line wins")
  }

  @Test(arguments: [
    (["--card-width", "11"], "expected auto or a whole number from 12 to 80"),
    (["--card-width", "wide"], "expected auto or a whole number from 12 to 80"),
    (Array(repeating: ["--card", "{title}"], count: 5).flatMap { $0 }, "--card: at most 4 lines"),
  ])
  func aBadCardOptionIsAUsageError(options: [String], message: String) throws {
    let result = try runShelf(["render"] + options)
    #expect(result.status == 64)
    #expect(result.standardError.contains(message), "\(result.standardError)")
    #expect(result.standardError.split(separator: "\n").count == 1)
  }
}
