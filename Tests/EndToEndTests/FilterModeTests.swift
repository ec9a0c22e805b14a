import Foundation
import Testing

/// Whether `fzf` is on the PATH (the Makefile's `deps` installs Debian's).
private let fzfPath: String? = ["/usr/bin/fzf", "/usr/local/bin/fzf"].first {
  FileManager.default.isExecutableFile(atPath: $0)
}

/// Runs `executable` with `arguments`, `input` on stdin; its stdout.
private func run(_ executable: String, _ arguments: [String], input: String) throws -> String {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: executable)
  process.arguments = arguments
  let output = Pipe()
  let stdin = Pipe()
  process.standardOutput = output
  process.standardInput = stdin
  process.standardError = FileHandle.nullDevice
  try process.run()
  stdin.fileHandleForWriting.write(Data(input.utf8))
  try stdin.fileHandleForWriting.close()
  let data = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return String(decoding: data, as: UTF8.self)
}

/// The installed Debian packages as a catalog: a row per section, a card
/// per package (title: its name; its summary in the details, which search
/// does not read), rows and cards sorted; and the names, one a line, in the
/// same order (row by row), as fzf reads them.
///
/// What fzf sees: only the package names, in the catalog's order. That is
/// the text shelf searches on these cards (the title), so both rank the
/// same candidates, and their ties (fzf breaks them by length, then by
/// line) fall the same way. Given the summaries too, fzf would score one
/// line of name and summary where shelf scores each field apart, and the
/// comparison would measure that difference rather than the ranking.
private func packageCatalog(in folder: URL) throws -> (catalog: URL, names: String)? {
  let listing = try run(
    "/usr/bin/dpkg-query", ["-W", "-f", "${Section}\t${Package}\t${binary:Summary}\n"], input: "")
  var sections: [String: [(name: String, summary: String)]] = [:]
  for line in listing.split(separator: "\n") {
    let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
    guard fields.count == 3, !fields[1].isEmpty else { continue }
    let section = fields[0].isEmpty ? "unknown" : String(fields[0])
    sections[section, default: []].append((String(fields[1]), String(fields[2])))
  }
  guard sections.values.map(\.count).reduce(0, +) >= 100 else { return nil }
  var rows: [[String: Any]] = []
  var names = ""
  for section in sections.keys.sorted() {
    let packages = sections[section]!.sorted { $0.name < $1.name }
    rows.append([
      "id": section, "title": section,
      "items": packages.map { ["id": $0.name, "title": $0.name, "summary": $0.summary] },
    ])
    for package in packages { names += package.name + "\n" }
  }
  let file = folder.appendingPathComponent("packages.json")
  try JSONSerialization.data(withJSONObject: ["title": "Packages", "rows": rows]).write(to: file)
  return (file, names)
}

/// `shelf --filter`: the matches, best first, with no screen.
@Suite struct FilterMode {
  @Test func filterPrintsTheMatchesBestFirstAndExitsOneWhenNone() throws {
    let found = try runShelf(["--filter", "heart dark", "--print", "{title}"])
    #expect(found.status == 0)
    #expect(found.standardOutput.split(separator: "\n").first == "Heart of Darkness")
    let fuzzy = try runShelf(["--filter", "hrtdrk", "--print", "{id}"])
    #expect(fuzzy.standardOutput.hasPrefix("heart-of-darkness\n"))
    #expect(try runShelf(["--filter", "hrtdrk", "--exact"]).status == 1)
    let none = try runShelf(["--filter", "zzqxzzqx"])
    #expect(none.status == 1)
    #expect(none.standardOutput.isEmpty)
    // A card that several rows hold is printed once, as fzf prints a line once.
    let ids = try runShelf(["--filter", "dost", "--print", "{id}"]).standardOutput
      .split(separator: "\n")
    #expect(ids.contains("crime-and-punishment"))
    #expect(Set(ids).count == ids.count, "\(ids)")
  }

