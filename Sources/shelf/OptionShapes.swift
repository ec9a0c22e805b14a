import ArgumentParser

// The shapes shelf's options take, declared once: a long name, the name of
// its value and a help line; a choice's values listed in its help and
// offered to shell completion, its default said there too.
extension Option {
  /// `--name <valueName>`, with no default.
  init<T: ExpressibleByArgument>(_ name: String, valueName: String, help: String)
  where Value == T? {
    self.init(name: .customLong(name), help: ArgumentHelp(help, valueName: valueName))
  }

  /// `--name <valueName>`, repeating.
  init<T: ExpressibleByArgument>(
    wrappedValue: [T], _ name: String, valueName: String, help: String
  ) where Value == [T] {
    self.init(
      wrappedValue: wrappedValue, name: .customLong(name),
      help: ArgumentHelp(help, valueName: valueName))
  }

  /// `--name <valueName>`, repeating, each read by `transform`.
  init<T>(
    wrappedValue: [T], _ name: String, valueName: String, help: String,
    transform: @escaping @Sendable (String) throws -> T
  ) where Value == [T] {
    self.init(
      wrappedValue: wrappedValue, name: .customLong(name),
      help: ArgumentHelp(help, valueName: valueName), transform: transform)
  }

  /// `--name <valueName>`, read by `transform`, with no default.
  init<T>(
    _ name: String, valueName: String, help: String,
    transform: @escaping @Sendable (String) throws -> T
  ) where Value == T? {
    self.init(
      name: .customLong(name), help: ArgumentHelp(help, valueName: valueName),
      transform: transform)
  }

  /// `--name <valueName>`: one of `Value`'s cases by name, `wrappedValue`
  /// unless given.
  init(
    wrappedValue: Value, _ name: String, valueName: String? = nil, choosing help: String
  ) where Value: RawRepresentable & CaseIterable & Sendable, Value.RawValue == String {
    self.init(
      wrappedValue: wrappedValue, name: .customLong(name),
      help: ArgumentHelp(
        "\(help) \(Parse.values(of: Value.self, default: wrappedValue))", valueName: valueName),
      completion: Parse.completion(of: Value.self), transform: Parse.choice(of: Value.self))
  }

  /// `--name`: one of `T`'s cases by name, with no default; `defaultCase`
  /// names the one that stands when none is given, in the help only.
  init<T: RawRepresentable & CaseIterable & Sendable>(
    _ name: String, valueName: String? = nil, choosing help: String, defaultCase: T? = nil
  ) where Value == T?, T.RawValue == String {
    self.init(
      name: .customLong(name),
      help: ArgumentHelp(
        "\(help) \(Parse.values(of: T.self, default: defaultCase))", valueName: valueName),
      completion: Parse.completion(of: T.self), transform: Parse.choice(of: T.self))
  }
}
