import Foundation
import TestSupport
import Testing

/// A small catalog as JSON: one section `section`, rows of cards by title.
func catalogJSON(
  title: String, section: String = "main", rows: [(id: String, cards: [String])]
) -> Data {
  let rowsJSON = rows.map { row in
    let cards = row.cards.enumerated().map { index, card in
      "{\"id\": \"c\(index)\", \"title\": \"\(card)\"}"
    }
    return
      "{\"id\": \"\(row.id)\", \"title\": \"Row \(row.id)\", \"items\": [\(cards.joined(separator: ", "))]}"
  }
  return Data(
    """
    {"title": "\(title)", "sections": [{"id": "\(section)", "title": "\(title) shelf", \
    "rows": [\(rowsJSON.joined(separator: ", "))]}]}
    """.utf8)
}

/// `render` and `frames` with several sources, `--exec` and `--url`: exit
/// codes and screens, without a terminal.
@Suite struct SeveralSourcesWithoutATerminal {
  @Test func renderFetchesAURLOnceAndSaysWhyItCannot() throws {
    let server = try LocalCatalogServer()
    defer { server.stop() }
    let good = try runShelf(["render", "--url", server.url("/catalog"), "--width", "60"])
    #expect(good.status == 0, "\(good.standardError)")
    #expect(good.standardOutput.hasPrefix(" v1 · 1 row"))
    #expect(server.count("/catalog") == 1, "render fetches once")
    let redirected = try runShelf(["render", "--url", server.url("/moved")])
    #expect(redirected.status == 0 && redirected.standardOutput.hasPrefix(" v1 "))

    let cases: [(path: String, status: Int32, message: String)] = [
      ("/missing", 69, "\(server.url("/missing")): HTTP 404"),
      ("/broken", 69, "\(server.url("/broken")): HTTP 500"),
      ("/bad", 65, "\(server.url("/bad")), line 1, column 11:"),
    ]
    for (path, status, message) in cases {
      let result = try runShelf(["render", "--url", server.url(path)])
      #expect(result.status == status, "\(path)")
      #expect(result.standardError.hasPrefix("shelf: \(message)"), "\(result.standardError)")
      #expect(result.standardOutput.isEmpty)
    }
  }

