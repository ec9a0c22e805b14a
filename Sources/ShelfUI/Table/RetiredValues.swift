/// Old values a `ShelfScreen`'s table no longer needs (ended transitions,
/// replaced layouts): freeing them is the only thing left to do, wherever suits.
public struct RetiredValues: Sendable {
  let values: [any Sendable]
}
