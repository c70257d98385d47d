"""The pack as a locale sees it, and what its catalog lacks or gets wrong.

Takes: a loaded `Pack` and a locale (its catalogs read by po_check).
Returns: counts per locale, the translated pack a build lays out with the strings still missing and
the components they leave in English ("drafts"), the located problems of translated entries
(placeholders, markup) and of missing ones, and the refusal of a locale a pack does not declare.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any

import polib
from pydantic import BaseModel

from printkit.base.errors import (
    Problem,
    Problems,
    UsageError,
    ValueProblem,
    display_path,
)
from printkit.content import markup
from printkit.content.braces import KEPT
from printkit.content.looks import lineage, parse_template
from printkit.content.message_key import MessageKey
from printkit.content.pack import Pack

# --- counts -------------------------------------------------------------------------------------------
from printkit.i18n.extract import WORDS_ONLY, EntryKey, Message, by_entry, catalog_path, messages
from printkit.i18n.glossary import glossary_file, glossary_names, load_glossary, uses_word
from printkit.i18n.merge import entries, entry_key
from printkit.i18n.po_check import load_catalog, plural_function, plural_header_problem
from printkit.i18n.po_file import forms
from printkit.i18n.pseudo import CODE as PSEUDO
from printkit.i18n.pseudo import pseudo


@dataclass(frozen=True)
class Counts:
    translated: int
    fuzzy: int
    untranslated: int
    obsolete: int

    @property
    def percent(self) -> float:
        total = self.translated + self.fuzzy + self.untranslated
        return round(100 * self.translated / total, 1) if total else 100.0


def counts(pack: Pack, locale: str) -> Counts:
    wanted = by_entry(messages(pack))
    catalog = load_catalog(pack, locale)
    live = entries(catalog)
    translated = fuzzy = 0
    for key in wanted:
        entry = live.get(key)
        if entry is None or not is_translated(entry):
            continue
        if entry.fuzzy:
            fuzzy += 1
        else:
            translated += 1
    obsolete = sum(1 for e in catalog or [] if e.obsolete)
    return Counts(translated, fuzzy, len(wanted) - translated - fuzzy, obsolete)


# --- the translated pack --------------------------------------------------------------------------


@dataclass
class Translation:
    pack: Pack
    missing: list[Message] = field(default_factory=list)  # untranslated or fuzzy: shown in English
    drafts: set[str] = field(default_factory=set)  # components showing some of them


def translate(pack: Pack, locale: str) -> Translation:
    """The pack with every translated string of locale in place; nothing else is changed."""
    if locale == pack.meta.language:
        return Translation(pack)
    catalog = load_catalog(pack, locale) if locale != PSEUDO else None
    catalog_file = display_path(catalog_path(pack, locale))
    live = entries(catalog)
    plural = plural_function(catalog.metadata.get("Plural-Forms", ""), locale) if catalog is not None else None
    result = Translation(pack)
    meta, rulebook, looks = pack.meta, pack.rulebook, dict(pack.looks)
    components = list(pack.components)
    origins: dict[MessageKey, tuple[str, int]] = {}
    index = {c.id: i for i, c in enumerate(components)}
    problems = []
    for message in messages(pack):
        key = message.key
        entry = live.get(message.entry_key)
        if locale == PSEUDO:
            text = pseudo(message.plural if message.plural is not None and message.count != 1 else message.msgid)
        elif entry is not None and plural is not None and usable(entry):  # an entry: there is a catalog
            written = forms(entry)
            text = written[min(plural(message.count), len(written) - 1)] if message.count is not None else written[0]
            origins[key] = (catalog_file, entry.linenum)
        else:
            result.missing.append(message)
            result.drafts.update(_shown_on(pack, key))
            continue
        if key.kind == "pack":
            meta = replace_at(meta, message.path, text)
            if message.singular_path is not None:  # a component list's line, printed in the count's form
                meta = replace_at(meta, message.singular_path, text)
        elif key.kind == "rulebook":
            rulebook = replace_at(rulebook, message.path, text)
        elif key.kind == "look":
            try:
                template = parse_template(text)
            except ValueProblem as problem:  # a placeholder the translation broke: {Glow}, a lone brace
                file, line = origins.get(key, (message.file, message.line))  # the qps pseudo-text has no entry
                problems.append(Problem(file, line, 1, key.msgctxt, problem.message, problem.hint))
                continue
            look = looks[key.owner]
            looks[key.owner] = look._replace(look=replace_at(look.look, message.path, template))
        else:
            components[index[key.owner]] = replace_at(components[index[key.owner]], message.path, text)
    if problems:
        raise Problems(problems)
    result.pack = replace(
        pack, meta=meta, components=components, rulebook=rulebook, looks=looks, translated_from=origins
    )
    return result


def _shown_on(pack: Pack, key: MessageKey) -> list[str]:
    """The ids of the components that show a text: its component, or those drawn with its look."""
    if key.kind != "look":
        return [key.owner] if key.owner else []
    defaults = pack.meta.defaults
    return [c.id for c in pack.components if key.owner in lineage(pack.looks, c.look_id(defaults))]


def replace_at(model: Any, path: tuple, value: Any) -> Any:
    """A copy of model with the value at path replaced (through nested models, dicts and lists)."""
    head, rest = path[0], path[1:]
    if isinstance(model, BaseModel):
        inner = getattr(model, head)
        return model.model_copy(update={head: replace_at(inner, rest, value) if rest else value})
    if isinstance(model, dict):  # keys are text: a registry id "1" reads as a list index in the context
        head = str(head)
        return {**model, head: replace_at(model[head], rest, value) if rest else value}
    if isinstance(model, list):
        items = list(model)
        items[head] = replace_at(items[head], rest, value) if rest else value
        return items
    raise TypeError(f"cannot descend into {type(model).__name__}")


def placeholders(text: str) -> list[str]:
    """Markup that a translation must keep: {names}, [icons] and ▶."""
    return sorted(markup.kept(text))


def markup_problem(english: str, translation: str) -> tuple[str, str] | None:
    """What is wrong with the markup of a translation, with a hint: placeholders, icons or ▶ lost or
    added, a brace that belongs to no placeholder (`{name` for `{name}`), or emphasis unclosed or
    unlike the English's. Such a translation is not used: the text prints in English, marked as a
    draft."""
    lost = _difference(placeholders(english), placeholders(translation))
    added = _difference(placeholders(translation), placeholders(english))
    if lost or added:
        parts = ([f"lost {', '.join(lost)}"] if lost else []) + ([f"added {', '.join(added)}"] if added else [])
        return (
            f"placeholders differ from the English: {'; '.join(parts)}",
            "keep every {name}, [icon] and ▶ of the English text",
        )
    if _STRAY_BRACE.search(KEPT.sub("", translation)) and not _STRAY_BRACE.search(KEPT.sub("", english)):
        return "has a brace that opens or closes no placeholder", "write each placeholder whole, as {name}"
    return _emphasis_problem(english, translation)


_EMPHASIS = {"bold": ("**", "a **bold** span", "**bold** spans"), "italic": ("*", "an *italic* span", "*italic* spans")}


def _emphasis_problem(english: str, translation: str) -> tuple[str, str] | None:
    """Bold or italic a translation leaves open (it would run to the end of the text) or marks more
    or fewer times than the English; the same marks in another order are the translator's choice."""
    switches = [Counter[str](token.kind for token in markup.tokens(text, code=True)) for text in (english, translation)]
    parts = []
    for kind, (written, one, several) in _EMPHASIS.items():
        before, after = switches[0][kind], switches[1][kind]
        if after % 2 and not before % 2:
            parts.append(f"a {written} is never closed, so {kind} runs to the end of the text")
        elif after != before:
            change, spans = ("lost", before - after) if before > after else ("added", after - before)
            spans = (spans + 1) // 2  # two switches a span
            parts.append(f"{change} {one if spans == 1 else f'{spans} {several}'}")
    if not parts:
        return None
    return (
        f"emphasis differs from the English: {'; '.join(parts)}",
        "mark the words the English marks, each **bold** and *italic* opened and closed",
    )


