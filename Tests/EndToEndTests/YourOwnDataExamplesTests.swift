import Foundation
import TestSupport
import Testing

/// The README's "Your own data" recipes, each a ```sh block after a
/// `<!-- recipe -->` line, run as written in a terminal on this machine's
/// real data (dpkg, git, man, ps, a SQLite database another process writes),
/// with no jq or Python between. (`<!-- example -->` marks the headless
/// commands `ReadmeExamples` runs.)
@Suite(.serialized) struct YourOwnDataExamples {
  /// Every marked block of README.md, in order.
  static func examples() throws -> [String] {
    let readme = try String(
      contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
    var blocks: [String] = []
    var rest = readme[...]
    while let marker = rest.range(of: "<!-- recipe -->\n```sh\n") {
      guard let end = rest.range(of: "\n```", range: marker.upperBound..<rest.endIndex) else {
        break
      }
      blocks.append(String(rest[marker.upperBound..<end.lowerBound]))
      rest = rest[end.upperBound...]
    }
    return blocks
  }

  /// A shell in the repository (the git recipe reads its log), or in the
  /// session's scratch folder when `inScratch`, with the built `shelf` first
  /// on its PATH, running recipe `index` from a script holding exactly the
  /// README's text; `prepare` runs first, given the scratch folder.
  private func run(
    _ index: Int, inScratch: Bool = false, prepare: (URL) throws -> Void = { _ in }
  ) throws -> TmuxSession {
    let examples = try Self.examples()
    #expect(examples.count == 7, "README.md's marked recipes")
    let session = try TmuxSession(width: 100, height: 30)
    try prepare(session.scratch)
    let script = session.scratch.appendingPathComponent("example.sh")
    try Data(examples[index].utf8).write(to: script)
    let folder = inScratch ? " cd \(session.scratch.path);" : ""
    try session.run(
      "export PATH=\(shelfBinary.deletingLastPathComponent().path):$PATH;\(folder) clear;"
        + " sh \(script.path)")
    return session
  }

  @Test func everyRecipeIsAMarkedShellBlockUsingShelf() throws {
    let examples = try Self.examples()
    #expect(examples.count == 7)
    for example in examples { #expect(example.contains("shelf ")) }
  }

  @Test func debianPackagesBySection() throws {
    let session = try run(0)
    defer { session.close() }
    // Sorted by name, `admin` comes first on every Debian system.
    session.expectScreen("the packages' rows") { $0.contains("stdin ·") && $0.contains("admin") }
    try session.send("Enter")
    session.expectScreen(containing: "section: admin")
    session.expectScreen(containing: "package: ")
  }

  @Test func gitLogByWeek() throws {
    let session = try run(1)
    defer { session.close() }
    session.expectScreen("a row per ISO week") { screen in
      screen.contains("stdin ·")
        && screen.range(of: #"\d{4}-W\d{2}"#, options: .regularExpression) != nil
    }
    try session.send("Enter")
    session.expectScreen(containing: "hash: ")
  }

  @Test func manualPagesBySectionOpenFromKeptFields() throws {
    let session = try run(2)
    defer { session.close() }
    session.expectScreen("section 1 first") { $0.contains("stdin ·") && $0.contains("▸1 ") }
    try session.send("Enter")
    session.expectScreen(containing: "section: 1")
    try session.send("Escape")
    session.expectScreen("the details closed") { !$0.contains("Details") }
    try session.send("o")
    // man shows the page of the focused card's own name and section.
    session.expectScreen("the manual page") { $0.contains("NAME") && $0.contains("(1)") }
    try session.send("q")
    session.expectScreen(containing: "stdin ·")
  }

  @Test func processesByUserLive() throws {
    let session = try run(3)
    defer { session.close() }
    session.expectScreen("processes by user") { screen in
      screen.contains("root") && screen.contains("pid 1,") && screen.contains("running ps")
    }
  }

  @Test func aSQLiteDatabaseAnotherProcessWrites() throws {
    let session = try run(4, inScratch: true) { folder in
      try sqlite(
        in: folder,
        """
        db.execute('create table items (id integer primary key, list text, title text, due text)')
        db.execute("insert into items (list, title, due) values ('home', 'Fix the tap', 'Monday')")
        db.execute("insert into items (list, title, due) values ('work', 'Send the report', 'Friday')")
        """)
    }
    defer { session.close() }
    session.expectScreen("a row per list") { screen in
      screen.contains("home") && screen.contains("Fix the tap") && screen.contains("due Friday")
    }
    try sqlite(
      in: session.scratch,
      "db.execute(\"insert into items (list, title, due) values ('home', 'Water the plants', 'today')\")"
    )
    session.expectScreen(containing: "Water the plants")
  }

  /// Whether `screen` shows a cover: block or sextant characters.
  private func showsCover(_ screen: String) -> Bool {
    screen.unicodeScalars.contains {
      (0x2580...0x259F).contains($0.value) && $0 != "█" || (0x1FB00...0x1FB3B).contains($0.value)
    }
  }

  @Test func desktopApplicationsWithTheirIcons() throws {
    let session = try run(5)
    defer { session.close() }
    // This machine's applications: those with a PNG icon in the theme show it.
    let folder = "/usr/share/applications"
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    let icons = entries.filter { $0.hasSuffix(".desktop") }.compactMap { entry -> String? in
      let text = (try? String(contentsOfFile: folder + "/" + entry, encoding: .utf8)) ?? ""
      return text.split(separator: "\n").first { $0.hasPrefix("Icon=") }.map {
        String($0.dropFirst(5))
      }
    }
    let hasPNG = icons.contains { icon in
      let sizes =
        (try? FileManager.default.contentsOfDirectory(atPath: "/usr/share/icons/hicolor")) ?? []
      return sizes.contains {
        FileManager.default.fileExists(atPath: "/usr/share/icons/hicolor/\($0)/apps/\(icon).png")
      } || FileManager.default.fileExists(atPath: "/usr/share/pixmaps/\(icon).png")
    }
    session.expectScreen("the applications' rows") { screen in
      screen.contains("stdin ·") && (!hasPNG || showsCover(screen))
    }
  }

  @Test func aFolderOfBookCovers() throws {
    let session = try run(6, inScratch: true) { folder in
      for (path, format) in [
        ("Books/Fiction/Dune.png", "png"), ("Books/Fiction/Emma.jpg", "jpeg"),
        ("Books/Poetry/Leaves of Grass.jpg", "jpeg"),
      ] {
        let file = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(
          at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try makeCover(at: file.path, format: format, seed: path.count)
      }
    }
    defer { session.close() }
    session.expectScreen("a row per shelf, with covers") { screen in
      screen.contains("Fiction") && screen.contains("Dune") && screen.contains("Emma")
        && showsCover(screen)
    }
  }

  /// Runs `statements` with python3's sqlite3 on `folder`/todo.db (`db`), then commits.
  private func sqlite(in folder: URL, _ statements: String) throws {
    let path = folder.appendingPathComponent("todo.db").path
    try runPython("import sqlite3\ndb = sqlite3.connect('\(path)')\n\(statements)\ndb.commit()\n")
  }
}
