import ArgumentParser
import Foundation
import ShelfCatalog

/// How sources are read: the format, and how records become cards. Shared
/// by `shelf` and `render`; every source takes the same reading.
struct ReadingOptions: ParsableArguments {
  // Read as text and checked (`check()`) only for `shelf` and `render`:
  // ArgumentParser gives a subcommand's `--format` to the root's option of
  // that name, so `shelf frames --format asciicast` arrives here too.
  @Option(
    name: .customLong("format"),
    help: ArgumentHelp(
      "The input's format; by default from the file's extension, then the content."
        + " \(Parse.values(of: RecordFormat.self))", valueName: "format"),
    completion: .custom { words, _, _ in
      // The generated scripts ask the root for a subcommand's `--format` too.
      words.contains("frames")
        ? FramesFormat.allCases.map(\.rawValue) : RecordFormat.allCases.map(\.rawValue)
    })
  var formatName: String?

  /// `--format`, once `checkFormat()` has passed.
  var format: RecordFormat? { formatName.flatMap(RecordFormat.init(rawValue:)) }

  /// Refuses a `--format` that names no format, as ArgumentParser words it.
  func checkFormat() throws {
    guard let formatName, format == nil else { return }
    do {
      _ = try Parse.choice(of: RecordFormat.self)(formatName)
    } catch {
      throw ValidationError(
        "the value '\(formatName)' is invalid for '--format <format>': \(error)")
    }
  }

  @Option(
    help: ArgumentHelp(
      "The names of CSV or TSV columns, comma-separated, when the first line is not a header.",
      valueName: "a,b,c"))
  var fields: String?

  @Option(
    help: ArgumentHelp(
      "For lines: a regular expression whose named groups, (?<name>...), become fields;"
        + " lines it does not match are left out.", valueName: "regex"))
  var pattern: String?

  @Option(
    name: .customLong("group-by"),
    help: ArgumentHelp("A row per distinct value of this field.", valueName: "field"))
  var groupBy: String?

  @Option(
    name: .customLong("section-by"),
    help: ArgumentHelp("A section per distinct value of this field.", valueName: "field"))
  var sectionBy: String?

  @Flag(
    name: .customLong("sort-rows"),
    help: "Sort rows and sections by name, not by first appearance.")
  var sortsRows = false

  @Option(
    help: ArgumentHelp(
      "A card's title, such as '{name} ({section})' (default: the field title, name,"
        + " or the first field).", valueName: "template"))
  var title: String?

  @Option(
    help: ArgumentHelp(
      "A card's second line (default: the field subtitle).", valueName: "template"))
  var subtitle: String?

  @Option(
    help: ArgumentHelp(
      "A card's id (default: the field id, else the whole record).", valueName: "template"))
  var id: String?

  @Option(
    help: ArgumentHelp(
      "The field holding a card's year (default: year).", valueName: "field"))
  var year: String?

  @Option(
    help: ArgumentHelp(
      "The field holding a card's rating, 0 to 5 (default: rating).", valueName: "field"))
  var rating: String?

  @Option(
    name: .customLong("link"),
    help: ArgumentHelp(
      "A card's link ({url} in templates; default: the field url).", valueName: "template"))
  var link: String?

  @Option(
    help: ArgumentHelp(
      "A card's cover: a path (relative to the catalog's file) or an http(s) URL"
        + " (default: the field image).", valueName: "template"))
  var image: String?

  @Option(
    help: ArgumentHelp(
      "The field holding a card's tags, comma-separated (default: tags).", valueName: "field"))
  var tags: String?

  @Flag(
    name: .customLong("records"),
    help: "With --stream: each line is one record (NDJSON), upserted by id, newest first.")
  var isRecordStream = false

  @Option(
    help: ArgumentHelp(
      "With --stream --records: the most cards a row keeps (default 200).", valueName: "n"),
    transform: Parse.number(in: 1...100_000))
  var keep: Int?

  @Flag(
    name: .customLong("verbose"),
    help: "Say on stderr which format each source is read in, and list every repeated id.")
  var isVerbose = false

  func check() throws {
    try checkFormat()
    if let pattern, let problem = CatalogReading.problem(withPattern: pattern) {
      throw ValidationError("--pattern: \(problem)")
    }
    if pattern != nil, let format, format != .lines {
      throw ValidationError("--pattern reads lines: drop --format \(format.rawValue)")
    }
    if let fields, fieldNames(fields).isEmpty {
      throw ValidationError("--fields: expected names separated by commas, such as a,b,c")
    }
    // A second column of one name could never be shown, printed or searched by it.
    if let fields {
      var seen = Set<String>()
      if let twice = fieldNames(fields).first(where: { !seen.insert($0).inserted }) {
        throw ValidationError("--fields: \(MessageText.quoted(twice)) is named twice")
      }
    }
    if keep != nil && !isRecordStream {
      throw ValidationError("--keep bounds the rows of --stream --records: give --records too")
    }
  }

  private func fieldNames(_ text: String) -> [String] {
    text.split(separator: ",", omittingEmptySubsequences: false).map {
      $0.trimmingCharacters(in: .whitespaces)
    }.filter { !$0.isEmpty }
  }

  /// The reading every source takes.
  var reading: CatalogReading {
    var mapping = RecordMapping(
      groupBy: groupBy, sectionBy: sectionBy, sortsRows: sortsRows, year: year, rating: rating,
      tags: tags)
    mapping.title = title.map { FieldTemplate($0) }
    mapping.subtitle = subtitle.map { FieldTemplate($0) }
    mapping.id = id.map { FieldTemplate($0) }
    mapping.url = link.map { FieldTemplate($0) }
    mapping.image = image.map { FieldTemplate($0) }
    var reading = CatalogReading(
      format: isRecordStream ? .ndjson : format, fields: fields.map(fieldNames),
      pattern: pattern, mapping: mapping)
    reading.readsTextAsLines = true
    return reading
  }

  /// Whether any option asks for records rather than a catalog.
  var asksForRecords: Bool { reading.asksForRecords }
}

extension CatalogReading {
  /// shelf's reading when no option changes it: the format chosen, and
  /// text that is not JSON read as lines, as fzf reads its input.
  static let shelfDefault: CatalogReading = {
    var reading = CatalogReading()
    reading.readsTextAsLines = true
    return reading
  }()
}
