import ArgumentParser
import Foundation
import ShelfCatalog
import ShelfSources
import ShelfTerminal
import ShelfUI

/// Options of the interactive screen.
struct RunOptions: Equatable, Sendable {
  /// The sources in the order given; the bundled catalog when none is.
  var sources: [SourceSpec] = [.bundled]
  /// How often commands run and URLs are fetched; nil for each one's default.
  var every: Duration?
  /// `--url-memory`: the bytes URL bodies may hold together; nil for the default.
  var urlMemory: Int?
  var isLive = true
  var colorMode: ColorMode = .auto
  /// `--theme` and the config file's `[theme]` colours by role.
  var theme = ThemeSettings()
  var animationMilliseconds: Int?
  var framesPerSecond: Int?
  var isReducedMotion = false
  /// Whether opened cards join the "Recently viewed" row (not `--no-recent`).
  var showsRecentlyViewed = true
  /// `--card`, `--card-width`.
  var cards = CardStyle.standard
  var seed: UInt64?
  var rate: DemoRate?
  var churn: DemoChurn?
  /// `--pick`, `--print`, `--multi`, `--bind`, `--no-clipboard`.
  var actions = ActionOptions()
  /// How every source is read: its format, and how records become cards.
  var reading = CatalogReading.shelfDefault
  /// `--stream --records`: stdin's lines are records upserted by id, and
  /// each row keeps at most this many cards; nil: each line is a catalog.
  var recordKeep: Int?
  /// Whether the format each source is read in is said on stderr.
  var isVerbose = false
  /// How cards show their images.
  var covers = CoverSettings()
  /// Keys the config file remaps: a key pressed, and the key of its action.
  var keyMap: [Key: Key] = [:]
  /// `--query`, `--exact`, `--select-1`, `--exit-0`.
  var search = SearchSettings()

  /// The demo runs on the bundled catalog unless `--no-live`; on a catalog of
  /// one's own only when asked for with `--rate`, `--churn` or `--seed`.
  var runsDemo: Bool {
    guard isLive, sources.count == 1 else { return false }
    switch sources[0] {
    case .bundled: return true
    case .catalog: return rate != nil || churn != nil || seed != nil
    case .watch, .stream, .exec, .url, .sqlite: return false
    }
  }

  /// Whether one of the sources reads catalogs from stdin as a stream.
  var isStreaming: Bool { sources.contains(.stream) }

  /// How often `spec` runs or is fetched.
  func interval(for spec: SourceSpec) -> Duration { every ?? spec.defaultInterval }
}

extension RunOptions {
  /// The options the three groups hold, the sources in the order `arguments`
  /// (the command line) gives them.
  init(
    sources: SourceOptions, demo: DemoOptions, display: DisplayOptions, cards: CardOptions,
    arguments: [String], keyMap: [Key: Key] = [:]
  ) {
    let specs = sources.sources(in: arguments)
    self.init(
      sources: specs.isEmpty ? [.bundled] : specs, every: sources.every,
      urlMemory: sources.urlMemory,
      isLive: !sources.isStill, colorMode: display.color,
      theme: display.colors.settings, animationMilliseconds: display.animationMilliseconds,
      framesPerSecond: display.framesPerSecond, isReducedMotion: display.isReducedMotion,
      showsRecentlyViewed: !display.isRecentOff, cards: cards.style, seed: demo.seed,
      rate: demo.rate,
      churn: demo.churn, keyMap: keyMap)
  }
}

