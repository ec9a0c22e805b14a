import ArgumentParser
import ShelfCatalog
import ShelfSources
import ShelfTerminal
import ShelfUI

/// How often the demo changes the catalog.
enum DemoRate: String, CaseIterable, Sendable {
  case slow, fast, ludicrous

  /// Milliseconds between two updates.
  var intervalMilliseconds: Int {
    switch self {
    case .slow: return 4000
    case .fast: return 1000
    case .ludicrous: return 50
    }
  }
}

// MARK: - Option groups

/// Where the catalogs come from: shared by `shelf`, `render`, `frames` and
/// `record`. Source options repeat and mix; their sections are concatenated
/// in the order given (`sources(in:)` reads that order).
struct SourceOptions: ParsableArguments {
  @Option(
    "catalog", valueName: "file",
    help: "Show a catalog of your own (JSON); repeats.")
  var catalogPaths: [String] = []

  @Option(
    "watch", valueName: "file",
    help: "Re-read <file> when it changes and animate the difference; repeats.")
  var watchPaths: [String] = []

  @Flag(name: .customLong("stream"), help: "Read one catalog per line (NDJSON) from stdin.")
  var isStreaming = false

  @Option(
    "exec", valueName: "command",
    help: "Run <command> through /bin/sh -c and show the catalog it prints, again every --every;"
      + " repeats.")
  var commands: [String] = []

  @Option(
    "url", valueName: "url",
    help: "Fetch a catalog over HTTP(S), conditionally, again every --every; repeats.",
    transform: Parse.url)
  var urls: [String] = []

  @Option(
    "sqlite", valueName: "file",
    help: "Show what a query finds in a SQLite database, opened read-only, again after each"
      + " change another process commits: --sqlite FILE --query SQL; repeats, each with its"
      + " query.")
  var databases: [String] = []

  @Option(
    "sql", valueName: "sql",
    help: "The SQL --sqlite runs (--query right after --sqlite FILE says the same), one"
      + " statement that reads: each row a record whose fields are its columns, made into"
      + " cards as records are (--group-by, --title, ...).")
  var queries: [String] = []

  @Option(
    "every", valueName: "duration",
    help: "How often --exec runs and --url fetches: 500ms, 10s, 2m (default 5s, 30s for --url).",
    transform: Parse.duration)
  var every: Duration?

  @Option(
    "url-memory", valueName: "size",
    help: "How much memory the --url sources' bodies may hold together: 64MiB, 1GiB"
      + " (default 512MiB); one that would pass it fails.",
    transform: Parse.size)
  var urlMemory: Int?

  @Flag(name: .customLong("no-live"), help: "No demo updates.")
  var isStill = false

  func validate() throws {
    if isStreaming && catalogPaths.contains("-") {
      throw ValidationError("--stream and --catalog - both read stdin: keep one")
    }
    if catalogPaths.filter({ $0 == "-" }).count > 1 {
      throw ValidationError("--catalog - reads stdin once: give it once")
    }
    if databases.count != queries.count {
      throw ValidationError(
        "each --sqlite FILE needs its query, right after it: --sqlite FILE --query SQL")
    }
    if every != nil && commands.isEmpty && urls.isEmpty {
      throw ValidationError("--every sets how often --exec and --url run: give one of them")
    }
  }

  /// Every source given, in no particular order across kinds.
  private var unordered: [SourceSpec] {
    catalogPaths.map(SourceSpec.catalog) + watchPaths.map(SourceSpec.watch)
      + (isStreaming ? [.stream] : []) + commands.map(SourceSpec.exec) + urls.map(SourceSpec.url)
      + zip(databases, queries).map { SourceSpec.sqlite(path: $0, query: $1) }
  }