_STRAY_BRACE = re.compile(r"[{}]")


def is_translated(entry: polib.POEntry) -> bool:
    """Whether an entry is translated: its msgstr, or every plural form, not blank."""
    return all(form.strip() for form in forms(entry))


def translation_problem(entry: polib.POEntry) -> tuple[str, str] | None:
    """What is wrong with the markup of an entry's translation (`markup_problem`), or of one of its
    plural forms, each held to the English plural and named (`in msgstr[1], …`)."""
    if not entry.msgid_plural:
        return markup_problem(entry.msgid, entry.msgstr)
    for index, form in enumerate(forms(entry)):
        problem = markup_problem(entry.msgid_plural, form)
        if problem is not None:
            return f"in msgstr[{index}], {problem[0]}", problem[1]
    return None


def usable(entry: polib.POEntry | None) -> bool:
    """Whether a catalog entry's translation is printed: translated (not blank, every plural form),
    not fuzzy, its markup intact."""
    return entry is not None and is_translated(entry) and not entry.fuzzy and translation_problem(entry) is None


def entry_problems(pack: Pack, locale: str) -> list[Problem]:
    """Placeholders, markup, glossary terms (each a word of its own) and glossary names (printed as
    they are) of a locale's translated entries (missing and fuzzy ones are reported by
    build.missing_problems)."""
    catalog = load_catalog(pack, locale)
    shown = display_path(catalog_path(pack, locale))
    glossary = load_glossary(pack).get(locale, {})
    names = glossary_names(pack)
    wanted = by_entry(messages(pack))
    header = plural_header_problem(pack.root, catalog_path(pack, locale), locale)
    problems = [header] if header is not None else []
    live = entries(catalog)
    problems += _unused_contexts(catalog, live, wanted, shown)
    for key, entry in live.items():
        if key not in wanted or not is_translated(entry) or entry.fuzzy:
            continue
        where = (shown, entry.linenum, 1, wanted[key][0].place)
        broken = translation_problem(entry)
        translation = "\n".join(forms(entry))
        if broken is not None:
            problems.append(Problem(*where, *broken))
        prose = WORDS_ONLY.sub(" ", entry.msgid)
        for term, translated in glossary.items():
            # A capitalised term is a game term (Attack, Giant) and must match its case.
            flags = 0 if term[0].isupper() else re.IGNORECASE
            if re.search(rf"\b{re.escape(term)}\b", prose, flags) and not translated.used_in(translation):
                problems.append(
                    Problem(
                        *where,
                        f"glossary term '{term}' should be translated as '{translated.translation}'",
                        f"see {display_path(glossary_file(pack))}",
                    )
                )
        for name in names:
            if uses_word(prose, name) and not uses_word(translation, name):
                problems.append(
                    Problem(
                        *where,
                        f"glossary name '{name}' is printed as it is in every language, but the {locale} "
                        "translation does not have it",
                        f"write '{name}' as the English does, or take it off names: in "
                        f"{display_path(glossary_file(pack))}",
                    )
                )
    return problems


