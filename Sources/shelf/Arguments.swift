import ShelfCatalog
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

/// Options of the interactive screen.
struct RunOptions: Equatable, Sendable {
  var catalogPath: String?
  var watchPath: String?
  var isStreaming = false
  var isLive = true
  var colorMode: ColorMode = .auto
  var theme: Theme = .auto
  var animationMilliseconds: Int?
  var framesPerSecond: Int?
  var isReducedMotion = false
  var seed: UInt64?
  var rate: DemoRate?
  var churn: DemoChurn?

  /// The demo runs on the bundled catalog unless `--no-live`; on a catalog of
  /// one's own only when asked for with `--rate`, `--churn` or `--seed`.
  var runsDemo: Bool {
    guard isLive, watchPath == nil, !isStreaming else { return false }
    return catalogPath == nil || rate != nil || churn != nil || seed != nil
  }
}

/// Options of `shelf render`.
struct RenderOptions: Equatable, Sendable {
  var catalogPath: String?
  var size = Size(width: 80, height: 24)
}

/// Options of `shelf frames`.
struct FramesOptions: Equatable, Sendable {
  var fromPath: String
  var toPath: String
  var size = Size(width: 80, height: 24)
  var framesPerSecond = 30
  var animationMilliseconds: Int?
}

/// What the command line asks for.
enum Command: Equatable, Sendable {
  case run(RunOptions)
  case render(RenderOptions)
  case frames(FramesOptions)
  case diff(from: String, to: String)
  case help
  case version
}

/// A hand-written parser: `--option value`, `--option=value`, subcommands first.
struct ArgumentParser {
  private var arguments: [String]
  private var index = 0

  /// Parses `arguments` (without the program name).
  static func parse(_ arguments: [String]) throws(AppError) -> Command {
    if arguments.contains(where: { $0 == "--help" || $0 == "-h" }) { return .help }
    if arguments.contains(where: { $0 == "--version" || $0 == "-V" }) { return .version }
    var parser = ArgumentParser(arguments: arguments)
    switch arguments.first {
    case "render":
      parser.index = 1
      return .render(try parser.renderOptions())
    case "frames":
      parser.index = 1
      return .frames(try parser.framesOptions())
    case "diff":
      parser.index = 1
      return try parser.diffCommand()
    case "help":
      return .help
    default:
      return .run(try parser.runOptions())
    }
  }

  private init(arguments: [String]) {
    self.arguments = arguments
  }

  // MARK: - Commands

  private mutating func runOptions() throws(AppError) -> RunOptions {
    var options = RunOptions()
    while let (name, inline) = nextOption() {
      switch name {
      case "--catalog": options.catalogPath = try value(of: name, inline)
      case "--watch": options.watchPath = try value(of: name, inline)
      case "--stream": try flag(name, inline, &options.isStreaming)
      case "--no-live":
        var noLive = false
        try flag(name, inline, &noLive)
        options.isLive = false
      case "--color": options.colorMode = try choice(of: name, inline)
      case "--theme": options.theme = try choice(of: name, inline)
      case "--animation-ms":
        options.animationMilliseconds = try number(of: name, inline, in: 0...10_000)
      case "--fps": options.framesPerSecond = try number(of: name, inline, in: 1...240)
      case "--reduced-motion": try flag(name, inline, &options.isReducedMotion)
      case "--seed": options.seed = try seed(of: name, inline)
      case "--rate": options.rate = try choice(of: name, inline)
      case "--churn": options.churn = try choice(of: name, inline)
      default: throw unknown(name)
      }
    }
    if options.isStreaming && (options.catalogPath != nil || options.watchPath != nil) {
      throw .usage("--stream reads catalogs from stdin: it takes no --catalog or --watch")
    }
    if options.catalogPath != nil && options.watchPath != nil {
      throw .usage("--watch FILE already names the catalog: drop --catalog")
    }
    return options
  }