  /// Every match, best first (as fzf ranks them): a whole field, then a
  /// word inside one, then letters that each start a word, then letters
  /// inside a word; a card without them all is not printed.
  @Test func filterPrintsEveryMatchInScoreOrder() throws {
    let lines = "xcurlx\nc-u-r-l\nwget\na-curl-tool\ncurl\n"
    let found = try runShelf(["--format", "lines", "--filter", "curl"], input: Data(lines.utf8))
    #expect(found.status == 0, "\(found.standardError)")
    #expect(found.standardOutput == "curl\na-curl-tool\nc-u-r-l\nxcurlx\n")
  }

  /// Records piped in with no id field: with no `--print`, each match is its
  /// title; with `--print {id}`, the record's whole content (its id) as the
  /// line it was read from, tabs and all, while other controls are escaped.
  @Test func filterOfRecordsPrintsTheirTitlesUnlessToldOtherwise() throws {
    let tsv = "section\tname\tdesc\nweb\tcurl\tfetch urls\nweb\twget\tget files\nnet\tnc\tnetcat\n"
    let found = try runShelf(["--group-by", "section", "--filter", "curl"], input: Data(tsv.utf8))
    #expect(found.status == 0, "\(found.standardError)")
    #expect(found.standardOutput == "curl\n")
    let ids = try runShelf(
      ["--group-by", "section", "--filter", "curl", "--print", "{id}"], input: Data(tsv.utf8))
    #expect(ids.standardOutput == "web\tcurl\tfetch urls\n")
    // A field no record has prints empty, with one warning naming those that exist.
    let typo = try runShelf(
      ["--group-by", "section", "--filter", "curl", "--print", "{nmae}|{desc}"],
      input: Data(tsv.utf8))
    #expect(typo.status == 0)
    #expect(typo.standardOutput == "|fetch urls\n")
    #expect(
      typo.standardError
        == "shelf: warning: --print: no card has the field {nmae}, printed empty (fields: {id}, {title}, {subtitle}, {year}, {rating}, {row}, {section}, {url}, {json}, {name}, {desc})\n"
    )
  }

  /// Twenty queries of real use on the installed packages: shelf's first
  /// match is fzf's in at least 18.
  @Test(.enabled(if: fzfPath != nil, "fzf is not installed"))
  func theFirstMatchIsFzfsOnRealQueries() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "shelf-fzf-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let packages = try #require(try packageCatalog(in: folder), "too few packages installed")
    let queries = [
      "curl", "tar", "gcc", "py3", "ssl dev", "^tar", "vim", "git", "make", "perl", "libc dev",
      "zlib", "python", "bash", "xz", "gzip", "openssl", "sqlite", "apt", "lib dev",
    ]
    var agreed: [String] = []
    var differed: [String] = []
    for query in queries {
      let ours = try runShelf(["--catalog", packages.catalog.path, "--filter", query])
      let theirs = try run(fzfPath!, ["--filter", query], input: packages.names)
      let first = ours.standardOutput.split(separator: "\n").first.map(String.init) ?? ""
      let fzfFirst = theirs.split(separator: "\n").first.map(String.init) ?? ""
      if first == fzfFirst {
        agreed.append(query)
      } else {
        differed.append("\(query): shelf \(first), fzf \(fzfFirst)")
      }
    }
    #expect(agreed.count >= 18, "differed: \(differed)")
  }

  @Test func slashCurlEnterPicksCurl() throws {
    let session = try TmuxSession()
    defer { session.close() }
    let file = session.scratch.appendingPathComponent("packages.json")
    // The issue's case: curl among the libraries named after it.
    let names = ["libcurl3-gnutls", "libcurl4", "libcurl4-openssl-dev", "curl", "python3-pycurl"]
    let items = names.map { #"{"id": "\#($0)", "title": "\#($0)"}"# }.joined(separator: ",")
    try #"{"title": "Packages", "rows": [{"id": "libs", "title": "libs", "items": [\#(items)]}]}"#
      .write(to: file, atomically: true, encoding: .utf8)
    try session.startPick("--catalog \(file.path) --pick")
    session.expectScreen(containing: "Packages")
    try session.send("/")
    try session.type("curl")
    try session.send("Enter")
    let pick = try #require(session.waitForPick())
    #expect(pick.status == 0)
    #expect(pick.output == "curl\n")
  }
}
