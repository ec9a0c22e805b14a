import ArgumentParser
import Foundation
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
  var format: FramesFormat = .text
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
  static func parse(_ typed: [String]) throws(AppError) -> Command {
    let arguments = joiningNegativeNumbers(typed)
    let parsed: any ParsableCommand
    do {
      parsed = try ShelfCommand.parseAsRoot(arguments)
    } catch {
      return try outcome(of: error, arguments: arguments)
    }
    switch parsed {
    case let root as ShelfCommand:
      return root.version ? .version : .run(root.options(arguments: arguments))
    case let render as RenderCommand:
      let sources = render.sources.sources(in: arguments)
      return .render(
        RenderOptions(
          sources: sources.isEmpty ? [.bundled] : sources, every: render.sources.every,
          urlMemory: render.sources.urlMemory, size: render.size.size))
    case let frames as FramesCommand:
      return .frames(
        FramesOptions(
          fromPath: frames.from, toPath: frames.to,
          others: frames.sources.sources(in: arguments), every: frames.sources.every,
          urlMemory: frames.sources.urlMemory,
          size: frames.size.size,
          framesPerSecond: frames.display.framesPerSecond ?? 30,
          animationMilliseconds: frames.display.animationMilliseconds,
          isReducedMotion: frames.display.isReducedMotion, colorMode: frames.display.color,
          format: frames.format))
    case let diff as DiffCommand:
      return .diff(from: diff.from, to: diff.to)
    case let record as RecordCommand:
      return .record(
        RecordOptions(
          run: RunOptions(
            sources: record.sources, demo: record.demo, display: record.display,
            arguments: arguments),
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

  /// Options whose value is a number: a negative one after them is their
  /// value (refused by its own check), not an option ArgumentParser would
  /// report as a missing value.
  static let numericOptions: Set<String> = [
    "--seed", "--width", "--height", "--fps", "--animation-ms", "--seconds", "--every",
  ]

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
