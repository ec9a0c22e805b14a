import Foundation
import TestSupport
import Testing

/// A catalog of generated covers (PNG and JPEG, Scripts/make-cover.py) and
/// of pictures that give none, in a folder of its own.
struct CoverCatalog {
  let folder: URL
  var catalog: String { folder.appendingPathComponent("covers.json").path }

  /// `extraRows` more rows of the good covers after the two.
  init(extraRows: Int = 0) throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "shelf-cover-catalog-\(UUID().uuidString)")
    folder = root
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("covers"), withIntermediateDirectories: true)
    let path = { (name: String) in root.appendingPathComponent("covers/" + name).path }
    for seed in 1...3 {
      try makeCover(at: path("p\(seed).png"), format: "png", seed: seed)
      try makeCover(at: path("j\(seed).jpg"), format: "jpeg", seed: seed + 3)
    }
    try makeCover(at: path("huge.png"), width: 8, height: 2, declared: "30000x30000")
    let whole = try Data(contentsOf: URL(fileURLWithPath: path("j1.jpg")))
    try whole.prefix(whole.count / 3).write(to: URL(fileURLWithPath: path("cut.jpg")))
    let items = [
      ("p1", "Meridian", "covers/p1.png"), ("j1", "Tidewater", "covers/j1.jpg"),
      ("p2", "Lanterns", "covers/p2.png"), ("j2", "Saltmarsh", "covers/j2.jpg"),
      ("p3", "Orchard", "covers/p3.png"), ("j3", "Foxglove", "covers/j3.jpg"),
    ]
    let bad = [
      ("gone", "Missing", "covers/none.png"), ("huge", "Huge", "covers/huge.png"),
      ("cut", "Cut short", "covers/cut.jpg"), ("plain", "No image", nil),
    ]
    func row(_ id: String, _ cards: [(String, String, String?)]) -> String {
      let items = cards.map { card in
        #"{"id": "\#(card.0)", "title": "\#(card.1)""#
          + (card.2.map { #", "image": "\#($0)""# } ?? "") + "}"
      }
      return #"{"id": "\#(id)", "title": "\#(id)", "items": [\#(items.joined(separator: ", "))]}"#
    }
    let rows =
      [row("Good", items), row("Bad", bad)]
      + (0..<extraRows).map { n in
        row("More \(n)", items.map { ("\($0.0)-\(n)", $0.1, $0.2) })
      }
    let json = #"{"title": "Covers", "rows": [\#(rows.joined(separator: ", "))]}"#
    try Data(json.utf8).write(to: URL(fileURLWithPath: catalog))
  }
}

/// `shelf render` of a catalog with covers: the cover cells as shapes
/// (`--color never`) and in 256 colours, compared with goldens; pictures that
/// give no cover show the placeholder, each said once on stderr.
@Suite struct CoverRenders {
  @Test func coversRenderAsCellsAndBadPicturesAsPlaceholders() throws {
    let covers = try CoverCatalog()
    let size = ["--width", "100", "--height", "44", "--cover-lines", "9"]
    var warnings: [String] = []
    for (color, golden) in [("never", "covers-100x44"), ("always", "covers-100x44-color")] {
      let result = try runShelf(
        ["render", "--catalog", covers.catalog, "--color", color] + size)
      #expect(result.status == 0)
      expectGolden(result.standardOutput, named: golden)
      warnings = result.standardError.split(separator: "\n").map(String.init)
    }
    #expect(warnings.count == 3, "one line each: \(warnings)")
    #expect(warnings.contains { $0.contains("covers/none.png: no such file") })
    #expect(warnings.contains { $0.contains("covers/huge.png: a 30000 x 30000 picture") })
    #expect(warnings.contains { $0.contains("covers/cut.jpg: a truncated or corrupt picture") })
  }

  @Test func imagesNoneLeavesTheCardsAsTheyWere() throws {
    let covers = try CoverCatalog()
    let size = ["--width", "100", "--height", "30", "--color", "never"]
    let none = try runShelf(["render", "--catalog", covers.catalog, "--images", "none"] + size)
    #expect(none.status == 0 && none.standardError.isEmpty)
    #expect(!none.standardOutput.contains("░"))
    // Five-line cards: the first row's box ends four lines under its top.
    let lines = none.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
    let top = try #require(lines.firstIndex { $0.contains("┏") || $0.contains("┌") })
    #expect(lines[top + 4].contains("┗") || lines[top + 4].contains("└"))
  }
}

