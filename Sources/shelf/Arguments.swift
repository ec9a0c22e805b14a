import ArgumentParser
import ShelfCatalog
import ShelfTerminal
import ShelfUI

/// How often the demo changes the catalog.
enum DemoRate: String, CaseIterable, Sendable, ExpressibleByArgument {
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

extension ColorMode: ExpressibleByArgument {}
extension Theme: ExpressibleByArgument {}
extension DemoChurn: ExpressibleByArgument {}

// MARK: - Option groups

/// Where the catalogs come from: shared by `shelf`, `render` and `record`.
/// A new source is one more option here and one more line in `validate()`.
struct SourceOptions: ParsableArguments {
  @Option(
    name: .customLong("catalog"),
    help: ArgumentHelp("Show a catalog of your own (JSON).", valueName: "file"))
  var catalogPath: String?

  @Option(
    name: .customLong("watch"),
    help: ArgumentHelp(
      "Re-read <file> when it changes and animate the difference.", valueName: "file"))
  var watchPath: String?

  @Flag(name: .customLong("stream"), help: "Read one catalog per line (NDJSON) from stdin.")
  var isStreaming = false

  @Flag(name: .customLong("no-live"), help: "No demo updates.")
  var isStill = false

  func validate() throws {
    if isStreaming && (catalogPath != nil || watchPath != nil) {
      throw ValidationError("--stream reads catalogs from stdin: it takes no --catalog or --watch")
    }
    if catalogPath != nil && watchPath != nil {
      throw ValidationError("--watch FILE already names the catalog: drop --catalog")
    }
  }

  /// The catalog file the first screen shows; nil for the bundled one.
  var firstCatalogPath: String? { watchPath ?? catalogPath }
}

/// The demo's updates: shared by `shelf` and `record`.
struct DemoOptions: ParsableArguments {
  @Option(help: "An update every 4 s, 1 s or 50 ms (default slow).")
  var rate: DemoRate?

  @Option(help: "How much one update changes (default moderate).")
  var churn: DemoChurn?

  @Option(
    help: ArgumentHelp("The demo's random seed, for a repeatable run.", valueName: "n"),
    transform: Parse.seed)
  var seed: UInt64?
}

/// How the screen animates and colours: shared by `shelf`, `frames` and `record`.
struct DisplayOptions: ParsableArguments {
  @Option(help: ArgumentHelp("When to use colour; auto honours NO_COLOR.", valueName: "when"))
  var color: ColorMode = .auto

  @Option(
    help: ArgumentHelp(
      "auto, dark or light colours; auto asks the terminal's background.", valueName: "theme"))
  var theme: Theme = .auto

  @Option(
    name: .customLong("animation-ms"),
    help: ArgumentHelp(
      "Length of an animation; 0 turns animation off (default 300).", valueName: "n"),
    transform: Parse.number(in: 0...10_000))
  var animationMilliseconds: Int?

  @Option(
    name: .customLong("fps"),
    help: ArgumentHelp(
      "Animation frames per second, 1 to 240 (default 60; 30 for frames).", valueName: "n"),
    transform: Parse.number(in: 1...240))
  var framesPerSecond: Int?

  @Flag(name: .customLong("reduced-motion"), help: "Changes appear without movement.")
  var isReducedMotion = false

  /// The screen's configuration with these options applied.
  var configuration: ScreenConfiguration {
    var configuration = ScreenConfiguration()
    if let animationMilliseconds {
      configuration.animationDuration = UInt64(animationMilliseconds)
    }
    if let framesPerSecond { configuration.framesPerSecond = framesPerSecond }
    configuration.reducedMotion = isReducedMotion
    return configuration
  }
}

/// The size of a screen drawn without a terminal: `render`, `frames`, `record`.
struct SizeOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp("Columns, 1 to 1000 (default 80).", valueName: "w"),
    transform: Parse.number(in: 1...1000))
  var width: Int = 80

  @Option(
    help: ArgumentHelp("Lines, 1 to 1000 (default 24).", valueName: "h"),
    transform: Parse.number(in: 1...1000))
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

  /// A seed: any whole number a `UInt64` holds.
  @Sendable static func seed(_ text: String) throws -> UInt64 {
    guard let number = UInt64(text) else {
      throw Refusal(description: "expected a whole number from 0 to \(UInt64.max)")
    }
    return number
  }

  /// Seconds: a positive number up to an hour, to the millisecond.
  @Sendable static func seconds(_ text: String) throws -> Double {
    guard let seconds = Double(text), seconds > 0, seconds <= 3600 else {
      throw Refusal(description: "expected seconds, more than 0 and at most 3600")
    }
    return seconds
  }
}