  /// The sources in the order `arguments` (the command line as typed) gives
  /// them; ArgumentParser keeps the order within each option only.
  func sources(in arguments: [String]) -> [SourceSpec] {
    var catalogs = catalogPaths[...]
    var watches = watchPaths[...]
    var execs = commands[...]
    var addresses = urls[...]
    var files = databases[...]
    var sqls = queries[...]
    var streams = isStreaming ? 1 : 0
    var ordered: [SourceSpec] = []
    var index = arguments.startIndex
    while index < arguments.endIndex, arguments[index] != "--" {
      let token = arguments[index]
      index += 1
      let name = token.split(separator: "=", maxSplits: 1).first.map(String.init) ?? token
      let hasInlineValue = token.contains("=")
      // A source option's value: skipped in `arguments`, the next of its kind taken.
      func take(_ values: inout ArraySlice<String>, as source: (String) -> SourceSpec) {
        if !hasInlineValue { index += 1 }
        if let value = values.popFirst() { ordered.append(source(value)) }
      }
      switch name {
      case "--catalog": take(&catalogs, as: SourceSpec.catalog)
      case "--watch": take(&watches, as: SourceSpec.watch)
      case "--exec": take(&execs, as: SourceSpec.exec)
      case "--url": take(&addresses, as: SourceSpec.url)
      case "--sqlite": take(&files) { SourceSpec.sqlite(path: $0, query: sqls.popFirst() ?? "") }
      case "--stream":
        if streams > 0 {
          streams -= 1
          ordered.append(.stream)
        }
      default:
        break
      }
    }
    // A command line the scan could not follow (an option's value that looks
    // like a source option): every source still counts, in a fixed order.
    guard ordered.count == unordered.count else { return unordered }
    return ordered
  }
}

/// The demo's updates: shared by `shelf` and `record`.
struct DemoOptions: ParsableArguments {
  @Option("rate", choosing: "An update every 4 s, 1 s or 50 ms (default slow).")
  var rate: DemoRate?

  @Option("churn", choosing: "How much one update changes (default moderate).")
  var churn: DemoChurn?

  @Option(
    help: ArgumentHelp("The demo's random seed, for a repeatable run.", valueName: "n"),
    transform: Parse.seed)
  var seed: UInt64?
}

/// How the screen animates and colours: shared by `shelf`, `frames` and `record`.
struct DisplayOptions: ParsableArguments {
  @Option("color", valueName: "when", choosing: "When to use colour; auto honours NO_COLOR.")
  var color: ColorMode = .auto

  @OptionGroup var colors: ThemeOptions

  @Option(
    "animation-ms", valueName: "n",
    help: "Length of an animation; 0 turns animation off (default 300).",
    transform: Parse.number(in: 0...10_000))
  var animationMilliseconds: Int?

  @Option(
    "fps", valueName: "n",
    help: "Animation frames per second, 1 to 240 (default 60; 30 for frames).",
    transform: Parse.number(in: 1...240))
  var framesPerSecond: Int?

  @Flag(name: .customLong("reduced-motion"), help: "Changes appear without movement.")
  var isReducedMotion = false

  @Flag(
    name: .customLong("no-recent"),
    help: "No \"Recently viewed\" row of the cards opened with Enter.")
  var isRecentOff = false

  /// The screen's configuration with these options applied.
  var configuration: ScreenConfiguration {
    var configuration = ScreenConfiguration()
    if let animationMilliseconds {
      configuration.animationDuration = UInt64(animationMilliseconds)
    }
    if let framesPerSecond { configuration.framesPerSecond = framesPerSecond }
    configuration.reducedMotion = isReducedMotion
    configuration.showsRecentlyViewed = !isRecentOff
    return configuration
  }
}

/// The size of a screen drawn without a terminal: `render`, `frames`, `record`.
struct SizeOptions: ParsableArguments {
  // The smallest screen is the least a screen drawn without a terminal may be:
  // below it there would be nothing but a notice to draw.
  @Option(
    help: ArgumentHelp(
      "Columns, \(Metrics.minimumSize.width) to 1000 (default 80).", valueName: "w"),
    transform: Parse.number(in: Metrics.minimumSize.width...1000))
  var width: Int = 80

  @Option(
    help: ArgumentHelp(
      "Lines, \(Metrics.minimumSize.height) to 1000 (default 24).", valueName: "h"),
    transform: Parse.number(in: Metrics.minimumSize.height...1000))
  var height: Int = 24

  var size: Size { Size(width: width, height: height) }
}

// MARK: - Values

/// Checks option values so that the message says what was expected.
enum Parse {
  /// Why a value was refused; ArgumentParser names the option and the value.
  struct Refusal: Error, CustomStringConvertible {
    let description: String
  }

