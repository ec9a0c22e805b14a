import Foundation
import ShelfCatalog
import ShelfUI

/// One source of catalogs named on the command line.
enum SourceSpec: Hashable, Sendable {
  /// No source option: the catalog bundled with Shelf.
  case bundled
  /// `--catalog FILE` (`-` for stdin): read once.
  case catalog(String)
  /// `--watch FILE`: read again whenever it changes.
  case watch(String)
  /// `--stream`: one catalog per line on stdin.
  case stream
  /// `--exec COMMAND`: the catalog a command prints, again every interval.
  case exec(String)
  /// `--url URL`: a catalog fetched over HTTP(S), again every interval.
  case url(String)
  /// `--sqlite FILE --query SQL` (or `--sql`): a query's rows, again after each change.
  case sqlite(path: String, query: String)

  /// How the status line, the header and messages name the source: a file's
  /// last path component, `stdin`, the command as typed, or the URL (its
  /// password written `***`). Made safe to show by whoever draws it.
  var name: String {
    switch self {
    case .bundled: "Shelf"
    case .catalog("-"), .stream: "stdin"
    case .catalog(let path), .watch(let path), .sqlite(let path, _):
      URL(fileURLWithPath: path).lastPathComponent
    case .exec(let command): command
    case .url(let url): CatalogSource.withoutPassword(url)
    }
  }

  /// Whether the source can change after the first screen.
  var isLive: Bool {
    switch self {
    case .bundled, .catalog: false
    case .watch, .stream, .exec, .url, .sqlite: true
    }
  }

  /// How often a command runs or a URL is fetched when `--every` is not given.
  var defaultInterval: Duration {
    if case .url = self { return .seconds(30) }
    return .seconds(5)
  }
}
