import Foundation
import ShelfCatalog
import ShelfContentMapping
import ShelfUI

/// The commands that need no terminal: `render`, `frames` and `diff`.
@MainActor
enum Headless {
  /// `shelf render`: the first screen as plain text.
  static func render(_ options: RenderOptions) throws(AppError) {
    try checkSize(options.size)
    let loaded = try load(options.catalogPath)
    let canvas = ShelfScreen.renderFirstScreen(
      content: ShelfContent(loaded.catalog), size: options.size)
    writeStandardOutput(TextBackend.text(of: canvas) + "\n")
  }

  /// `shelf frames`: the animation from A to B, frames separated by a form feed line.
  static func frames(_ options: FramesOptions) throws(AppError) {
    try checkSize(options.size)
    let first = try load(options.fromPath)
    let second = try load(options.toPath)
    var configuration = ScreenConfiguration()
    if let milliseconds = options.animationMilliseconds {
      configuration.animationDuration = UInt64(milliseconds)
    }
    let frames = ShelfScreen.frames(
      from: ShelfContent(first.catalog), to: ShelfContent(second.catalog), size: options.size,
      framesPerSecond: options.framesPerSecond, configuration: configuration)
    writeStandardOutput(TextBackend.transcript(of: frames) + "\n")
  }

  /// `shelf diff`: the row and card changes from A to B as JSON.
  static func diff(from: String, to: String) throws(AppError) {
    let first = try load(from)
    let second = try load(to)
    writeStandardOutput(CatalogDiff(from: first.catalog, to: second.catalog).json)
  }

  /// A screen below the minimum size would print only a notice: say so on
  /// stderr, whole, as a usage error.
  private static func checkSize(_ size: Size) throws(AppError) {
    let minimum = Metrics.minimumSize
    guard size.width < minimum.width || size.height < minimum.height else { return }
    throw .usage(
      "terminal too small (needs \(minimum.width) x \(minimum.height)):"
        + " --width \(size.width) --height \(size.height)")
  }

  /// Loads the catalog at `path` (the bundled one for nil), printing its
  /// warnings on stderr; `regularFileOnly` refuses a FIFO, device or socket.
  static func load(_ path: String?, regularFileOnly: Bool = false) throws(AppError)
    -> LoadedCatalog
  {
    let loaded: LoadedCatalog
    do {
      if let path {
        loaded = try CatalogLoader.load(contentsOf: path, regularFileOnly: regularFileOnly)
      } else {
        loaded = try CatalogLoader.bundled()
      }
    } catch {
      throw AppError(error)
    }
    for line in loaded.warningLines {
      FileHandle.standardError.write(Data("shelf: warning: \(line)\n".utf8))
    }
    return loaded
  }

  /// Writes `text` to stdout. A reader that went away (`| head`) ends the
  /// process as SIGPIPE would, quietly with 141; any other failure (a full
  /// disk, a closed descriptor) is one line on stderr and exit 74. FileHandle
  /// would trap on both.
  private static func writeStandardOutput(_ text: String) {
    var failure: Int32 = 0
    Array(text.utf8).withUnsafeBytes { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = write(STDOUT_FILENO, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          failure = errno
          return
        }
        offset += written
      }
    }
    if failure == EPIPE { exit(128 + SIGPIPE) }
    if failure != 0 {
      Shelf.fail(.io("cannot write to stdout: \(String(cString: strerror(failure)))"))
    }
  }
}

extension AppError {
  /// A catalog that could not be loaded, with its own exit code.
  init(_ error: CatalogError) {
    switch error.exitCode {
    case 66: self = .missingInput(error.description)
    case 74: self = .io(error.description)
    default: self = .badData(error.description)
    }
  }
}