/// Relative cover paths start from their own catalog's folder, whatever
/// the current directory and however many catalogs there are.
@Suite struct RelativeCoverPaths {
  @Test func eachCatalogsCoversAreFoundBesideIt() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "shelf-relative-covers-\(UUID().uuidString)")
    var catalogs: [String] = []
    for name in ["first", "second"] {
      let folder = root.appendingPathComponent(name)
      try FileManager.default.createDirectory(
        at: folder.appendingPathComponent("covers"), withIntermediateDirectories: true)
      // Each picture is only beside its own catalog.
      try makeCover(at: folder.appendingPathComponent("covers/\(name).png").path)
      let json =
        #"{"rows": [{"id": "\#(name)", "title": "\#(name)", "items": [{"id": "x", "title": "X", "image": "covers/\#(name).png"}]}]}"#
      let catalog = folder.appendingPathComponent("catalog.json")
      try Data(json.utf8).write(to: catalog)
      catalogs.append(catalog.path)
    }
    let size = ["--width", "80", "--height", "40", "--cover-lines", "4", "--color", "never"]
    for sources in [[catalogs[1]], catalogs] {
      let result = try runShelf(["render"] + sources.flatMap { ["--catalog", $0] } + size)
      #expect(result.status == 0)
      #expect(result.standardError.isEmpty, "\(result.standardError)")
      #expect(result.standardOutput.contains("▀") || result.standardOutput.contains("▄"))
      #expect(!result.standardOutput.contains("░"), "no placeholder: every cover found")
    }
  }
}

/// Covers at http URLs: fetched once with `--url`'s bounds, kept in
/// `$XDG_CACHE_HOME/shelf/covers`; a URL that fails keeps the placeholder.
@Suite struct URLCoverRenders {
  @Test func aURLCoverIsFetchedOnceAndAFailingOneKeepsThePlaceholder() throws {
    let server = try CatalogServerProcess()
    defer { server.stop() }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "shelf-url-covers-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let picture = folder.appendingPathComponent("p.png").path
    try makeCover(at: picture)
    let catalog = folder.appendingPathComponent("c.json")
    let good = server.url("/picture?file=\(picture)")
    let json =
      #"{"rows": [{"id": "r", "title": "R", "items": [{"id": "a", "title": "Fetched", "image": "\#(good)"}, {"id": "b", "title": "Failing", "image": "\#(server.url("/missing"))"}]}]}"#
    try Data(json.utf8).write(to: catalog)
    let cache = folder.appendingPathComponent("cache")
    let arguments = ["render", "--catalog", catalog.path, "--cover-lines", "4", "--color", "never"]
    for _ in 0..<2 {
      let result = try runShelf(arguments, environment: ["XDG_CACHE_HOME": cache.path])
      #expect(result.status == 0)
      let lines = result.standardOutput.split(separator: "\n").map(String.init)
      let cover = try #require(lines.first { $0.contains("┃") && $0.contains("│") })
      // The fetched card's cover is cells; the failing one's the placeholder.
      let halves = cover.split(separator: "│", omittingEmptySubsequences: false)
      #expect(!halves[0].contains("░") && cover.contains("░░░░"), "\(cover)")
      #expect(result.standardError.contains("/missing: the server answered 404"))
    }
    let count = try String(
      contentsOf: URL(string: server.url("/count?path=/picture"))!, encoding: .utf8)
    #expect(count == "1", "the second render read the disk cache")
    let kept = try FileManager.default.contentsOfDirectory(
      atPath: cache.appendingPathComponent("shelf/covers").path)
    #expect(kept.count == 1)
  }
}

extension InTmux {
  /// The live app: covers re-fitted to the screen as it resizes.
  @Suite struct CoversOnResize {
    /// Lines from the first row's top border to its bottom border, when
    /// its first card shows its cover (not the placeholder).
    private func firstCardHeight(_ screen: String) -> Int? {
      let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
      guard let top = lines.firstIndex(where: { $0.contains("┏") }),
        let bottom = lines[top...].firstIndex(where: { $0.contains("┗") }),
        !lines[top + 1].contains("░")
      else { return nil }
      return bottom - top + 1
    }

    @Test func theCoverAreaFollowsTheScreensSize() throws {
      let covers = try CoverCatalog()
      let session = try TmuxSession(width: 120, height: 44)
      defer { session.close() }
      try session.startShelf("--catalog \(covers.catalog) --images cells")
      // The height read from the screen the wait saw, not a later capture.
      let wide = session.expectScreen("covers at 120x44") { screen in
        screen.contains("Meridian") && firstCardHeight(screen) != nil
      }
      let tall = try #require(wide.flatMap { firstCardHeight($0) })
      try session.resize(width: 80, height: 24)
      // A shorter cover area, and its covers converted again at that size.
      session.expectScreen("shorter covers at 80x24") { screen in
        guard let height = firstCardHeight(screen) else { return false }
        return height < tall && screen.contains("Meridian")
      }
      try session.quitAndExpectRestored()
    }
  }
}
