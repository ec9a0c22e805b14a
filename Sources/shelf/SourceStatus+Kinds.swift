import ShelfUI

/// The words the status line and the message log use for each kind of
/// source the command line names: the screen's status knows none of them.
extension SourceStatus {
  /// The demo generator: running, or paused with the screen.
  static let demo = SourceStatus(name: "demo", state: .live, liveWord: "running")

  /// A watched file, by name: its last version was valid or not.
  static func watching(_ name: String, isValid: Bool) -> SourceStatus {
    SourceStatus(
      name: name, state: isValid ? .live : .failing, activity: "watching", liveWord: "watching",
      failureWord: "invalid")
  }

  /// A stream, by name: still open, or ended.
  static func streaming(_ name: String, isOpen: Bool) -> SourceStatus {
    SourceStatus(name: name, state: isOpen ? .live : .ended, liveWord: "open")
  }

  /// A command run again and again (`--exec`): its last run gave a catalog or failed.
  static func running(_ name: String, isValid: Bool) -> SourceStatus {
    SourceStatus(
      name: name, state: isValid ? .live : .failing, activity: "running", nameWidth: 32)
  }

  /// A URL fetched again and again (`--url`): its last fetch gave a catalog
  /// (or nothing new) or failed.
  static func fetching(_ name: String, isValid: Bool) -> SourceStatus {
    SourceStatus(
      name: name, state: isValid ? .live : .failing, activity: "fetching", nameWidth: 40)
  }

  /// A database queried again after each change (`--sqlite`): its last
  /// query gave a catalog or failed.
  static func querying(_ name: String, isValid: Bool) -> SourceStatus {
    SourceStatus(name: name, state: isValid ? .live : .failing, activity: "querying")
  }

  /// A source that failed at start and never changes (`--catalog`), by name;
  /// only shown beside others, since a lone source that fails ends the app.
  static func failed(_ name: String) -> SourceStatus {
    SourceStatus(name: name, state: .failing, canChange: false)
  }
}
