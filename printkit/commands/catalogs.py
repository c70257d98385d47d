"""`printkit i18n`: the translator's commands over a pack's gettext catalogs.

Takes: loaded packs and the subcommand's options.
Returns: files written (a new locale declared in pack.yaml with its catalogs, the template, merged
catalogs, the pack's catalog of printkit's own words, XLIFF, the glossary as TBX and CSV, a pseudo-locale kit), a counts table,
or raises `Problems` for everything `check` finds: untranslated and fuzzy strings (printkit's own
words among them), placeholders a
translation lost or added, glossary terms translated differently, text that overflows its box in
that locale and glyphs the font lacks (both measured by laying the kit out), and inline icons
printkit does not have in the translated rulebook.
"""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path

import polib
import yaml

from printkit.base.confine import Refused, read_bytes, read_text, writable
from printkit.base.errors import Problem, Problems, UsageError, display_path, writing
from printkit.build.jobs import build_jobs
from printkit.build.lock import holding, remove_leftovers
from printkit.build.output_folder import apart
from printkit.build.outputs.base import BuildOptions, kind_folders
from printkit.build.pipeline import lay_out
from printkit.build.staging import atomic_target
from printkit.content.load import PACK_FILE
from printkit.content.message_key import MessageKey
from printkit.content.pack import Pack
from printkit.content.read import load_checked
from printkit.content.source import MAX_FILE_BYTES, YAML_LINE_BREAK, Loader
from printkit.faces.richtext import capacity
from printkit.i18n import words
from printkit.i18n.extract import Boxes, catalog_path, message_folder, messages, template, template_path, typical_texts
from printkit.i18n.merge import entries, entry_key, merge, unit_id
from printkit.i18n.po_check import MAX_CATALOG_BYTES, load_catalog, read_catalog
from printkit.i18n.po_file import REVIEWED, forms, has_translation, is_reviewed, po_text
from printkit.i18n.pseudo import CODE as PSEUDO
from printkit.i18n.terminology import glossary_csv, glossary_tbx
from printkit.i18n.translate import counts, entry_problems, missing_problems, translate
from printkit.i18n.xliff import exported_as, from_xliff, to_xliff
from printkit.layout.pieces import draw_pieces

MAX_XLIFF_BYTES = 20 * 1024 * 1024


def target_locales(pack: Pack, wanted: list[str] | None = None) -> list[str]:
    locales = [lang for lang in pack.meta.locales if lang != pack.meta.language]
    return [lang for lang in locales if not wanted or lang in wanted]


def measured_boxes(pack: Pack) -> Boxes:
    """The text boxes of the pack's components, measured by drawing them in the source language, each
    with how many characters of typical text of that language it holds: printkit's own words in it,
    the same whatever the pack's texts are, so a box's limit stays when another text changes. A
    pack-wide text (a back's subtitle) has the tightest of the boxes it is printed in."""
    boxes: Boxes = {}
    draw_pieces(pack, pack.meta.language, 0.0, boxes=boxes)
    samples = typical_texts(words.texts(pack.meta.language))
    measured: Boxes = {}
    for key, box in boxes.items():
        box = box._replace(capacity=capacity(box.width, box.height, box.font, box.min_size, box.max_lines, samples))
        if key.kind == "pack":  # a pack-wide text, in its box on one component: its tightest box is its room
            key = MessageKey.of("pack", key.field_path)
            if key in measured and measured[key].capacity <= box.capacity:
                continue
        measured[key] = box
    return measured


def _write(pack: Pack, path: Path, data: bytes) -> None:
    """A file of the pack's locales/ written in place, never through a folder linked out of the pack."""
    try:
        writable(pack.root, path)
    except Refused as refused:
        raise refused.problems(path) from None
    with writing(path), atomic_target(path, inside=None) as temporary:  # writable has checked where it lies
        temporary.write_bytes(data)


def _write_po(pack: Pack, catalog: polib.POFile, path: Path) -> None:
    _write(pack, path, po_text(catalog).encode("utf-8"))


def _update_po(pack: Pack, catalog: polib.POFile, path: Path) -> bool:
    """Write the catalog unless the file holds it already (its date and a diff stay untouched);
    whether it was written."""
    data = po_text(catalog).encode("utf-8")
    try:
        if os.path.lexists(path) and read_bytes(pack.root, path, MAX_CATALOG_BYTES) == data:
            return False
    except Refused as refused:
        raise refused.problems(path) from None
    _write(pack, path, data)
    return True


def extract(pack: Pack) -> Path:
    """Write the pack's template catalog (POT) with every translatable string and a note for each."""
    path = template_path(pack)
    _write_po(pack, template(pack, measured_boxes(pack)), path)
    return path