/// `shelf`: the interactive screen. Its subcommands need no terminal.
struct ShelfCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "shelf",
    abstract:
      "A table of carousels in the terminal: rows of cards that animate as the data changes.",
    usage: """
      shelf [<options>]
      shelf <subcommand> [<options>]
      """,
    discussion: HelpText.discussion,
    subcommands: [
      RenderCommand.self, FramesCommand.self, DiffCommand.self, RecordCommand.self,
      ConfigCommand.self,
    ])

  @OptionGroup(title: "Sources") var sources: SourceOptions
  @OptionGroup(title: "Demo updates (the bundled catalog, or --catalog with any of these)")
  var demo: DemoOptions
  @OptionGroup(title: "Display") var display: DisplayOptions
  @OptionGroup(title: "Cards") var cards: CardOptions
  @OptionGroup(title: "Covers") var covers: CoverOptions
  @OptionGroup(title: "Picking and acting") var picking: PickOptions
  @OptionGroup(title: "Records (CSV, TSV, JSON, NDJSON, lines)") var records: ReadingOptions
  @OptionGroup(title: "Config") var config: ConfigOptions
  @OptionGroup(title: "Search") var search: SearchOptions

  @Flag(name: [.customShort("V"), .long], help: "Show the version.")
  var version = false

  /// The options, the sources in the order `arguments` gives them.
  func options(arguments: [String], keyMap: [Key: Key] = [:]) -> RunOptions {
    var options = RunOptions(
      sources: sources, demo: demo, display: display, cards: cards, arguments: arguments,
      keyMap: keyMap)
    options.sources = Self.sources(named: sources.sources(in: arguments))
    // Checked by validate().
    options.actions = (try? picking.actions()) ?? ActionOptions()
    options.reading = records.reading
    options.recordKeep = records.isRecordStream ? records.keep ?? 200 : nil
    options.isVerbose = records.isVerbose
    options.search = search.settings
    options.covers = covers.settings
    return options
  }

  func validate() throws {
    if records.isRecordStream && !sources.isStreaming {
      throw ValidationError("--records reads --stream's lines as records: give --stream too")
    }
  }

  /// The sources named (a file given alone is `--catalog FILE`), else the
  /// bundled catalog; `readingPipedStdin` puts stdin in its place.
  static func sources(named given: [SourceSpec]) -> [SourceSpec] {
    given.isEmpty ? [.bundled] : given
  }

  /// `sources`, with stdin in the bundled catalog's place (none was named)
  /// when stdin is a pipe or a file, as fzf reads it. Asked when shelf runs,
  /// not when its arguments are parsed: parsing depends on nothing else.
  static func readingPipedStdin(_ sources: [SourceSpec]) -> [SourceSpec] {
    sources == [.bundled] && isStandardInputPiped ? [.catalog("-")] : sources
  }

  /// Whether stdin is a pipe or a file (not a terminal nor a device such as /dev/null).
  static var isStandardInputPiped: Bool {
    var status = stat()
    guard fstat(STDIN_FILENO, &status) == 0 else { return false }
    let kind = status.st_mode & S_IFMT
    return kind == S_IFIFO || kind == S_IFREG
  }
}

/// `shelf render`: the first screen as plain text.
struct RenderCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "render", abstract: "Print the first screen as text, with or without colours.")

  @OptionGroup(title: "Sources") var sources: SourceOptions
  @OptionGroup(title: "Size") var size: SizeOptions
  @OptionGroup(title: "Cards") var cards: CardOptions
  @OptionGroup(title: "Records (CSV, TSV, JSON, NDJSON, lines)") var records: ReadingOptions
  @OptionGroup(title: "Covers") var covers: CoverOptions
  @OptionGroup(title: "Colours") var colors: ThemeOptions
  @OptionGroup(title: "Preview pane") var previewing: PreviewOptions
  @OptionGroup(title: "Config") var config: ConfigOptions

  @Option(
    "color", valueName: "when",
    choosing: "Colours as escape sequences (always), plain text (never), or colours when stdout"
      + " is a terminal and NO_COLOR is unset (auto).", defaultCase: ColorMode.auto)
  var colorMode: ColorMode?

  func validate() throws {
    if sources.isStreaming {
      throw ValidationError("render reads no stdin stream: give it --catalog FILE")
    }
  }
}

/// What `shelf frames` writes.
enum FramesFormat: String, CaseIterable, Sendable {
  /// Each frame's text, separated by a line holding a form feed.
  case text
  /// An asciicast v2 recording: the bytes a terminal would receive.
  case asciicast
}