  private mutating func renderOptions() throws(AppError) -> RenderOptions {
    var options = RenderOptions()
    while let (name, inline) = nextOption() {
      switch name {
      case "--catalog": options.catalogPath = try value(of: name, inline)
      case "--width": options.size.width = try number(of: name, inline, in: 1...1000)
      case "--height": options.size.height = try number(of: name, inline, in: 1...1000)
      // Plain text has no colour; the flag is checked, so a script written
      // for the interactive screen still runs.
      case "--color": _ = try choice(of: name, inline) as ColorMode
      default: throw unknown(name)
      }
    }
    return options
  }

  private mutating func framesOptions() throws(AppError) -> FramesOptions {
    var size = Size(width: 80, height: 24)
    var fps = 30
    var animation: Int?
    var paths: [String] = []
    while let (name, inline) = nextOption(collectingOperandsInto: &paths) {
      switch name {
      case "--width": size.width = try number(of: name, inline, in: 1...1000)
      case "--height": size.height = try number(of: name, inline, in: 1...1000)
      case "--fps": fps = try number(of: name, inline, in: 1...240)
      case "--animation-ms": animation = try number(of: name, inline, in: 0...10_000)
      default: throw unknown(name)
      }
    }
    guard paths.count == 2 else {
      throw .usage("frames needs two catalogs: shelf frames A.json B.json")
    }
    return FramesOptions(
      fromPath: paths[0], toPath: paths[1], size: size, framesPerSecond: fps,
      animationMilliseconds: animation)
  }

  private mutating func diffCommand() throws(AppError) -> Command {
    var paths: [String] = []
    while let (name, _) = nextOption(collectingOperandsInto: &paths) {
      throw unknown(name)
    }
    guard paths.count == 2 else {
      throw .usage("diff needs two catalogs: shelf diff A.json B.json")
    }
    return .diff(from: paths[0], to: paths[1])
  }

  // MARK: - Reading

  /// The next option's name and its `=value`, if any; operands are an error.
  private mutating func nextOption() -> (String, String?)? {
    var none: [String]? = nil
    return nextOption(operands: &none)
  }

  private mutating func nextOption(collectingOperandsInto operands: inout [String]) -> (
    String, String?
  )? {
    var collected: [String]? = operands
    defer { operands = collected ?? [] }
    return nextOption(operands: &collected)
  }

  private mutating func nextOption(operands: inout [String]?) -> (String, String?)? {
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if argument.hasPrefix("-") && argument.count > 1 {
        if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
          return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
        }
        return (argument, nil)
      }
      if operands != nil {
        operands?.append(argument)
      } else {
        return ("\u{0}" + argument, nil)
      }
    }
    return nil
  }

  private mutating func value(of name: String, _ inline: String?) throws(AppError) -> String {
    if let inline { return inline }
    guard index < arguments.count else { throw .usage("\(name) needs a value") }
    index += 1
    return arguments[index - 1]
  }

  private func flag(_ name: String, _ inline: String?, _ target: inout Bool) throws(AppError) {
    if inline != nil { throw .usage("\(name) takes no value") }
    target = true
  }

  private mutating func number(of name: String, _ inline: String?, in range: ClosedRange<Int>)
    throws(AppError) -> Int
  {
    let text = try value(of: name, inline)
    guard let number = Int(text), range.contains(number) else {
      throw .usage(
        "\(name) needs a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'"
      )
    }
    return number
  }

  private mutating func seed(of name: String, _ inline: String?) throws(AppError) -> UInt64 {
    let text = try value(of: name, inline)
    guard let number = UInt64(text) else {
      throw .usage("\(name) needs a whole number from 0 to \(UInt64.max), not '\(text)'")
    }
    return number
  }

  private mutating func choice<T: RawRepresentable & CaseIterable>(
    of name: String, _ inline: String?
  ) throws(AppError) -> T where T.RawValue == String {
    let text = try value(of: name, inline)
    guard let choice = T(rawValue: text) else {
      let choices = T.allCases.map(\.rawValue).joined(separator: ", ")
      throw .usage("\(name) is one of \(choices), not '\(text)'")
    }
    return choice
  }

  private func unknown(_ name: String) -> AppError {
    if name.hasPrefix("\u{0}") {
      return .usage("unexpected argument '\(TerminalText.sanitized(String(name.dropFirst())))'")
    }
    return .usage("unknown option '\(TerminalText.sanitized(name))'")
  }
}