def update(pack: Pack, locales: list[str] | None = None) -> list[Path]:
    """Merge the template into each locale's catalog, creating missing catalogs, and printkit.pot
    into the pack's catalog of printkit's own words (see own_words_catalog); the files written, those
    that changed."""
    pot = template(pack, measured_boxes(pack))
    written = [template_path(pack)] if _update_po(pack, pot, template_path(pack)) else []
    for locale in target_locales(pack, locales):
        path = catalog_path(pack, locale)
        if _update_po(pack, merge(load_catalog(pack, locale), pot, pack, locale), path):
            written.append(path)
        written += own_words_catalog(pack, locale)
    return written


def own_words_catalog(pack: Pack, locale: str) -> list[Path]:
    """The pack's catalog of printkit's own words in locale, merged with printkit.pot, if that changed
    it: where the pack has one, or printkit has none for the locale (then the pack's translator
    translates them)."""
    path = words.pack_catalog(pack.root, locale)
    existing = read_catalog(pack.root, path)
    if existing is None and words.shipped_catalog(locale).exists():
        return []
    return [path] if _update_po(pack, words.merged(existing, locale), path) else []


def init(pack: Pack, locale: str) -> tuple[Pack, list[Path]]:
    """A new locale for the pack, as msginit makes one: declared in pack.yaml (unless it is), its
    catalog written from the template, and one of printkit's own words when printkit lacks the
    locale. A locale that has its catalog already is refused, never written over."""
    if locale == pack.meta.language:
        raise UsageError(f"{locale} is the source language of pack '{pack.id}': its texts are the pack's YAML")
    path = catalog_path(pack, locale)
    if os.path.lexists(path):
        raise UsageError(
            f"pack '{pack.id}' already has its {locale} catalog, {display_path(path)} "
            f"(bring it up to date with 'printkit i18n update --lang {locale} {pack.id}')"
        )
    for target in (template_path(pack), path, words.pack_catalog(pack.root, locale)):  # all or nothing
        try:
            writable(pack.root, target)
        except Refused as refused:
            raise refused.problems(target) from None
    written = []
    if locale not in pack.meta.locales:
        pack = _declare(pack, locale)
        written.append(pack.root / PACK_FILE)
    pot = template(pack, measured_boxes(pack))
    _write_po(pack, pot, template_path(pack))
    _write_po(pack, merge(None, pot, pack, locale), path)
    return pack, [*written, path, *own_words_catalog(pack, locale)]


def _declare(pack: Pack, locale: str) -> Pack:
    """The pack with locale added to `locales:` in its pack.yaml, where the list is written (a flow
    list `[en, de]` or a block list), every other byte of the file as it was; loaded and validated
    again, and the file put back as it was if that fails or reads anything else differently."""
    path = pack.root / PACK_FILE
    try:
        text = read_text(pack.root, path, MAX_FILE_BYTES)
    except Refused as refused:
        raise refused.problems(path) from None
    edited = _with_locale(text, locale, display_path(path))
    _write(pack, path, edited.encode("utf-8"))
    try:
        declared = load_checked([pack.root])[0]
    except Problems:
        _write(pack, path, text.encode("utf-8"))
        raise
    if declared.meta.model_dump(exclude={"locales"}) != pack.meta.model_dump(exclude={"locales"}) or (
        declared.meta.locales != [*pack.meta.locales, locale]
    ):
        _write(pack, path, text.encode("utf-8"))
        raise _cannot_add(locale, display_path(path), None, "pack.yaml reads otherwise with it added")
    return declared


def _cannot_add(locale: str, shown: str, node: yaml.Node | None, why: str) -> Problems:
    line, column = (node.start_mark.line + 1, node.start_mark.column + 1) if node is not None else (1, 1)
    hint = f"add {locale} to 'locales:' in {shown} yourself, then run 'printkit i18n init --lang {locale}' again"
    return Problems([Problem(shown, line, column, "locales", f"{why}: cannot add {locale}", hint)])


