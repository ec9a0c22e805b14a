import ArgumentParser
import Foundation
import ShelfCatalog
import ShelfCovers
import ShelfSources
import ShelfTerminal
import ShelfUI

/// How cards show their `image`: shared by `shelf` and `render`.
enum ImagesMode: String, CaseIterable, Sendable {
  /// Covers when any card has an image: as pictures at rest in a terminal
  /// that speaks the kitty graphics protocol, else as cells.
  case auto
  /// Covers as character cells.
  case cells
  /// Covers as pictures at rest (the kitty graphics protocol), as cells
  /// while anything moves.
  case kitty
  /// No cover area.
  case none
}

/// The cover options: shared by `shelf` and `render`.
struct CoverOptions: ParsableArguments {
  @Option(
    "images", valueName: "mode",
    choosing: "Cards with an image show it as a cover above their text, in character cells; with"
      + " kitty, as pictures at rest (auto: in kitty, or a terminal that answers kitty's"
      + " graphics query, outside tmux).")
  var images: ImagesMode = .auto

  @Option(
    "cover-lines", valueName: "n",
    help: "Lines of each card's cover, 1 to 60 (default: a 2:3 cover at the card width).",
    transform: Parse.number(in: 1...60))
  var coverLines: Int?

  /// The settings these options give.
  var settings: CoverSettings { CoverSettings(mode: images, lines: coverLines) }
}

/// What the cover options ask for.
struct CoverSettings: Equatable, Sendable {
  var mode: ImagesMode = .auto
  /// `--cover-lines`; nil for the default at the screen's size.
  var lines: Int?

  /// Lines of the cover area on a screen of `size` showing `catalogs`: 0
  /// when covers are off or no card has an image.
  func coverLines(showing catalogs: [Catalog], size: Size) -> Int {
    guard mode != .none, catalogs.contains(where: Self.hasImages) else { return 0 }
    return lines ?? Metrics.defaultCoverLines(forScreenSize: size)
  }

  /// Whether covers at rest are drawn as pictures with the kitty graphics
  /// protocol in a terminal with `environment`: asked for, or `auto` in
  /// kitty itself (not through tmux, which does not pass the pictures on).
  func drawsPictures(environment: [String: String]) -> Bool {
    switch mode {
    case .kitty: return true
    case .cells, .none: return false
    case .auto:
      let isKitty =
        environment["TERM"] == "xterm-kitty" || !(environment["KITTY_WINDOW_ID"] ?? "").isEmpty
      return isKitty && (environment["TMUX"] ?? "").isEmpty
    }
  }

  /// Whether to ask the terminal if it shows kitty pictures: `auto` where
  /// the environment does not say it is kitty, outside tmux, when `catalogs`
  /// have images (WezTerm, Ghostty and kitty over ssh answer).
  func asksForPictures(environment: [String: String], showing catalogs: [Catalog]) -> Bool {
    mode == .auto && !drawsPictures(environment: environment)
      && (environment["TMUX"] ?? "").isEmpty && catalogs.contains(where: Self.hasImages)
  }

  private static func hasImages(_ catalog: Catalog) -> Bool {
    catalog.sections.contains { section in
      section.rows.contains { row in row.items.contains { $0.image != nil } }
    }
  }

  /// The directory relative cover paths start from: the first catalog
  /// file's (the current directory for other sources). With several
  /// sources each one's paths are resolved from its own folder as its
  /// catalog is read (`SourceNamespace.image(_:)`).
  static func imageDirectory(of specs: [SourceSpec]) -> String {
    specs.lazy.compactMap(imageDirectory(of:)).first ?? ""
  }

  /// The folder `spec`'s relative cover paths start from, as an absolute
  /// path (so that no other source's folder is put before it): its catalog
  /// file's, the current one for a source that is not a file.
  static func absoluteImageDirectory(of spec: SourceSpec) -> String {
    let directory = imageDirectory(of: spec) ?? ""
    guard !directory.hasPrefix("/") else { return directory }
    let current = FileManager.default.currentDirectoryPath
    return directory.isEmpty ? current : current + "/" + directory
  }

  /// The folder of `spec`'s catalog file ("" for the current one); nil for
  /// a source that is not a file.
  static func imageDirectory(of spec: SourceSpec) -> String? {
    switch spec {
    case .catalog(let path), .watch(let path):
      guard path != "-", let slash = path.lastIndex(of: "/") else { return "" }
      return slash == path.startIndex ? "/" : String(path[..<slash])
    default: return nil
    }
  }

  /// Reads cover `image`: an http(s) URL from the disk cache, else fetched
  /// with `--url`'s bounds (and kept there); else a file relative to `directory`.
  static func loader(directory: String, cache: CoverDiskCache?) -> CoverCache.Load {
    let budget = MemoryBudget(bytes: 4 * PictureFetch.defaultLimit)
    return { image throws(CoverError) in
      guard image.hasPrefix("http://") || image.hasPrefix("https://") else {
        return try CoverFile.read(CoverFile.path(of: image, relativeTo: directory))
      }
      if let kept = cache?.bytes(of: image) { return kept }
      switch PictureFetch.fetch(image, budget: budget) {
      case .success(let bytes):
        cache?.store(bytes, of: image)
        return bytes
      case .failure(let failure):
        throw .unavailable(failure.description)
      }
    }
  }

  /// The disk cache of fetched covers, in `$XDG_CACHE_HOME/shelf/covers`.
  static var diskCache: CoverDiskCache? {
    CoverDiskCache.standardDirectory(environment: ProcessInfo.processInfo.environment).map {
      CoverDiskCache(directory: $0)
    }
  }
}

extension CoverColors {
  /// The colours of a terminal drawing in `depth`.
  init(_ depth: ColorDepth) {
    switch depth {
    case .monochrome: self = .none
    case .ansi8: self = .ansi8
    case .palette256, .direct: self = .palette256
    }
  }
}