  /// A whole number in `range`.
  static func number(in range: ClosedRange<Int>) -> @Sendable (String) throws -> Int {
    { text in
      guard let number = Int(text), range.contains(number) else {
        throw Refusal(
          description: "expected a whole number from \(range.lowerBound) to \(range.upperBound)")
      }
      return number
    }
  }

  /// One of `Choice`'s cases by its name, refused in the same words as any
  /// other value: `expected slow, fast or ludicrous`.
  static func choice<Choice: RawRepresentable & CaseIterable & Sendable>(
    of type: Choice.Type
  ) -> @Sendable (String) throws -> Choice where Choice.RawValue == String {
    { text in
      guard let choice = Choice(rawValue: text) else {
        let names = Choice.allCases.map(\.rawValue)
        let list = names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
        throw Refusal(description: "expected \(list)")
      }
      return choice
    }
  }

  /// The names of `Choice`'s cases for an option's help, as ArgumentParser
  /// words them: `(values: auto, always, never; default: auto)`.
  static func values<Choice: RawRepresentable & CaseIterable>(
    of type: Choice.Type, default: Choice? = nil
  ) -> String where Choice.RawValue == String {
    let names = Choice.allCases.map(\.rawValue).joined(separator: ", ")
    return "(values: \(names)\(`default`.map { "; default: \($0.rawValue)" } ?? ""))"
  }

  /// The names of `Choice`'s cases, for shell completion.
  static func completion<Choice: RawRepresentable & CaseIterable>(of type: Choice.Type)
    -> CompletionKind where Choice.RawValue == String
  {
    .list(Choice.allCases.map(\.rawValue))
  }

  /// A seed: any whole number a `UInt64` holds.
  @Sendable static func seed(_ text: String) throws -> UInt64 {
    guard let number = UInt64(text) else {
      throw Refusal(description: "expected a whole number from 0 to \(UInt64.max)")
    }
    return number
  }

  /// A duration such as `500ms`, `10s` or `2m`: from 100 ms to 24 hours.
  @Sendable static func duration(_ text: String) throws -> Duration {
    let refusal = Refusal(
      description: "expected a duration such as 500ms, 10s or 2m, from 100ms to 24h")
    let units: [(suffix: String, milliseconds: Double)] = [
      ("ms", 1), ("s", 1000), ("m", 60_000), ("h", 3_600_000),
    ]
    guard let unit = units.first(where: { text.hasSuffix($0.suffix) }) else { throw refusal }
    let number = text.dropLast(unit.suffix.count)
    guard let value = Double(number), value.isFinite,
      number.allSatisfy({ $0.isNumber || $0 == "." })
    else { throw refusal }
    let milliseconds = (value * unit.milliseconds).rounded()
    guard milliseconds >= 100, milliseconds <= 86_400_000 else { throw refusal }
    return .milliseconds(Int64(milliseconds))
  }

  /// A size such as `64MiB`, `1GiB` or `100M` (binary units; `B` and `iB`
  /// optional): from 1 MiB to 64 GiB.
  @Sendable static func size(_ text: String) throws -> Int {
    let refusal = Refusal(
      description: "expected a size such as 64MiB or 1GiB, from 1MiB to 64GiB")
    var number = Substring(text)
    for suffix in ["iB", "B"] where number.hasSuffix(suffix) {
      number = number.dropLast(suffix.count)
      break
    }
    let shifts: [Character: Int] = ["K": 10, "M": 20, "G": 30]
    guard let unit = number.last.flatMap({ shifts[$0] }) else { throw refusal }
    guard let value = Double(number.dropLast()), value.isFinite,
      number.dropLast().allSatisfy({ $0.isNumber || $0 == "." })
    else { throw refusal }
    let bytes = (value * Double(1 << unit)).rounded()
    guard bytes >= Double(1 << 20), bytes <= Double(64 << 30) else { throw refusal }
    return Int(bytes)
  }

  /// An http or https URL with a host, checked when the command line is read.
  @Sendable static func url(_ text: String) throws -> String {
    if let problem = URLSource.problem(with: text) { throw Refusal(description: problem) }
    return text
  }

  /// Seconds: a positive number up to an hour, to the millisecond.
  @Sendable static func seconds(_ text: String) throws -> Double {
    guard let seconds = Double(text), seconds > 0, seconds <= 3600 else {
      throw Refusal(description: "expected seconds, more than 0 and at most 3600")
    }
    return seconds
  }
}