def _with_locale(text: str, locale: str, shown: str) -> str:
    """pack.yaml's text with locale added to its `locales:` list, or a new `locales: [en, LOCALE]`
    line at its end; a list written in a way printkit cannot safely add to is refused at its line.
    Lines end as YAML ends them (\n, \r\n, \r, NEL, LS or PS); a new line ends as the one before it."""
    written = locale if yaml.safe_load(locale) == locale else f'"{locale}"'
    first_break = YAML_LINE_BREAK.search(text)
    newline = first_break.group() if first_break else "\n"
    root = yaml.compose(text, Loader=Loader)  # as the pack was read: PyYAML's own reader refuses tabs libyaml takes
    by_key = {key.value: value for key, value in root.value} if isinstance(root, yaml.MappingNode) else {}

    def refused(node: yaml.Node | None, why: str) -> Problems:
        return _cannot_add(locale, shown, node, why)

    if not isinstance(root, yaml.MappingNode) or root.flow_style:
        raise refused(root, "pack.yaml is not a block of keys")
    node = by_key.get("locales")
    if node is None:
        ended = not text or YAML_LINE_BREAK.fullmatch(text[-1])
        return text + ("" if ended else newline) + f"locales: [en, {written}]{newline}"
    opening = text[node.start_mark.index : node.start_mark.index + 1]
    if not isinstance(node, yaml.SequenceNode) or opening not in ("[", "-"):
        raise refused(node, "'locales:' is not written as a list here")
    if any(not isinstance(item, yaml.ScalarNode) or item.start_mark.line != item.end_mark.line for item in node.value):
        raise refused(node, "'locales:' holds an entry that is not one tag on one line")
    if node.flow_style:
        if not node.value:
            closing = node.end_mark.index - 1
            return text[:closing] + written + text[closing:]
        end = node.value[-1].end_mark.index
        return text[:end] + f", {written}" + text[end:]
    line_end = YAML_LINE_BREAK.search(text, node.value[-1].end_mark.index)  # after the last item's line
    if line_end is None:  # the last line has no line break: it gets the file's
        text += newline
        at = len(text)
    else:
        at, newline = line_end.end(), line_end.group()
    return text[:at] + " " * node.start_mark.column + f"- {written}{newline}" + text[at:]


def stats(packs: list[Pack], locales: list[str] | None = None) -> list[dict]:
    rows = []
    for pack in packs:
        for locale in target_locales(pack, locales):
            found = counts(pack, locale)
            rows.append(
                {
                    "pack": pack.id,
                    "locale": locale,
                    "translated": found.translated,
                    "fuzzy": found.fuzzy,
                    "untranslated": found.untranslated,
                    "obsolete": found.obsolete,
                    "percent": found.percent,
                }
            )
    return rows


def check(packs: list[Pack], locales: list[str] | None = None) -> int:
    """Every problem of every locale; raises Problems, else returns how many locales were checked."""
    problems: list[Problem] = []
    checked = 0
    for pack in packs:
        for locale in target_locales(pack, locales):
            checked += 1
            if load_catalog(pack, locale) is None:
                shown = display_path(catalog_path(pack, locale))
                problems.append(
                    Problem(
                        shown,
                        1,
                        1,
                        "",
                        f"no {locale} catalog for pack '{pack.id}'",
                        f"create it with 'printkit i18n update {pack.id}'",
                    )
                )
                continue
            translation = translate(pack, locale)
            problems += words.problems(pack.root, pack.id, locale)
            problems += entry_problems(pack, locale)
            problems += missing_problems(pack, translation, locale)
            try:  # overflow and missing glyphs, measured on the translated components
                draw_pieces(translation.pack, locale, 0.0)
            except Problems as error:
                problems += error.problems
    if problems:
        raise Problems(problems)
    return checked


def pseudo_build(packs: list[Pack], out: Path) -> list[Path]:
    apart(out, [pack.root for pack in packs])
    with holding(out):  # into the same folders as `printkit build`: the same lock
        for pack in packs:
            remove_leftovers(out / pack.id, kind_folders())
        built = build_jobs(lay_out(packs, BuildOptions(out=out, languages=(PSEUDO,))))
    return [file.path for _, files in built for file in files]


def export_xliff(pack: Pack, locale: str) -> Path:
    path = message_folder(pack.root / "locales", locale).parent / f"{pack.id}.xlf"
    _write(pack, path, to_xliff(pack, locale, measured_boxes(pack)))
    return path


def export_glossary(pack: Pack, locale: str) -> list[Path]:
    """The pack's glossary in locale as `locales/LANG/<pack>-glossary.tbx` and `.csv`, beside its XLIFF
    (Weblate's glossary component takes the language from the folder)."""
    folder = message_folder(pack.root / "locales", locale).parent
    written = []
    for suffix, data in ((".tbx", glossary_tbx(pack, locale)), (".csv", glossary_csv(pack, locale))):
        path = folder / f"{pack.id}-glossary{suffix}"
        _write(pack, path, data)
        written.append(path)
    return written


