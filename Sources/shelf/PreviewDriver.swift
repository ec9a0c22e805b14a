import Dispatch
import ShelfSources
import ShelfUI

/// Runs `--preview`'s command for the card the preview pane shows: once
/// the focus has rested on it for `restDelay`, off the main queue; the run
/// for a card the focus left is stopped (its whole session killed), and
/// its output, if any came, dropped.
@MainActor
final class PreviewDriver {
  /// How long the focus rests on a card before its command starts.
  static let restDelay = DispatchTimeInterval.milliseconds(50)

  private let template: CardTemplate
  private let screen: ShelfScreen
  /// Called when the pane has new output to show.
  private let didChange: @MainActor () -> Void
  /// The card the pane shows, or waits for.
  private var card: PickedCard?
  /// The start that waits for the focus to rest.
  private var pending: DispatchWorkItem?
  /// The run under way, until its output is shown.
  private var running: PreviewCommand?
  /// Where the runs block, one after another (a run stopped for the next
  /// card ends at once). Serial: a global queue would start libdispatch's
  /// worker monitor, which then wakes the idle app every second.
  private let queue = DispatchQueue(label: "shelf.preview", qos: .userInitiated)

  /// A driver that runs `template` for `screen`'s preview card.
  init(template: CardTemplate, screen: ShelfScreen, didChange: @escaping @MainActor () -> Void) {
    self.template = template
    self.screen = screen
    self.didChange = didChange
  }

  /// Follows the screen's preview card (call after each frame): a new one
  /// stops the run for the last and starts its own after `restDelay`.
  func follow() {
    let subject = screen.previewCard
    guard subject != card else { return }
    stop()
    card = subject
    guard let subject else { return }
    screen.setPreview(.running, for: subject)
    didChange()  // the pane names the new card at once
    let start = DispatchWorkItem { [weak self] in
      MainActor.assumeIsolated { self?.start(subject) }
    }
    pending = start
    DispatchQueue.main.asyncAfter(deadline: .now() + Self.restDelay, execute: start)
  }

  /// Stops what waits or runs.
  func stop() {
    pending.take()?.cancel()
    running.take()?.stop()
  }

  /// Stops what waits or runs, and waits for the run's processes to be
  /// killed: the app is about to exit.
  func end() {
    pending.take()?.cancel()
    running.take()?.stopAndWait()
  }

  private func start(_ subject: PickedCard) {
    guard subject == card else { return }
    pending = nil
    let command = PreviewCommand(command: template.command(for: subject))
    running = command
    queue.async {
      let ending = command.run(
        byteLimit: PreviewText.byteLimit, lineLimit: PreviewText.lineLimit,
        progress: { bytes in
          let output = PreviewOutput.partial(PreviewText(bytes))
          DispatchQueue.main.async {
            MainActor.assumeIsolated { [weak self] in self?.show(output, of: command, for: subject)
            }
          }
        })
      guard let ending else { return }  // stopped: the focus moved on
      let output = Self.output(of: ending)
      DispatchQueue.main.async {
        MainActor.assumeIsolated { [weak self] in self?.finish(command, output, for: subject) }
      }
    }
  }

  private func finish(_ command: PreviewCommand, _ output: PreviewOutput, for subject: PickedCard) {
    guard running === command else { return }
    running = nil
    screen.setPreview(output, for: subject)
    didChange()
  }

  /// Output so far of the run under way.
  private func show(_ output: PreviewOutput, of command: PreviewCommand, for subject: PickedCard) {
    guard running === command else { return }
    screen.setPreview(output, for: subject)
    didChange()
  }

  /// What the pane shows for `ending`, read off the main queue.
  nonisolated static func output(of ending: PreviewCommand.Ending) -> PreviewOutput {
    switch ending {
    case .failed(let problem):
      return .failed(TerminalText.sanitized(problem), .empty)
    case .output(let bytes, let isCut, let status, let lastErrorLine):
      let text = PreviewText(bytes, isCut: isCut)
      guard status != 0 else { return .finished(text) }
      return .failed(lastErrorLine.isEmpty ? "exited with status \(status)" : lastErrorLine, text)
    }
  }
}