  @Test func renderSaysSoWhenNothingListensOrTheHostDoesNotResolve() throws {
    // Port 1 on the loopback: nothing listens there, the connection is refused.
    let refused = try runShelf(["render", "--url", "http://127.0.0.1:1/catalog"])
    #expect(refused.status == 69)
    #expect(
      refused.standardError == "shelf: http://127.0.0.1:1/catalog: the connection was refused\n")
    // `.invalid` never resolves (RFC 2606).
    let unknown = try runShelf(["render", "--url", "http://no-such-host.invalid/c.json"])
    #expect(unknown.status == 69)
    #expect(unknown.standardError.contains("no-such-host.invalid/c.json: "))
    // Refused when the command line is read: a usage error.
    let notHTTP = try runShelf(["render", "--url", "ftp://127.0.0.1/c.json"])
    #expect(notHTTP.status == 64)
    #expect(notHTTP.standardError.contains("expected an http:// or https:// URL, not ftp:"))
  }

  @Test func renderRunsACommandOnceAndSaysWhyItFailed() throws {
    let good = try runShelf([
      "render", "--exec", "cat \(fixtures)/small.json", "--width", "60", "--height", "12",
    ])
    #expect(good.status == 0)
    #expect(good.standardOutput.hasPrefix(" Small Shelf · 3 rows"))
    let failing = try runShelf(["render", "--exec", "printf 'it %s\\n' broke >&2; exit 3"])
    #expect(failing.status == 69)
    #expect(failing.standardError.hasPrefix("shelf: command "))
    #expect(
      failing.standardError.hasSuffix("exited with status 3: it broke\n"),
      "the command's last stderr line: \(failing.standardError)")
    let bad = try runShelf(["render", "--exec", "echo '{\"rows\": ['"])
    #expect(bad.status == 65)
  }

  @Test func renderShowsSeveralSourcesInTheOrderGiven() throws {
    let result = try runShelf([
      "render", "--catalog", "\(fixtures)/wide.json", "--exec", "cat \(fixtures)/small.json",
      "--width", "100", "--height", "40",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let lines = result.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines[0].contains("· all sources ·"))
    #expect(lines.last?.contains("Tab sources") == true)
    let wide = lines.firstIndex { $0.contains("━━") }
    let small = lines.firstIndex { $0.contains("━━ Library") }
    #expect(wide != nil && small != nil && wide! < small!, "wide.json's sections come first")
  }

  /// A source that fails shows nothing and is named on stderr and in the
  /// message area; only when every source fails does the command fail.
  @Test func renderShowsTheSourcesThatLoadAndNamesTheOnesThatFailed() throws {
    let missing = "/nonexistent-shelf-dir/missing.json"
    let result = try runShelf([
      "render", "--catalog", missing, "--catalog", "\(fixtures)/small.json",
      "--exec", "exit 3", "--width", "80", "--height", "20",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let warnings = result.standardError.split(separator: "\n")
    #expect(warnings.count == 2, "\(result.standardError)")
    #expect(warnings.first == "shelf: warning: \(missing): no such file; shown without it")
    #expect(
      warnings.last == "shelf: warning: command \"exit 3\": exited with status 3; shown without it")
    #expect(result.standardOutput.contains("Emma"), "small.json shows")
    #expect(result.standardOutput.contains("⚠ \(missing): no such file"), "the first failure")

    let allFail = try runShelf(["render", "--catalog", missing, "--exec", "exit 3"])
    #expect(allFail.status == 66, "the first source's error, as with one source")
    #expect(allFail.standardError == "shelf: \(missing): no such file\n")
    #expect(allFail.standardOutput.isEmpty)
  }

  @Test func framesGoOnWithoutAnotherSourceButNotWithoutAOrB() throws {
    let small = "\(fixtures)/small.json"
    let next = "\(fixtures)/small-next.json"
    let missing = "/nonexistent-shelf-dir/other.json"
    let result = try runShelf(["frames", small, next, "--catalog", missing, "--fps", "5"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardError == "shelf: warning: \(missing): no such file; shown without it\n")
    #expect(result.standardOutput.contains("Emma"))
    let withoutA = try runShelf(["frames", missing, next, "--catalog", small])
    #expect(withoutA.status == 66)
    #expect(withoutA.standardError == "shelf: \(missing): no such file\n")
  }

  @Test func badDurationsAreUsageErrors() throws {
    let result = try runShelf(["render", "--exec", "true", "--every", "fortnight"])
    #expect(result.status == 64)
    #expect(
      result.standardError.hasPrefix(
        "shelf: the value 'fortnight' is invalid for '--every <duration>': expected a duration"))
  }

  /// `frames A B --catalog other`: A's change animates; the other source's
  /// section shows in every frame, its cards as they were.
  @Test func framesAnimateOneSourceWhileAnotherHoldsStill() throws {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "shelf-frames-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let a = scratch.appendingPathComponent("a.json")
    let b = scratch.appendingPathComponent("b.json")
    let other = scratch.appendingPathComponent("other.json")
    try catalogJSON(title: "Books", rows: [("r1", ["Emma", "Kim"]), ("r2", ["Dune"])]).write(to: a)
    try catalogJSON(title: "Books", rows: [("r2", ["Dune"]), ("r1", ["Kim", "Emma", "Ivanhoe"])])
      .write(to: b)
    try catalogJSON(title: "Films", rows: [("r1", ["Metropolis"])]).write(to: other)
    let result = try runShelf([
      "frames", a.path, b.path, "--catalog", other.path, "--width", "80", "--height", "24",
      "--fps", "10",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    // Both sources' row "r1" are kept apart by source: nothing to warn about.
    #expect(result.standardError.isEmpty)
    let frames = result.standardOutput.components(separatedBy: "\n\u{0C}\n")
    #expect(frames.count > 3, "the change animates")
    // The moving row slides over the still table (the other source's section
    // included) before its new slot opens: where that section shows, it is as it was.
    for frame in frames {
      #expect(frame.contains("Books + Films · all sources"))
      #expect(!frame.contains("Films shelf") || frame.contains("Metropolis"))
    }
    for frame in [frames.first!, frames.last!] {
      #expect(frame.contains("Films shelf") && frame.contains("Metropolis"))
    }
    expectGolden(result.standardOutput, named: "frames-one-of-two-sources-80x24")
  }
}

/// Sections of several sources say whose they are.
@Suite struct SectionSources {
  @Test func twoSourcesSectionsWithOneTitleAreToldApartInTheirHeaders() throws {
    let result = try runShelf([
      "render", "--catalog", "\(fixtures)/small.json", "--catalog", "\(fixtures)/small-next.json",
      "--width", "100", "--height", "40",
    ])
    #expect(result.status == 0)
    let headers = result.standardOutput.split(separator: "\n").filter { $0.hasPrefix(" ━━ ") }
    #expect(headers.contains { $0.hasPrefix(" ━━ Library · small.json ━━") }, "\(headers)")
    #expect(headers.contains { $0.hasPrefix(" ━━ Library · small-next.json ━━") }, "\(headers)")
  }

  @Test func aSingleSourcesHeadersNameNoSource() throws {
    let result = try runShelf(["render", "--catalog", "\(fixtures)/small.json"])
    #expect(result.standardOutput.contains(" ━━ Library ━━"))
    #expect(!result.standardOutput.contains("small.json"))
  }
}
