/// Values kept from one frame to the next by key. A frame asks for what it
/// needs; `endFrame()` then lets go of everything that frame did not ask for,
/// so what is kept follows the screen, not the data behind it.
struct FrameCache<Key: Hashable, Value> {
  /// What the last frame used.
  private var kept: [Key: Value] = [:]
  /// What this frame has used so far.
  private var used: [Key: Value] = [:]

  /// The value for `key`: the kept one if `isCurrent` accepts it, else a new
  /// one from `make`.
  mutating func value(
    for key: Key, isCurrent: (Value) -> Bool, make: () -> Value
  ) -> Value {
    if let value = used[key] ?? kept[key], isCurrent(value) {
      used[key] = value
      return value
    }
    let value = make()
    used[key] = value
    return value
  }

  /// Ends a frame: what it used is kept for the next one, the rest let go.
  mutating func endFrame() {
    swap(&kept, &used)
    used.removeAll(keepingCapacity: true)
  }

  /// How many values the last frame kept.
  var count: Int { kept.count }
}
