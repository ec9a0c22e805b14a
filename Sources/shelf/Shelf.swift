import Foundation
import ShelfTerminal

/// The `shelf` command: arguments, wiring and exit codes.
@main
struct Shelf {
  static let version = "0.1.0"

  @MainActor
  static func main() {
    let arguments = Array(CommandLine.arguments.dropFirst())
    do {
      try run(arguments: arguments)
    } catch {
      fail(error)
    }
  }

  @MainActor
  private static func run(arguments: [String]) throws(AppError) {
    switch try Arguments.parse(arguments) {
    case .print(let text):
      print(text)
    case .version:
      print("shelf \(version)")
    case .run(var options):
      options.sources = ShelfCommand.readingPipedStdin(options.sources)
      if options.isStreaming && isatty(STDIN_FILENO) == 1 {
        throw .usage("--stream reads catalogs from stdin: pipe them in (producer | shelf --stream)")
      }
      let noColor = ProcessInfo.processInfo.environment["NO_COLOR"].map { !$0.isEmpty } ?? false
      try InteractiveSession.run(options, isNoColorSet: noColor)
    case .render(var options):
      options.sources = ShelfCommand.readingPipedStdin(options.sources)
      try Headless.render(options)
    case .filter(var options):
      options.sources = ShelfCommand.readingPipedStdin(options.sources)
      // As `fzf --filter`: 1 when nothing matches.
      if try !Headless.filter(options) { exit(1) }
    case .frames(let options):
      try Headless.frames(options)
    case .diff(let from, let to):
      try Headless.diff(from: from, to: to)
    case .record(let options):
      try Recorder.record(options)
    }
  }

  /// Prints `shelf: message` on stderr and exits with the error's code; the
  /// terminal has been given back already.
  static func fail(_ error: AppError) -> Never {
    FileHandle.standardError.write(Data("shelf: \(error)\n".utf8))
    exit(error.exitCode)
  }
}
