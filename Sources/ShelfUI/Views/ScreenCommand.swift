/// What the backend should do after the screen handled a key.
public enum ScreenCommand: Hashable, Sendable {
  /// Nothing changed on screen.
  case none
  /// The screen changed: draw a frame.
  case redraw
  /// The user asked to leave.
  case quit
  /// Pause live updates, or resume them (space).
  case togglePause
  /// Apply exactly one live update (`.`, while paused).
  case stepOnce
  /// Show the next source alone, or all of them again after the last (Tab).
  case nextSource
  /// Show the previous source alone, or all of them again before the first (Shift-Tab).
  case previousSource
  /// Picking: print `pickedCards` and leave (Enter).
  case pick
  /// Picking: leave without printing anything (q, or Esc with nothing left to close).
  case cancel
  /// Copy the focused card to the clipboard (`y`).
  case copy
  /// Run the command bound to `actions.bindings[index]` on the focused card.
  case runBinding(Int)
}
