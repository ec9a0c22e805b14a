import Foundation
import TestSupport
import Testing

/// The README's "Picking and acting" examples, run as written.
@Suite(.serialized) struct PickingExamples {
  /// The README's lines between `<!-- picking-examples -->` and its end,
  /// inside the code block, followed by the action example after it.
  static func examples() throws -> (pipelines: [String], action: String) {
    let readme = try String(
      contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
    guard
      let start = readme.range(of: "<!-- picking-examples -->"),
      let end = readme.range(
        of: "<!-- /picking-examples -->", range: start.upperBound..<readme.endIndex)
    else { throw TmuxError.failed("README.md has no picking examples") }
    let pipelines = readme[start.upperBound..<end.lowerBound]
      .split(separator: "\n").map(String.init).filter { !$0.hasPrefix("```") && !$0.isEmpty }
    let action = readme[end.upperBound...].split(separator: "\n")
      .first { $0.hasPrefix("shelf --catalog books.json --bind") }.map(String.init)
    guard pipelines.count == 3, let action else {
      throw TmuxError.failed("expected three pipelines and an action in README.md")
    }
    return (pipelines, action)
  }

  /// A shell in a scratch folder with the built `shelf` first on its PATH
  /// (and `bin/` of the scratch folder before it, for stand-in commands).
  private func session() throws -> TmuxSession {
    let session = try TmuxSession()
    let bin = session.scratch.appendingPathComponent("bin")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    try session.run(
      "cd \(session.scratch.path); export PATH=\(bin.path):"
        + "\(shelfBinary.deletingLastPathComponent().path):$PATH; clear")
    return session
  }

  private func read(_ name: String, in session: TmuxSession) -> String? {
    try? String(contentsOf: session.scratch.appendingPathComponent(name), encoding: .utf8)
  }

  @Test func enterPicksIntoAVariable() throws {
    let session = try session()
    defer { session.close() }
    try session.run(try Self.examples().pipelines[0])
    session.expectScreen(containing: "Les Misérables — Victor Hugo")
    try session.send("Enter")
    session.expectScreen(containing: "Reading: Les Misérables")
  }

  @Test func marksAreSortedIntoAFile() throws {
    let session = try session()
    defer { session.close() }
    try session.run(try Self.examples().pipelines[1])
    session.expectScreen(containing: "Les Misérables — Victor Hugo")
    try session.send("l", "m", "h", "m")
    session.expectScreen(containing: "2 cards marked")
    try session.send("Enter")
    session.expectScreen("the reading list written") { _ in
      read("reading-list.txt", in: session)?.hasSuffix("\n") ?? false
    }
    #expect(read("reading-list.txt", in: session) == "1008 源氏物語\n1862 Les Misérables\n")
  }

  @Test func theJSONOfACardGoesToAnotherProgram() throws {
    let session = try session()
    defer { session.close() }
    try session.run(try Self.examples().pipelines[2])
    session.expectScreen(containing: "Les Misérables — Victor Hugo")
    try session.send("Enter")
    session.expectScreen(containing: #""id": "les-miserables","#)
    session.expectScreen(containing: #""year": 1862,"#)
  }

  @Test func boundKeysOpenTheURLAndNoteTheID() throws {
    let session = try session()
    defer { session.close() }
    let bin = session.scratch.appendingPathComponent("bin/xdg-open")
    try "#!/bin/sh\nprintf '%s\\n' \"$1\" >> opened.txt\n".write(
      to: bin, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin.path)
    try #"""
    {"title": "Books", "rows": [{"id": "r", "title": "To read", "items": [
      {"id": "dune", "title": "Dune", "url": "https://example.org/dune?a=1&b=2"}]}]}
    """#.write(
      to: session.scratch.appendingPathComponent("books.json"), atomically: true, encoding: .utf8)
    try session.run(try Self.examples().action)
    session.expectScreen(containing: "Dune")
    try session.send("o")
    session.expectScreen("xdg-open called") { _ in read("opened.txt", in: session) != nil }
    #expect(read("opened.txt", in: session) == "https://example.org/dune?a=1&b=2\n")
    #expect(session.waitUntilRunning())
    try session.send("a")
    session.expectScreen("the id noted") { _ in read("later.txt", in: session) != nil }
    #expect(read("later.txt", in: session) == "dune\n")
    try session.send("q")
    session.expectScreen(containing: TmuxSession.prompt)
  }
}