/// `shelf frames A B`: the animation from A to B.
struct FramesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "frames",
    abstract: "Print the animation from A to B.",
    discussion: """
      As text, frames are separated by a line holding a form feed; as an asciicast, \
      each frame is one output event at its time. Source options add other \
      sources after A and B, as on the live screen, each read once.
      """)

  func validate() throws {
    if sources.isStreaming {
      throw ValidationError("frames reads no stdin stream: give it --catalog FILE")
    }
  }

  @Argument(help: ArgumentHelp("The catalog the animation starts from.", valueName: "A.json"))
  var from: String
  @Argument(help: ArgumentHelp("The catalog it ends on.", valueName: "B.json"))
  var to: String

  @OptionGroup(title: "Sources shown after A and B (read once)") var sources: SourceOptions
  @OptionGroup(title: "Size") var size: SizeOptions
  @OptionGroup(title: "Display") var display: DisplayOptions
  @OptionGroup(title: "Cards") var cards: CardOptions
  @OptionGroup(title: "Preview pane") var previewing: PreviewOptions
  @OptionGroup(title: "Config") var config: ConfigOptions
  @OptionGroup var verbose: VerboseOptions

  @Option("format", choosing: "Text frames, or an asciicast v2 recording.")
  var format: FramesFormat = .text
}

/// `shelf diff A B`: the changes as JSON.
struct DiffCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "diff", abstract: "Print the row and card changes from A to B as JSON.")

  @Argument(help: ArgumentHelp("The old catalog.", valueName: "A.json"))
  var from: String
  @Argument(help: ArgumentHelp("The new catalog.", valueName: "B.json"))
  var to: String
  @OptionGroup(title: "Config") var config: ConfigOptions
  @OptionGroup var verbose: VerboseOptions
}

/// `shelf record`: the live app, headless, as an asciicast.
struct RecordCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "record",
    abstract: "Record the live app as an asciicast, without a terminal.",
    discussion: """
      Runs the app for the given seconds of simulated time, as fast as the machine \
      allows, and writes an asciicast v2 recording (asciinema plays it).

      Sources: --catalog, --exec and --url repeat and mix as on the live screen, \
      each read once at the start (--every bounds how long a command runs); \
      --watch and --stream are refused. The demo changes the only source: the \
      bundled catalog, or a single --catalog given a demo option; with several \
      sources there are no demo updates, as on the live screen.

      Keys: each character is a key, typed half a second after the one before; \
      <up> <down> <left> <right> <home> <end> <pgup> <pgdn> <enter> <esc> \
      <space> <tab> <bs> and <lt> (a '<') name keys, and a pause such as <2s> or \
      <300ms> waits that long before the next key.
      """)

  @OptionGroup(title: "Sources") var sources: SourceOptions
  @OptionGroup(title: "Demo updates (the bundled catalog, or --catalog with any of these)")
  var demo: DemoOptions
  @OptionGroup(title: "Display") var display: DisplayOptions
  @OptionGroup(title: "Cards") var cards: CardOptions
  @OptionGroup(title: "Size") var size: SizeOptions
  @OptionGroup(title: "Config") var config: ConfigOptions
  @OptionGroup var verbose: VerboseOptions

  @Option(
    help: ArgumentHelp("Seconds of simulated time to record, at most 3600.", valueName: "n"),
    transform: Parse.seconds)
  var seconds: Double

  @Option(help: ArgumentHelp("Keys to type, such as \"jjl<enter>\".", valueName: "keys"))
  var keys: String = ""

  @Option(
    "output", valueName: "file",
    help: "Write the recording to FILE instead of stdout.")
  var outputPath: String?

  func validate() throws {
    if sources.isStreaming || !sources.watchPaths.isEmpty {
      throw ValidationError(
        "record runs on simulated time, which cannot follow --watch or --stream:"
          + " give --catalog, --exec or --url (each read once)")
    }
    do {
      _ = try KeyScript(keys)
    } catch {
      throw ValidationError("--keys: \(error)")
    }
  }
}
