/// A link that, while it tells its observers a delta, can also hand them the
/// placement that delta stands for, already worked out: a downstream link
/// whose own work needs the placement (a `Map` does) takes it instead of
/// reading the delta again. Only links of this module conform, and only
/// while `send` runs is the placement set: it is the told delta's exactly.
protocol PlacementTelling: AnyObject {
  /// The placement of the delta being told to observers right now, or nil
  /// (no change being told, or none worked out).
  var placementBeingTold: Placement? { get }
}
