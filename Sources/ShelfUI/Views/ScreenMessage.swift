/// A note in the message area above the key hint, wrapped over up to three
/// lines; it stays until replaced, cleared, or dismissed with Esc, and a
/// warning also leaves by itself after `ShelfScreen.warningLifetime`.
public struct ScreenMessage: Hashable, Sendable {
  /// How serious the note is, which picks its colour.
  public enum Kind: Hashable, Sendable {
    case warning, error
  }

  /// The whole text (position, JSON path and reason for a catalog error).
  public var text: String
  /// Warning or error.
  public var kind: Kind

  /// A note of `kind` saying `text`.
  public init(_ text: String, kind: Kind) {
    self.text = text
    self.kind = kind
  }

  /// An error note (a version of a watched file or stream that does not load).
  public static func error(_ text: String) -> ScreenMessage { ScreenMessage(text, kind: .error) }

  /// A warning note (a catalog that loaded, with duplicate ids).
  public static func warning(_ text: String) -> ScreenMessage {
    ScreenMessage(text, kind: .warning)
  }
}

/// A message as the message log keeps it: which source said it, and when.
public struct LoggedMessage: Hashable, Sendable {
  /// The message.
  public var message: ScreenMessage
  /// The name of the source it is about (`books.json`, a command).
  public var source: String
  /// When it came, as the app words the time (`15:03:12`): ShelfUI reads no clock.
  public var time: String

  /// A logged `message` from `source` at `time`.
  public init(_ message: ScreenMessage, source: String, time: String) {
    self.message = message
    self.source = source
    self.time = time
  }
}