def _unused_contexts(
    catalog: polib.POFile | None, live: dict[EntryKey, polib.POEntry], wanted: dict[EntryKey, list[Message]], shown: str
) -> list[Problem]:
    """A translator's entry with a msgctxt that no text of its English has, which printkit never prints:
    a context of the translator's own (the designer gives a text its context in the pack), or an
    earlier printkit's entry of a place whose text another entry translates otherwise (those that
    agree with it are not: the next update merges them)."""
    contexts: dict[str, list[EntryKey]] = {}
    for key in wanted:
        contexts.setdefault(key[1], []).append(key)
    problems = []
    for entry in catalog or []:
        if entry.msgctxt is None or entry.obsolete or entry.msgid not in contexts:
            continue
        key, first = entry_key(entry), wanted[contexts[entry.msgid][0]][0]
        used = live.get(key)
        if key in wanted and used is not entry and used is not None and used.msgstr != entry.msgstr:
            message = (
                f"the entry of context '{entry.msgctxt}' is not used: a pack's text is translated once, "
                f"by the entry on line {used.linenum}"
            )
            problems.append(Problem(shown, entry.linenum, 1, first.place, message, _PUT_IT_THERE))
        elif key not in wanted:
            given = [f"'{context}'" if context else "none" for context, _ in contexts[entry.msgid]]
            problems.append(
                Problem(
                    shown,
                    entry.linenum,
                    1,
                    first.place,
                    f"the entry of context '{entry.msgctxt}' is not used: no text '{entry.msgid}' of the pack has "
                    f"that context (it has {', '.join(given)})",
                    f"give a text of the pack this context ({{text: {entry.msgid}, context: {entry.msgctxt}}}), "
                    "or remove this entry",
                )
            )
    return problems


_PUT_IT_THERE = "put the translation you want in that entry and remove this one"


def _difference(a: list[str], b: list[str]) -> list[str]:
    rest = list(b)
    missing = []
    for item in a:
        if item in rest:
            rest.remove(item)
        else:
            missing.append(item)
    return missing


def missing_problems(pack: Pack, translation: Translation, locale: str) -> list[Problem]:
    """One problem per text a locale lacks, at its entry in the catalog (or at the YAML line of its
    first place when the catalog has no entry for it yet). A translation with broken markup is
    `entry_problems`' to report."""
    live = entries(load_catalog(pack, locale))
    shown = display_path(catalog_path(pack, locale))
    problems = []
    for key, places in by_entry(translation.missing).items():
        entry, first = live.get(key), places[0]
        if entry is None:
            problems.append(
                first.problem(
                    f"missing from the {locale} catalog", f"run 'printkit i18n update {pack.id}' and translate it"
                )
            )
        elif is_translated(entry) and not entry.fuzzy:
            continue
        elif is_translated(entry):
            problems.append(
                Problem(
                    shown,
                    entry.linenum,
                    1,
                    first.place,
                    f"the {locale} translation is fuzzy: the English text changed",
                    "review it and remove the fuzzy flag",
                )
            )
        else:
            problems.append(
                Problem(
                    shown,
                    entry.linenum,
                    1,
                    first.place,
                    f"not translated to {locale} yet",
                    "translate it, or build without --strict to get a marked draft",
                )
            )
    return problems


def undeclared(pack: Pack, locales: list[str] | tuple[str, ...]) -> UsageError | None:
    """The error for locales a pack does not declare, None if it declares them all."""
    missing = [locale for locale in locales if locale not in pack.meta.locales]
    if not missing:
        return None
    return UsageError(
        f"pack '{pack.id}' does not declare the locale {', '.join(missing)}; it declares "
        f"{', '.join(pack.meta.locales)} (add it with 'printkit i18n init --lang {','.join(missing)} {pack.id}')"
    )
