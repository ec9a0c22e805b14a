#!/usr/bin/env python3
"""Finishes the man page swift-argument-parser's manual plugin wrote.

The plugin writes the root command's discussion as text lines inside
DESCRIPTION. `shelf`'s discussion (Sources/shelf/HelpText.swift) marks its
other sections with a line holding only capitals, and examples with lines
indented by two spaces. This moves those sections out of DESCRIPTION to stand
before EXIT STATUS, shows indented lines as a literal display, turns blank
lines into paragraph breaks (a blank line in an mdoc page is a warning), and
makes the synopsis's subcommand optional (`shelf` alone runs the screen).

Usage: finish-manual.py PAGE (rewritten in place).
"""

import re
import sys


def finish(lines):
    # The synopsis: `.Nm` then `.Ar subcommand`, which reads as required.
    out = []
    section = None
    for line in lines:
        if line.startswith(".Sh "):
            section = line[4:].strip('"').upper()
        if section == "SYNOPSIS" and line.strip() == ".Ar subcommand":
            line = ".Op Ar subcommand"
        out.append(line)
    lines = out

    start = next(i for i, line in enumerate(lines) if line.startswith(".Sh DESCRIPTION"))
    end = next(
        (i for i in range(start + 1, len(lines)) if lines[i].startswith((".Bl", ".Sh"))),
        len(lines))
    description, moved = [], []
    current = description
    literal = False
    for line in lines[start + 1:end]:
        text = line[2:] if line.startswith("\\&") else line
        if re.fullmatch(r"[A-Z][A-Z ]+[A-Z]", text.strip()) and not text.startswith(" "):
            if literal:
                current.append(".Ed")
                literal = False
            current = moved
            current.append('.Sh "%s"' % text.strip())
            continue
        if text.startswith("  "):
            if not literal:
                current.append(".Bd -literal -offset indent")
                literal = True
            current.append("\\&" + text[2:] if text[2:].startswith((".", "'")) else text[2:])
            continue
        if literal:
            current.append(".Ed")
            literal = False
        if text.strip() == "":
            if current and current[-1] != ".Pp" and not current[-1].startswith(".Sh"):
                current.append(".Pp")
            continue
        current.append(line)
    if literal:
        current.append(".Ed")
    while description and description[-1] == ".Pp":
        description.pop()
    if description and end < len(lines) and lines[end].startswith(".Bl"):
        description.append(".Pp")

    rest = lines[end:]
    exit_index = next(
        (i for i, line in enumerate(rest) if line.upper().startswith('.SH "EXIT STATUS"')
         or line.upper().startswith(".SH EXIT STATUS")),
        len(rest))
    page = lines[:start + 1] + description + rest[:exit_index] + moved + rest[exit_index:]
    # Blank lines left elsewhere (the subcommands' discussions): paragraph breaks.
    finished = []
    literal = False
    for line in page:
        literal = (literal or line.startswith(".Bd")) and not line.startswith(".Ed")
        if line.strip() == "" and not literal:
            if finished and not finished[-1].startswith((".Pp", ".Sh", ".Bl", ".It")):
                finished.append(".Pp")
            continue
        finished.append(line)
    return finished


def main():
    path = sys.argv[1]
    with open(path, encoding="utf-8") as page:
        lines = page.read().split("\n")
    trailing = lines and lines[-1] == ""
    if trailing:
        lines.pop()
    finished = finish(lines)
    with open(path, "w", encoding="utf-8") as page:
        page.write("\n".join(finished) + ("\n" if trailing else ""))


if __name__ == "__main__":
    main()
