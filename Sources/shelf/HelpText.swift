/// `shelf --help`.
enum HelpText {
  static let usage = """
    usage: shelf [options]
           shelf render [--catalog FILE] [--width W] [--height H] [--color never]
           shelf frames A.json B.json [--width W] [--height H] [--fps N]
           shelf diff A.json B.json

    A table of carousels in the terminal: rows of cards that animate as the data
    changes. With no options, the bundled catalog with live demo updates.

    Sources:
      --catalog FILE        show a catalog of your own (JSON)
      --watch FILE          re-read FILE when it changes and animate the difference
      --stream              read one catalog per line (NDJSON) from stdin
      --no-live             no demo updates

    Demo updates (the bundled catalog, or --catalog with any of these):
      --rate RATE           slow (4 s), fast (1 s) or ludicrous (50 ms); default slow
      --churn CHURN         small, moderate or massive; default moderate
      --seed N              the demo's random seed, for a repeatable run

    Display:
      --color WHEN          auto, always or never; auto honours NO_COLOR
      --theme THEME         auto, dark or light colours; auto asks the terminal's background
      --animation-ms N      length of an animation; 0 turns animation off (default 300)
      --fps N               animation frames per second, 1 to 240 (default 60)
      --reduced-motion      changes appear without movement

    Commands:
      render                print the first screen as plain text (default 80x24)
      frames                print the animation from A to B as text frames,
                            separated by a line holding a form feed
      diff                  print the row and card changes from A to B as JSON

      -h, --help            this help
      -V, --version         the version

    Keys: arrows or h j k l move, Home/End or g/G first/last row, 0/$ first/last
    card, PgUp/PgDn, Enter details, / filter, space pause, . one update, ? help,
    q or Esc quit, Ctrl-L redraws the screen, Ctrl-Z suspends (fg resumes).
    Mouse: click focuses, the wheel scrolls.

    Exit status: 0 ok, 64 usage, 65 bad data, 66 missing input, 70 internal
    error, 74 I/O error.
    """
}
