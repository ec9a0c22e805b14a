import ShelfUI

/// The names several sources go by in the status line, the header and the
/// message log: each short enough to sit beside the others (24 columns) and
/// told apart from them. Names cut the same (twenty URLs that differ only in
/// their port or path) show from the separator before where they differ:
/// `…:18104/catalog`.
enum SourceNames {
  /// How wide one name may be among several.
  static let width = 24

  /// The short, distinct form of each of `names`, in order.
  static func distinct(_ names: [String]) -> [String] {
    let safe = names.map(TerminalText.sanitized)
    let cut = safe.map { TerminalText.truncated($0, toWidth: width) }
    var counts: [String: Int] = [:]
    for name in cut { counts[name, default: 0] += 1 }
    return safe.indices.map { index in
      guard counts[cut[index], default: 0] > 1 else { return cut[index] }
      let name = safe[index]
      let shared =
        safe.indices.filter { $0 != index }.map {
          zip(name, safe[$0]).prefix { $0 == $1 }.count
        }.max() ?? 0
      // The same name twice: numbered by its place.
      guard shared < name.count else { return cut[index] + " #\(index + 1)" }
      var start = name.index(name.startIndex, offsetBy: shared)
      while start > name.startIndex, !separators.contains(name[name.index(before: start)]) {
        name.formIndex(before: &start)
      }
      if start > name.startIndex { name.formIndex(before: &start) }
      guard start > name.startIndex else { return cut[index] }
      return TerminalText.truncated("…" + name[start...], toWidth: width)
    }
  }

  /// Where a name is read in parts: a path's, a URL's or a command's.
  private static let separators: Set<Character> = ["/", ":", ".", "?", "&", "=", " ", "-", "_"]
}
