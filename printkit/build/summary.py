"""What a build did, told in a few lines for people.

Takes: per pack, the files written with their pages and how many files were already up to date,
and the output folder.
Returns: the lines `printkit build` ends with: per pack a line saying how many files were written
(or that it was up to date), then, indented and aligned, each PDF with its pages (and a kit's ink
coverage without and with --ink-saver) and each folder of images with its files; under a CMYK file,
the largest colour shift of each component it prints; last, the output folder.
"""

from __future__ import annotations

import os
import textwrap
from dataclasses import dataclass, field
from pathlib import Path

from printkit.base.errors import Problem, counted, display_path, plural
from printkit.build.jobs import ColourShifts, Written

VISIBLE = 1.0  # a colour shift (CIEDE2000) a reader can just see side by side


@dataclass(frozen=True)
class PackBuilt:
    """One pack's part of a build."""

    pack: str
    written: list[Written]
    up_to_date: int  # the files of its outputs whose inputs had not changed
    left_out: dict[Path, int] = field(
        default_factory=dict
    )  # of a kit's PDF: the components --only or --changed-since left out
    problems: list[Problem] = field(default_factory=list)  # why it was not built: none of its files were written


def summary_lines(packs: list[PackBuilt], out: Path) -> list[str]:
    rows = {pack.pack: _rows(pack.written, out / pack.pack, pack.left_out) for pack in packs}
    every_row = [row for pack_rows in rows.values() for row in pack_rows]
    name_width = max((len(name) for name, _, _, _ in every_row), default=0)
    number_width = max((len(str(number)) for _, number, _, _ in every_row), default=0)
    lines = []
    for pack in packs:
        if pack.problems:
            lines.append(f"{pack.pack}: not built, {_why(pack.problems)}; its earlier files are as they were")
            continue
        lines.append(f"{pack.pack}: {_done(len(pack.written), pack.up_to_date)}")
        lines += [
            f"  {name:<{name_width}}  {number:>{number_width}} {plural(unit, number)}{besides}"
            for name, number, unit, besides in rows[pack.pack]
        ]
        lines += [line for file in pack.written if file.shifts for line in _shift_lines(file.path.name, file.shifts)]
    lines.append(f"output: {display_path(out)}{os.sep}")
    return lines


def _shift_lines(name: str, shifts: ColourShifts) -> list[str]:
    """A CMYK file's colour shifts: the components whose largest shift is one colour's, the largest
    first, and how many components shift less than a reader can see, wrapped to the screen."""
    by_colour: dict[tuple[float, str], list[str]] = {}
    for component, (shift, colour) in shifts.shifts.items():
        if shift >= VISIBLE:
            by_colour.setdefault((round(shift, 1), colour), []).append(component)
    still = sum(1 for shift, _ in shifts.shifts.values() if shift < VISIBLE)
    lines = [f"  {name}: each component's largest colour shift ({shifts.condition}, CIEDE2000)"]
    for (shift, colour), components in sorted(by_colour.items(), key=lambda item: (-item[0][0], item[0][1])):
        text = f"{shift:4.1f} {colour}: {', '.join(sorted(components))}"
        lines += textwrap.wrap(
            text, width=100, initial_indent="    ", subsequent_indent="      ", break_on_hyphens=False
        )
    if still:
        lines.append(f"    under {VISIBLE:.0f}: {counted(still, 'component')}")
    return lines


def _why(problems: list[Problem]) -> str:
    """A failed pack's problems in a few words: how many, in which of its files (printed above)."""
    files = list(dict.fromkeys(problem.file for problem in problems))
    return f"{counted(len(problems), 'problem')} in {', '.join(files)} (above)"


def _done(written: int, up_to_date: int) -> str:
    files = f"{counted(written, 'file')} written"
    if not up_to_date:
        return files if written else "nothing to write"
    up_to_date_files = counted(up_to_date, "file")
    return f"{files}, {up_to_date_files} up to date" if written else f"up to date ({up_to_date_files})"


def _rows(written: list[Written], folder: Path, left_out: dict[Path, int]) -> list[tuple[str, int, str, str]]:
    """Each PDF with its pages (and the components left out of it), each folder of images with its
    files, and any other file beside the PDFs (a rulebook's HTML) on its own, named within the pack's folder."""
    rows: dict[str, tuple[int, str, str]] = {}
    for file in written:
        if file.pages is None:
            beside = file.path.parent == folder
            name = file.path.name if beside else f"{file.path.parent.relative_to(folder)}{os.sep}"
            rows[name] = (rows.get(name, (0, "", ""))[0] + 1, "file", "")
        else:
            notes = [f"{counted(left_out[file.path], 'component')} left out"] if file.path in left_out else []
            if file.ink is not None:
                notes.append(f"ink {file.ink[0]:.0f} % -> {file.ink[1]:.0f} %")
            besides = f" ({', '.join(notes)})" if notes else ""
            rows[str(file.path.relative_to(folder))] = (file.pages, "page", besides)
    return [(name, number, unit, besides) for name, (number, unit, besides) in rows.items()]
