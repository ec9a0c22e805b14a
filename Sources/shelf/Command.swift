import ArgumentParser
import Foundation
import ShelfCatalog
import ShelfTerminal
import ShelfUI

/// Options of `shelf render`.
struct RenderOptions: Equatable, Sendable {
  /// The sources in the order given; the bundled catalog when none is.
  var sources: [SourceSpec] = [.bundled]
  /// How long a command may run (its interval); nil for the default.
  var every: Duration?
  /// `--url-memory`: the bytes URL bodies may hold together; nil for the default.
  var urlMemory: Int?
  var size = Size(width: 80, height: 24)
  /// How every source is read.
  var reading = CatalogReading.shelfDefault
  /// Whether the format each source is read in is said on stderr.
  var isVerbose = false
  /// `--card`, `--card-width`.
  var cards = CardStyle.standard
  /// `--color`: colours as escape sequences (always), plain text (never), or
  /// colours when stdout is a terminal and `NO_COLOR` is unset (auto).
  var colorMode: ColorMode = .auto
  /// `--theme` and the config file's `[theme]` colours.
  var theme = ThemeSettings()
  /// How cards show their images.
  var covers = CoverSettings()
  /// `--preview`'s command, run for the focused card; nil for no pane.
  var preview: CardTemplate?
  var previewWindow = PreviewWindow.standard
}

/// Options of `shelf --filter`.
struct FilterOptions: Equatable, Sendable {
  var sources: [SourceSpec] = [.bundled]
  var every: Duration?
  var query: String
  var isExact = false
  /// What each card prints: `--print`'s format, else the title (the text
  /// the search ranked, as fzf prints the line it matched; a record with
  /// no id field has its whole content as its id, tabs and all).
  var format = CardTemplate.title
  /// How every source is read.
  var reading = CatalogReading.shelfDefault
  /// Whether to say on stderr the format each source was read in.
  var isVerbose = false
}

/// Options of `shelf frames`.
struct FramesOptions: Equatable, Sendable {
  var fromPath: String
  var toPath: String
  /// Other sources shown after A and B, each read once.
  var others: [SourceSpec] = []
  var every: Duration?
  var urlMemory: Int?
  var size = Size(width: 80, height: 24)
  var framesPerSecond = 30
  var animationMilliseconds: Int?
  var isReducedMotion = false
  var colorMode: ColorMode = .auto
  /// `--theme` and the config file's `[theme]` colours.
  var theme = ThemeSettings()
  var format: FramesFormat = .text
  /// `--card`, `--card-width`.
  var cards = CardStyle.standard
  /// `--preview`'s command, run for the focused card; nil for no pane.
  var preview: CardTemplate?
  var previewWindow = PreviewWindow.standard
}

/// Options of `shelf record`.
struct RecordOptions: Equatable, Sendable {
  var run: RunOptions
  var size = Size(width: 80, height: 24)
  var milliseconds: UInt64
  var keys: KeyScript
  var outputPath: String?
}

/// What the command line asks for.
enum Command: Equatable, Sendable {
  case run(RunOptions)
  case render(RenderOptions)
  case filter(FilterOptions)
  case frames(FramesOptions)
  case diff(from: String, to: String)
  case record(RecordOptions)
  /// Text for stdout, then exit 0: a help screen or a completion script.
  case print(String)
  case version
}