def import_xliff(
    pack: Pack, locale: str, source: Path, force: bool = False
) -> tuple[Path, int, list[Problem], Counter[str]]:
    """Targets from an XLIFF file into the locale's catalog; returns the catalog, how many entries
    changed, the conflicts (units whose entry changed in the catalog since the file was exported, its
    `printkit:exported` record not the entry's now, and whose target is not the catalog's, where the
    catalog's newer translation is kept, unless force) and how many units were found by id, source
    text and resname. A unit is found by its id; one whose id printkit did not write (po2xliff's
    numbers) by its source text; one whose source is no longer a text (its English changed since the
    export) by its place (resname), but only where that place's text is untranslated or fuzzy and no
    unit names it by id or source: a finished translation is never replaced by a place match. As for
    any unit whose <source> is not the current English text, the translation comes in fuzzy, its
    source shown as the previous text (`#|`); a fuzzy unit's <alt-trans origin="previous"> is its `#|`. A unit that names no text of the pack, or whose place holds another
    text translated already, and every problem from_xliff finds, refuse the file: nothing is written."""
    try:  # a file the user named, from anywhere; still an ordinary file of a bounded size
        data = read_bytes(None, source, MAX_XLIFF_BYTES)
    except Refused as refused:
        raise refused.problems(source) from None
    shown = display_path(source)
    units = from_xliff(data, shown, locale)
    pot = template(pack, measured_boxes(pack))
    catalog = merge(load_catalog(pack, locale), pot, pack, locale)
    live = entries(catalog)
    by_id = {unit_id(msgid, context): entry for (context, msgid), entry in live.items()}
    by_source: dict[str, polib.POEntry] = {}  # a text of several contexts: the entry without one, else the first
    for (_, msgid), entry in sorted(live.items(), key=lambda item: item[0][0] is not None):
        by_source.setdefault(msgid, entry)
    by_place = {m.place: live[m.entry_key] for m in messages(pack) if m.entry_key in live}
    finished = {id(entry) for entry in live.values() if has_translation(entry) and not entry.fuzzy}
    # the entries units name by id, or by their source text (translate-toolkit's po2xliff and Okapi number
    # their units, and a file from Weblate's PO component ids them its own way)
    named = {id(by_id[unit.id]) for unit in units if unit.id in by_id}
    named |= {id(by_source[unit.source]) for unit in units if unit.id not in by_id and unit.source in by_source}
    changed: set[int] = set()
    matched: Counter[str] = Counter()  # how units were found: by id, source text or resname
    problems, conflicts = [], []
    for unit in units:
        entry, how = by_id.get(unit.id), "id"
        if entry is None and unit.source in by_source:
            entry, how = by_source[unit.source], "source text"
        if entry is None:
            entry, how = by_place.get(unit.place), "resname"
            taken = entry is not None and (
                "translated already"
                if id(entry) in finished
                else "which another unit of the file translates"
                if id(entry) in named
                else ""
            )
            if entry is not None and taken:
                problems.append(
                    Problem(
                        shown,
                        unit.line,
                        1,
                        unit.place,
                        f"trans-unit '{unit.id}' is for '{unit.source}', no longer a text of pack '{pack.id}', and "
                        f"its place now holds '{entry.msgid}', {taken}",
                        "remove the unit, or export the file again",
                    )
                )
                continue
        if entry is None:
            problems.append(
                Problem(
                    shown,
                    unit.line,
                    1,
                    unit.place,
                    f"trans-unit '{unit.id}' names no text of pack '{pack.id}'",
                    "its text is no longer in the pack: remove the unit, or export the file again",
                )
            )
            continue
        named.add(id(entry))
        matched[how] += 1
        needs_review = unit.needs_review or unit.source != entry.msgid
        reviewed = unit.reviewed and not needs_review
        incoming = list(unit.forms or (unit.target,))
        if entry.msgid_plural:  # each of the catalog's forms, those the unit lacks left to translate
            incoming = [incoming[n] if n < len(incoming) else "" for n in sorted(entry.msgstr_plural)]
        else:
            incoming = incoming[:1]
        differs = forms(entry) != incoming or entry.fuzzy != needs_review or is_reviewed(entry) != reviewed
        newer = (
            unit.exported is not None
            and unit.id == unit_id(entry.msgid, entry_key(entry)[0])
            and unit.exported != exported_as(entry)
        )
        if differs and newer and not force:
            conflicts.append(
                Problem(
                    shown,
                    unit.line,
                    1,
                    unit.place,
                    f"trans-unit '{unit.id}' changed in the catalog since this file was exported: kept the "
                    f"catalog's '{' / '.join(forms(entry))}', not the file's '{' / '.join(incoming)}'",
                    f"merge the two in {display_path(catalog_path(pack, locale))}, or import again with --force "
                    "to take the file's",
                )
            )
        elif differs:
            if entry.msgid_plural:
                entry.msgstr_plural = dict(zip(sorted(entry.msgstr_plural), incoming, strict=True))
            else:
                entry.msgstr = incoming[0]
            entry.flags = [flag for flag in entry.flags if flag not in ("fuzzy", REVIEWED)]
            entry.flags += ["fuzzy"] if needs_review else [REVIEWED] if reviewed else []
            entry.previous_msgid = (
                unit.source if unit.source != entry.msgid else unit.previous if needs_review else None
            )
            changed.add(id(entry))
    if problems:
        raise Problems(problems)
    path = catalog_path(pack, locale)
    _write_po(pack, catalog, path)
    return path, len(changed), conflicts, matched
