/// Where catalog bytes came from, as named in messages.
public enum CatalogSource: Hashable, Sendable, CustomStringConvertible {
  /// A file, named by the path it was opened with.
  case file(String)
  /// The whole of standard input (`--catalog -`).
  case standardInput
  /// One line of an NDJSON stream (`--stream`), numbered from 1.
  case streamLine(Int, stream: String = "stdin")
  /// Bytes handed over in memory, under a name for messages.
  case named(String)
  /// The standard output of a shell command (`--exec`).
  case command(String)
  /// The body of an HTTP(S) response (`--url`).
  case url(String)

  /// `catalog.json`, `stdin` or `stdin, line 4`.
  public var description: String {
    switch self {
    case .file(let path): MessageText.safe(path)
    case .standardInput: "stdin"
    case .streamLine(let line, let stream): "\(MessageText.safe(stream)), line \(line)"
    case .named(let name): MessageText.safe(name)
    case .command(let command): "command " + MessageText.quoted(command)
    case .url(let url): MessageText.safe(Self.withoutPassword(url))
    }
  }

  /// A short name for a catalog's title: a file's last path component,
  /// `stdin`, the command or the URL as given.
  public var shortName: String {
    switch self {
    case .file(let path):
      String(path.split(separator: "/", omittingEmptySubsequences: true).last ?? Substring(path))
    case .standardInput: "stdin"
    case .streamLine(_, let stream): stream
    case .named(let name), .command(let name), .url(let name): name
    }
  }

  /// `url` as messages, the status line and the log show it: a password in
  /// it written `***` (`https://ann:***@example.com/x`).
  public static func withoutPassword(_ url: String) -> String {
    MessageText.withoutPassword(url)
  }
}