/// The command line, read by swift-argument-parser into a `Command`.
enum Arguments {
  /// Parses `arguments` (without the program name); a usage error names the
  /// option and fits on one line.
  ///
  /// The config file (`ConfigFile.path(arguments:environment:)`) gives
  /// defaults first; a default the command line refuses is the file's
  /// problem, named with its line and column (exit 78).
  static func parse(
    _ typed: [String],
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(AppError) -> Command {
    // `swift run shelf -- --watch books.json` passes its `--` on: a leading
    // one ends no options, it only separates swift run's from shelf's.
    let given = namingFiles(
      joiningNegativeNumbers(
        namingSQLiteQueries(typed.first == "--" ? Array(typed.dropFirst()) : typed)))
    let config = try configFile(for: given, environment: environment)
    let arguments = config?.arguments ?? given
    let keyMap = config?.file.keyMap ?? [:]
    if let config, arguments != given, let problem = failure(of: arguments),
      failure(of: given) == nil
    {
      throw config.file.problem(problem)
    }
    let parsed: any ParsableCommand
    do {
      parsed = try ShelfCommand.parseAsRoot(arguments)
    } catch {
      return try outcome(of: error, arguments: arguments)
    }
    Headless.listsEveryWarning = isVerbose(parsed)
    switch parsed {
    case let root as ShelfCommand:
      try check(root.records, help: "shelf --help")
      if root.version { return .version }
      let options = root.options(arguments: arguments, keyMap: keyMap)
      if let query = root.search.filter {
        return .filter(
          FilterOptions(
            sources: options.sources, every: options.every, query: query,
            isExact: root.search.isExact,
            format: root.picking.format == nil ? .title : options.actions.format,
            reading: options.reading, isVerbose: options.isVerbose))
      }
      return .run(options)
    case let config as ConfigCommand where config.printsDefault:
      return .print(ConfigFile.defaultText(OptionTable.read()))
    case var render as RenderCommand:
      // Parsed from the root, `--color` goes to the root's own option (the
      // interactive screen's): parsed alone, render's takes it.
      if arguments.first == "render",
        let alone = try? RenderCommand.parse(Array(arguments.dropFirst()))
      {
        render = alone
      }
      try check(render.records, help: "shelf render --help")
      let sources = ShelfCommand.sources(named: render.sources.sources(in: arguments))
      let preview = render.previewing.settings
      return .render(
        RenderOptions(
          sources: sources, every: render.sources.every, urlMemory: render.sources.urlMemory,
          size: render.size.size, reading: render.records.reading,
          isVerbose: render.records.isVerbose, cards: render.cards.style,
          colorMode: render.colorMode ?? .auto, theme: render.colors.settings,
          covers: render.covers.settings, preview: preview.command,
          previewWindow: preview.window))
    case let frames as FramesCommand:
      let preview = frames.previewing.settings
      return .frames(
        FramesOptions(
          fromPath: frames.from, toPath: frames.to,
          others: frames.sources.sources(in: arguments), every: frames.sources.every,
          urlMemory: frames.sources.urlMemory,
          size: frames.size.size,
          framesPerSecond: frames.display.framesPerSecond ?? 30,
          animationMilliseconds: frames.display.animationMilliseconds,
          isReducedMotion: frames.display.isReducedMotion, colorMode: frames.display.color,
          theme: frames.display.colors.settings, format: try framesFormat(in: arguments),
          cards: frames.cards.style, preview: preview.command, previewWindow: preview.window))
    case let diff as DiffCommand:
      return .diff(from: diff.from, to: diff.to)
    case let record as RecordCommand:
      return .record(
        RecordOptions(
          run: RunOptions(
            sources: record.sources, demo: record.demo, display: record.display,
            cards: record.cards, arguments: arguments, keyMap: keyMap),
          size: record.size.size, milliseconds: UInt64((record.seconds * 1000).rounded()),
          // Checked by the command's validate().
          keys: (try? KeyScript(record.keys)) ?? KeyScript(), outputPath: record.outputPath))
    default:
      // `shelf help [subcommand]`: ArgumentParser's own command, which
      // answers by throwing the help request.
      do {
        var command = parsed
        try command.run()
      } catch {
        return try outcome(of: error, arguments: arguments)
      }
      throw .internalError("the command line parsed to an unknown command")
    }
  }

  /// The config file for `given` (the command line) and `environment`, and
  /// the command line with its defaults; nil when there is none, or the
  /// command is `config` or `help`.
  private static func configFile(
    for given: [String], environment: [String: String]
  ) throws(AppError) -> (file: ConfigFile, arguments: [String])? {
    let command = subcommand(of: given)
    guard command != "config", command != "help",
      let path = ConfigFile.path(arguments: given, environment: environment)
    else { return nil }
    let table = OptionTable.read()
    let file = try ConfigFile.load(path: path, options: table)
    return (file, file.applied(to: given, command: command, options: table))
  }

  /// Whether `command` was given `--verbose`.
  private static func isVerbose(_ command: any ParsableCommand) -> Bool {
    switch command {
    case let root as ShelfCommand: return root.records.isVerbose
    case let render as RenderCommand: return render.records.isVerbose
    case let frames as FramesCommand: return frames.verbose.isVerbose
    case let diff as DiffCommand: return diff.verbose.isVerbose
    case let record as RecordCommand: return record.verbose.isVerbose
    default: return false
    }
  }

  /// The subcommand `arguments` start with, if any.
  private static func subcommand(of arguments: [String]) -> String? {
    let names = ShelfCommand.configuration.subcommands.map { $0.configuration.commandName ?? "" }
    return arguments.first.flatMap { names.contains($0) ? $0 : nil }
  }

  /// Why `arguments` do not parse, in one line; nil when they do.
  private static func failure(of arguments: [String]) -> String? {
    do {
      _ = try ShelfCommand.parseAsRoot(arguments)
      return nil
    } catch {
      return ShelfCommand.exitCode(for: error) == .success
        ? nil : oneLine(ShelfCommand.message(for: error))
    }
  }

  /// Options whose value is a number: a negative one after them is their
  /// value (refused by its own check), not an option ArgumentParser would
  /// report as a missing value.
  static let numericOptions: Set<String> = [
    "--seed", "--width", "--height", "--fps", "--animation-ms", "--seconds", "--every",
  ]

  /// `records` checked, a problem as a usage error.
  private static func check(_ records: ReadingOptions, help: String) throws(AppError) {
    do {
      try records.check()
    } catch {
      throw .usage(oneLine(String(describing: error)), help: help)
    }
  }

  /// The `--format` of `shelf frames`, read from `arguments`: the root's
  /// `--format` (the input's) takes its value before the subcommand sees it.
  private static func framesFormat(in arguments: [String]) throws(AppError) -> FramesFormat {
    var value: String?
    var index = arguments.startIndex
    while index < arguments.endIndex, arguments[index] != "--" {
      let token = arguments[index]
      if token == "--format", index + 1 < arguments.endIndex {
        value = arguments[index + 1]
        index += 1
      } else if token.hasPrefix("--format=") {
        value = String(token.dropFirst("--format=".count))
      }
      index += 1
    }
    guard let value else { return .text }
    do {
      return try Parse.choice(of: FramesFormat.self)(value)
    } catch {
      throw .usage(
        oneLine("the value '\(value)' is invalid for '--format <format>': \(error)"),
        help: "shelf frames --help")
    }
  }

  /// The options of `shelf` and `render` that take no value.
  static let flags: Set<String> = {
    let table = OptionTable.read()
    let declared = table.order.compactMap { name in
      table.options[name].flatMap { $0.isFlag ? "--" + name : nil }
    }
    // The flags the table leaves out (no config key), and the short ones.
    return Set(declared + ["--stream", "--version", "-V", "--help", "-h"])
  }()

  /// `arguments` with each file given alone (`shelf books.csv`, `shelf
  /// render books.csv`) written as `--catalog=books.csv`: a word that is
  /// neither an option nor an option's value. Other subcommands keep their
  /// own arguments.
  static func namingFiles(_ arguments: [String]) -> [String] {
    var result: [String] = []
    var index = arguments.startIndex
    if arguments.first == "render" {
      result.append("render")
      index += 1
    } else if let first = arguments.first,
      ShelfCommand.configuration.subcommands.contains(where: {
        $0.configuration.commandName == first
      }) || first == "help"
    {
      return arguments
    }
    var takesValue = false
    while index < arguments.endIndex {
      let token = arguments[index]
      index += 1
      if token == "--" { return result + arguments[(index - 1)...] }
      if takesValue {
        takesValue = false
        result.append(token)
      } else if token.hasPrefix("-") && token.count > 1 {
        takesValue = !token.contains("=") && !flags.contains(token)
        result.append(token)
      } else {
        result.append("--catalog=" + token)
      }
    }
    return result
  }

  /// `arguments` with the `--query` right after `--sqlite FILE` written as
  /// `--sql`: `shelf --sqlite DB --query SQL` is that database's query,
  /// while any other `--query` is the search prompt's.
  static func namingSQLiteQueries(_ arguments: [String]) -> [String] {
    var result: [String] = []
    var afterDatabase = false
    var index = arguments.startIndex
    while index < arguments.endIndex {
      let token = arguments[index]
      index += 1
      if token == "--" { return result + arguments[(index - 1)...] }
      if afterDatabase, token == "--query" || token.hasPrefix("--query=") {
        result.append("--sql" + token.dropFirst("--query".count))
      } else {
        result.append(token)
      }
      afterDatabase = false
      if token == "--sqlite", index < arguments.endIndex {
        result.append(arguments[index])
        index += 1
        afterDatabase = true
      } else if token.hasPrefix("--sqlite=") {
        afterDatabase = true
      }
    }
    return result
  }

  /// `arguments` with `--seed -1` written as `--seed=-1`.
  static func joiningNegativeNumbers(_ arguments: [String]) -> [String] {
    var result: [String] = []
    var index = arguments.startIndex
    while index < arguments.endIndex {
      let token = arguments[index]
      if token == "--" { return result + arguments[index...] }
      if numericOptions.contains(token), index + 1 < arguments.endIndex,
        arguments[index + 1].count > 1, arguments[index + 1].hasPrefix("-"),
        arguments[index + 1].dropFirst().first.map({ $0.isNumber || $0 == "." }) ?? false
      {
        result.append(token + "=" + arguments[index + 1])
        index += 2
      } else {
        result.append(token)
        index += 1
      }
    }
    return result
  }

  /// A help screen or completion script to print, or a usage error.
  private static func outcome(of error: any Error, arguments: [String]) throws(AppError)
    -> Command
  {
    if ShelfCommand.exitCode(for: error) == .success {
      return .print(ShelfCommand.fullMessage(for: error))
    }
    let subcommand = ShelfCommand.configuration.subcommands
      .map { $0.configuration.commandName ?? "" }
      .first { $0 == arguments.first }
    let helpCommand = ["shelf", subcommand, "--help"].compactMap(\.self).joined(separator: " ")
    throw .usage(oneLine(ShelfCommand.message(for: error)), help: helpCommand)
  }

  /// ArgumentParser's message as one line starting in lower case, like every
  /// other `shelf:` message, with anything the user typed made safe to show.
  static func oneLine(_ message: String) -> String {
    var line = message.split(whereSeparator: \.isNewline)
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .joined(separator: " ")
    if line.hasPrefix("Error: ") { line.removeFirst("Error: ".count) }
    if let first = line.first, first.isUppercase,
      line.dropFirst().first.map({ !$0.isUppercase }) ?? true
    {
      line = first.lowercased() + line.dropFirst()
    }
    return TerminalText.sanitized(line)
  }
}
