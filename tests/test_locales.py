"""Any language: `i18n init` adds a locale to a pack, an undeclared locale is an error everywhere,
and printkit's own words have a template, plural forms, CSS-safe footers and an English fall-back."""

import re
import subprocess
from pathlib import Path

import pdfplumber
import polib
import pytest
from babel import localedata
from conftest import problems_found
from test_i18n import tiny_pack

from printkit.base.languages import plural_forms
from printkit.i18n import words


@pytest.fixture
def tiny(tmp_path, monkeypatch, run):
    """The tiny pack of test_i18n with its German catalog, in tmp_path/content, the current folder there."""
    return tiny_pack(tmp_path, monkeypatch, run)


def msgfmt_check(path: Path) -> str:
    """What GNU msgfmt -c says of a catalog: nothing for a good one (its header fields included)."""
    result = subprocess.run(
        ["msgfmt", "-c", "--check-format", "-o", "/dev/null", str(path)], capture_output=True, text=True
    )
    return f"exit {result.returncode}: {result.stderr}" if result.returncode or result.stderr else ""


def test_init_declares_the_locale_and_writes_its_catalog(tiny, run):
    pack_yaml = (tiny / "pack.yaml").read_text()
    code, out, err = run("i18n", "init", "--lang", "fr", "tiny")
    assert (code, out, err) == (
        0,
        "wrote content/tiny/pack.yaml\nwrote content/tiny/locales/fr/LC_MESSAGES/tiny.po\n",
        "",
    )  # printkit has French for its own words: the pack needs no printkit.po
    assert (tiny / "pack.yaml").read_text() == pack_yaml.replace("locales: [en, de]", "locales: [en, de, fr]")
    catalog = polib.pofile(tiny / "locales/fr/LC_MESSAGES/tiny.po")
    header = dict(catalog.metadata)
    assert re.fullmatch(r"2\d{3}-\d\d-\d\d \d\d:\d\d\+0000", header.pop("PO-Revision-Date"))
    assert header == {
        "Project-Id-Version": "tiny",
        "Report-Msgid-Bugs-To": "",
        "Last-Translator": "Automatically generated",
        "Language-Team": "none",
        "Language": "fr",
        "MIME-Version": "1.0",
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
        "Plural-Forms": "nplurals=2; plural=(n > 1);",
        "X-Poedit-Basepath": "../../..",
    }
    assert [e.msgid for e in catalog] == [e.msgid for e in polib.pofile(tiny / "locales/tiny.pot")]
    assert msgfmt_check(tiny / "locales/fr/LC_MESSAGES/tiny.po") == ""
    # and the next commands take the locale
    assert run("i18n", "update", "tiny", "--lang", "fr") == (0, "", "")  # init wrote it up to date
    code, _, err = run("i18n", "check", "tiny", "--lang", "fr")
    assert code == 1 and err.endswith("9 problems found\n") and "not translated to fr yet" in err
    assert run("i18n", "export", "tiny", "--lang", "fr")[:2] == (0, "wrote content/tiny/locales/fr/tiny.xlf\n")
    code, out, err = run("build", "tiny", "--lang", "fr", "--out", "out", "--no-rulebooks", "-q")
    assert (code, out) == (0, "")
    assert err == (
        "printkit: warning: tiny (fr): 9 strings not translated; 2 components marked DRAFT "
        "(see 'printkit i18n stats tiny')\n"
    )
    with pdfplumber.open("out/tiny/tiny-components-fr-a4.pdf") as pdf:
        assert "Vérifiez l’échelle d’impression avant d’imprimer le kit" in pdf.pages[0].extract_text()


@pytest.mark.parametrize(
    "tag,folder,plurals",
    [
        ("pt-BR", "pt_BR", "nplurals=2; plural=(n > 1);"),
        ("zh-Hans", "zh_Hans", "nplurals=1; plural=0;"),
        ("zh-CN", "zh_CN", "nplurals=1; plural=0;"),  # as msginit and Weblate name it, not Babel's zh_Hans_CN
    ],
)
def test_init_names_the_folder_as_gettext_does_and_adds_printkits_words(tiny, run, tag, folder, plurals):
    code, out, _ = run("i18n", "init", "--lang", tag.lower().replace("-", "_"), "tiny")  # any spelling of the tag
    assert (code, out) == (
        0,
        f"wrote content/tiny/pack.yaml\nwrote content/tiny/locales/{folder}/LC_MESSAGES/tiny.po\n"
        f"wrote content/tiny/locales/{folder}/LC_MESSAGES/printkit.po\n",
    )
    assert f"locales: [en, de, {tag}]" in (tiny / "pack.yaml").read_text()
    for name in ("tiny", "printkit"):
        path = tiny / "locales" / folder / "LC_MESSAGES" / f"{name}.po"
        catalog = polib.pofile(path)
        assert (catalog.metadata["Language"], catalog.metadata["Plural-Forms"]) == (folder, plurals)
        assert msgfmt_check(path) == ""
    own = polib.pofile(tiny / "locales" / folder / "LC_MESSAGES/printkit.po")
    assert [e.msgctxt for e in own] == list(words.MESSAGES)
    nplurals = int(plurals[len("nplurals=")])
    assert {len(e.msgstr_plural) for e in own if e.msgid_plural} == {nplurals}


def test_init_adds_to_a_block_list_keeping_every_other_byte(tiny, run):
    written = (
        "id: tiny   # the id\ntitle: Tiny Game\nlocales:\n  # the languages\n  - en\n  - de   # German\nelements:\n"
    )
    pack_yaml = tiny / "pack.yaml"
    pack_yaml.write_text(
        pack_yaml.read_text().replace("id: tiny\ntitle: Tiny Game\nlocales: [en, de]\nelements:\n", written)
    )
    before = pack_yaml.read_text()
    assert run("i18n", "init", "--lang", "pl", "tiny")[0] == 0
    assert pack_yaml.read_text() == before.replace("  - de   # German\n", "  - de   # German\n  - pl\n")


def test_init_adds_locales_to_a_pack_without_them(tiny, run):
    pack_yaml = tiny / "pack.yaml"
    pack_yaml.write_text(pack_yaml.read_text().replace("locales: [en, de]\n", ""))
    before = pack_yaml.read_text()
    assert run("i18n", "init", "--lang", "fr", "tiny")[0] == 0
    assert pack_yaml.read_text() == before + "locales: [en, fr]\n"


def test_init_refuses_a_pack_yaml_it_cannot_edit_safely(tiny, run):
    pack_yaml = tiny / "pack.yaml"
    written = '{id: tiny, title: Tiny Game, locales: [en, de], elements: {fire: {name: Fire, color: "#d9552b"}}}\n'
    pack_yaml.write_text(written)
    assert run("i18n", "init", "--lang", "fr", "tiny") == (
        1,
        "",
        "content/tiny/pack.yaml:1:1: locales: pack.yaml is not a block of keys: cannot add fr (add fr to 'locales:' "
        "in content/tiny/pack.yaml yourself, then run 'printkit i18n init --lang fr' again)\n1 problem found\n",
    )
    assert pack_yaml.read_text() == written
    assert not (tiny / "locales" / "fr").exists()


def test_init_twice_leaves_the_catalog_alone(tiny, run):
    assert run("i18n", "init", "--lang", "fr", "tiny")[0] == 0
    catalog = tiny / "locales/fr/LC_MESSAGES/tiny.po"
    catalog.write_text(catalog.read_text().replace('msgid "Spark"\nmsgstr ""', 'msgid "Spark"\nmsgstr "Étincelle"'))
    before = catalog.read_text()
    assert run("i18n", "init", "--lang", "fr", "tiny") == (
        2,
        "",
        "printkit: pack 'tiny' already has its fr catalog, content/tiny/locales/fr/LC_MESSAGES/tiny.po "
        "(bring it up to date with 'printkit i18n update --lang fr tiny')\n",
    )
    assert catalog.read_text() == before
    assert run("i18n", "init", "--lang", "en", "tiny") == (
        2,
        "",
        "printkit: en is the source language of pack 'tiny': its texts are the pack's YAML\n",
    )
    assert run("i18n", "init", "tiny") == (
        2,
        "",
        "printkit: i18n init needs --lang LANG, the locale to add (a BCP 47 tag such as fr or pt-BR)\n",
    )


def test_update_keeps_the_header_a_translators_tool_wrote(tiny, run):
    path = tiny / "locales/de/LC_MESSAGES/tiny.po"
    catalog = polib.pofile(path)
    catalog.metadata["Last-Translator"] = "Anna Weber <anna@example.org>"
    catalog.metadata["PO-Revision-Date"] = "2026-10-01 09:30+0200"
    catalog.save(path)
    assert run("i18n", "update", "tiny")[0] == 0
    header = polib.pofile(path).metadata
    assert (header["Last-Translator"], header["PO-Revision-Date"]) == (
        "Anna Weber <anna@example.org>",
        "2026-10-01 09:30+0200",
    )


UNDECLARED = (
    "printkit: pack 'tiny' does not declare the locale fr; it declares en, de "
    "(add it with 'printkit i18n init --lang fr tiny')\n"
)


@pytest.mark.parametrize(
    "command",
    [
        ("i18n", "update", "tiny", "--lang", "fr"),
        ("i18n", "check", "tiny", "--lang", "fr"),
        ("i18n", "stats", "tiny", "--lang", "fr"),
        ("i18n", "export", "tiny", "--lang", "fr"),
        ("build", "tiny", "--lang", "fr", "--out", "out"),
    ],
)
def test_an_undeclared_locale_is_an_error(tiny, run, command):
    assert run(*command) == (2, "", UNDECLARED)
    assert not (tiny / "locales" / "fr").exists()


def test_an_unknown_language_tag_is_an_error(tiny, run):
    assert run("i18n", "init", "--lang", "fr-XX", "tiny") == (
        2,
        "",
        "printkit: --lang: 'fr-XX' is not a language tag CLDR knows (did you mean fr-YT or fr-WF or fr-VU?)\n",
    )


def test_a_language_listed_twice_however_spelt_is_a_problem(run, tmp_path):
    """iw is CLDR's deprecated code of he, pt_br another spelling of pt-BR: each would share a catalog."""
    root = tmp_path / "kit"
    root.mkdir()
    (root / "pack.yaml").write_text("id: kit\ntitle: Kit\nlocales: [en, pt-BR, pt_br, iw, he]\n")
    (root / "components.yaml").write_text("cards:\n  - {id: a, name: A}\n")
    assert run("check", root) == (
        1,
        "",
        f"{root}/pack.yaml:3:22: locales[2]: pt-BR is listed already, as locales[1] (list each language once)\n"
        f"{root}/pack.yaml:3:33: locales[4]: he is listed already, as locales[3] (list each language once)\n"
        + problems_found(2)
        + "\n",
    )


def test_a_tag_whose_catalog_folder_would_drop_its_variant_is_refused(tiny, run):
    """de-CH-1901 and de-CH would share the folder de_CH."""
    assert run("i18n", "init", "--lang", "de-CH-1901", "tiny") == (
        2,
        "",
        "printkit: --lang: 'de-CH-1901' has a part after its language, script and region that its catalog folder "
        "would drop (write de-CH; printkit names a catalog by language, script and region only)\n",
    )


def test_a_deprecated_language_code_reads_as_cldrs():
    from printkit.base.languages import canonical, gettext_name

    assert [(canonical(tag), gettext_name(tag)) for tag in ("iw", "in", "tl", "sh")] == [
        ("he", "he"),
        ("id", "id"),
        ("fil", "fil"),
        ("sr-Latn", "sr_Latn"),
    ]


# --- printkit's own words -------------------------------------------------------------------------


def test_printkits_template_is_made_from_its_words():
    """printkit.pot is what `python -m printkit.i18n.words` writes; its format is msgfmt's."""
    shipped = polib.pofile(words.TEMPLATE)

    def described(catalog):
        return [(e.msgctxt, e.msgid, e.msgid_plural, e.flags, e.comment) for e in catalog]

    assert described(shipped) == described(words.template()), "run python -m printkit.i18n.words"
    assert shipped.metadata == words.template().metadata
    result = subprocess.run(["msgfmt", "-c", "-o", "/dev/null", str(words.TEMPLATE)], capture_output=True)
    assert result.returncode == 0, result.stderr
    assert {e.msgid_plural for e in shipped if e.msgid_plural} >= {"{count} cards", "{count} tiles"}
    assert set(words.NOTES) <= set(words.MESSAGES)


def test_no_locale_cldr_knows_fails_printkits_words():
    """Every key prints in every locale (English where printkit has no words for it), every count
    in every plural form."""
    for tag in localedata.locale_identifiers():
        own = words.of(tag.replace("_", "-"))
        for key, english in words.MESSAGES.items():
            for count in (0, 1, 2, 5, 21, 101) if isinstance(english, tuple) else (None,):
                assert own.form(key, count)


POLISH = """\
msgid ""
msgstr ""
"Language: pl\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\\n"

msgctxt "count-card"
msgid "{count} card"
msgid_plural "{count} cards"
msgstr[0] "{count} karta"
msgstr[1] "{count} karty"
msgstr[2] "{count} kart"

msgctxt "rulebook-page-of"
msgid "Page {page} of {pages}"
msgstr "Strona {page} d'un \\"z\\" \\\\ {pages}"

msgctxt "draft"
msgid "DRAFT · not yet translated"
msgstr "SZKIC </style> \\"nie\\""
"""


def polish_pack(root: Path) -> Path:
    """A pack of cards with a rulebook and a catalog of printkit's words in Polish."""
    root.mkdir(parents=True)
    (root / "pack.yaml").write_text("id: gen\ntitle: Generated\nlocales: [en, pl]\n")
    (root / "components.yaml").write_text("cards:\n  - {id: ember, name: Ember, count: 22}\n")
    (root / "rulebook.yaml").write_text("cover: false\nsections:\n  - title: Setup\n    blocks: [Deal.]\n")
    path = root / "locales/pl/LC_MESSAGES/printkit.po"
    path.parent.mkdir(parents=True)
    path.write_text(POLISH)
    return root


def test_plural_forms_follow_the_catalogs_rule(tmp_path):
    own = words.of("pl", polish_pack(tmp_path / "gen"))
    shown = [own.form("count-card", n).format(count=n) for n in (1, 2, 5, 12, 22, 25, 104)]
    assert shown == ["1 karta", "2 karty", "5 kart", "12 kart", "22 karty", "25 kart", "104 karty"]


def test_a_regional_locale_takes_its_languages_words_where_it_has_none_of_its_own(tmp_path):
    """As CLDR's locales inherit: de-CH prints printkit's German, pl-PL a pack's Polish; Traditional
    Chinese (zh-TW) never takes Simplified (zh)."""
    german = words.of("de")
    assert words.of("de-CH").text("rulebook-page-of", page=1, pages=2) == "Seite 1 von 2"
    assert words.of("de-CH").missing == german.missing
    root = polish_pack(tmp_path / "gen")
    assert words.of("pl-PL", root).form("count-card", 5) == "{count} kart"
    chinese = root / "locales/zh/LC_MESSAGES/printkit.po"
    chinese.parent.mkdir(parents=True)
    chinese.write_text(POLISH.replace("Language: pl", "Language: zh"))
    assert words.of("zh-TW", root).form("count-card", 5) == "{count} cards"
    assert words.of("zh-Hans-CN", root).form("count-card", 5) == "{count} kart"


def test_a_rulebook_prints_printkits_words_from_the_packs_catalog(tmp_path, run):
    """Counted in Polish plural form, the footer's quote, apostrophe and backslash as written, the
    words printkit lacks in English with a warning."""
    root = polish_pack(tmp_path / "gen")
    code, out, err = run("build", root, "--lang", "pl", "-q", "--out", tmp_path / "out")
    assert (code, out) == (0, "")
    assert err.splitlines() == [
        f"printkit: warning: gen (pl): {len(words.MESSAGES) - 3} of printkit's own words are not translated to pl and "
        f"print in English (translate them in {root}/locales/pl/LC_MESSAGES/printkit.po, which 'printkit i18n "
        "update gen' writes)",
        "printkit: warning: gen (pl): 4 strings not translated; 1 component marked DRAFT "
        "(see 'printkit i18n stats gen')",
    ]
    with pdfplumber.open(tmp_path / "out/gen/gen-rulebook-pl.pdf") as pdf:
        lines = pdf.pages[0].extract_text().splitlines()
    assert lines[0] == 'SZKIC </style> "nie"'  # the draft mark at the top right, a CSS string too
    assert "22 karty" in lines
    assert lines[-1] == 'Strona 1 d\'un "z" \\ 1'


def test_css_strings_escape_what_would_end_them():
    from printkit.rulebook.book import css_content, css_string

    assert css_string('d\'un "z" \\ </style>') == '"d\'un \\22 z\\22  \\5C  \\3C /style\\3E "'
    assert css_content("Page {page} of {pages}", {"page": "counter(page)", "pages": "counter(pages)"}) == (
        '"Page " counter(page) " of " counter(pages)'
    )


def test_check_reports_what_the_packs_catalog_of_printkits_words_lacks(tmp_path, run, monkeypatch):
    root = polish_pack(tmp_path / "gen")
    monkeypatch.chdir(tmp_path)
    assert run("i18n", "update", "gen")[0] == 0
    catalog = polib.pofile(root / "locales/pl/LC_MESSAGES/printkit.po")
    assert [e.msgstr_plural for e in catalog if e.msgctxt == "count-card"] == [
        {0: "{count} karta", 1: "{count} karty", 2: "{count} kart"}
    ]  # the translation merged, not written over
    code, _, err = run("i18n", "check", "gen")
    problems = [line for line in err.splitlines() if "printkit.po" in line]
    title = next(e for e in catalog if e.msgctxt == "calibration-title")
    assert code == 1 and len(problems) == len(words.MESSAGES) - 3
    assert problems[0] == (
        f"gen/locales/pl/LC_MESSAGES/printkit.po:{title.linenum}:1: calibration-title: not translated to pl yet "
        "(translate it; until then it prints in English)"
    )


ARABIC_CARDS = [
    "لا أوراق",  # n = 0
    "ورقة واحدة",  # n = 1
    "ورقتان",  # n = 2: the dual, said without the number
    "{count} أوراق",  # 3 to 10
    "{count} ورقة",  # 11 to 99
    "{count} ورقة",  # 100, 101, 102 …
]


@pytest.mark.parametrize("other", ["{count} ورقة", "ورقة"])
def test_an_arabic_plural_form_for_one_count_may_leave_out_the_number(tmp_path, run, other):
    """As msgfmt -c allows: a form its rule gives for one n only (zero, one, two) need not say the
    number; the forms for many counts must."""
    root = tmp_path / "gen"
    root.mkdir()
    (root / "pack.yaml").write_text("id: gen\ntitle: Generated\nlocales: [en, ar]\n")
    (root / "components.yaml").write_text("cards:\n  - {id: ember, name: Ember}\n")
    catalog = polib.POFile(wrapwidth=0)
    catalog.metadata = {
        "Project-Id-Version": "gen",
        "PO-Revision-Date": "2026-11-28 12:00+0000",
        "Last-Translator": "A translator <t@example.org>",
        "Language-Team": "Arabic",
        "Language": "ar",
        "MIME-Version": "1.0",
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
        "Plural-Forms": plural_forms("ar"),
    }
    forms = [*ARABIC_CARDS[:5], other]
    catalog.append(
        polib.POEntry(
            msgctxt="count-card",
            msgid="{count} card",
            msgid_plural="{count} cards",
            msgstr_plural=dict(enumerate(forms)),
            flags=["python-brace-format"],
        )
    )
    path = root / "locales/ar/LC_MESSAGES/printkit.po"
    path.parent.mkdir(parents=True)
    catalog.save(str(path))
    assert run("i18n", "update", root)[0] == 0  # the pack's own catalog, which check needs
    problems = [line for line in run("i18n", "check", root)[2].splitlines() if "count-card" in line]
    own = words.of("ar", root)
    if other == "ورقة":  # the form of 100 to 102, 200 …: msgfmt refuses it too
        line = next(e.linenum for e in polib.pofile(str(path)) if e.msgctxt == "count-card")
        assert "a format specification for argument 'count' doesn't exist in 'msgstr[5]'" in msgfmt_check(path)
        assert problems == [
            f"{path}:{line}:1: count-card: the translation has other placeholders than the English: 'ورقة' "
            "(keep the English's)"
        ]
        assert own.form("count-card", 2) == "{count} cards"
    else:
        assert msgfmt_check(path) == ""
        assert problems == []
        assert [own.form("count-card", n).format(count=n) for n in (0, 1, 2, 3, 11, 100)] == [
            "لا أوراق",
            "ورقة واحدة",
            "ورقتان",
            "3 أوراق",
            "11 ورقة",
            "100 ورقة",
        ]


@pytest.mark.slow
def test_a_build_in_locales_printkit_has_no_words_for_prints_them_in_english(tmp_path, run):
    root = tmp_path / "gen"
    root.mkdir()
    (root / "pack.yaml").write_text("id: gen\ntitle: Generated\nlocales: [en, ar, ja, zh-Hans, sr-Latn]\n")
    (root / "components.yaml").write_text("cards:\n  - {id: ember, name: Ember, count: 3}\n")
    (root / "rulebook.yaml").write_text("sections:\n  - title: Setup\n    blocks: [Deal.]\n")
    code, out, err = run("build", root, "--lang", "ar,ja,zh-Hans,sr-Latn", "--out", tmp_path / "out")
    assert (code, out) == (0, "")
    assert [line for line in err.splitlines() if "printkit's own words" in line] == [
        f"printkit: warning: gen ({tag}): {len(words.MESSAGES)} of printkit's own words are not translated to {tag} "
        f"and print in English (translate them in {root}/locales/{folder}/LC_MESSAGES/printkit.po, which "
        "'printkit i18n update gen' writes)"
        for tag, folder in (("ar", "ar"), ("ja", "ja"), ("zh-Hans", "zh_Hans"), ("sr-Latn", "sr_Latn"))
    ]


def test_a_changed_catalog_of_printkits_words_rebuilds_the_kit(tmp_path, run):
    """The build cache looks in the folder gettext names the language (pt_BR), not the tag's (pt-BR)."""
    root = polish_pack(tmp_path / "gen")
    (root / "pack.yaml").write_text("id: gen\ntitle: Generated\nlocales: [en, pt-BR]\n")
    catalog = root / "locales/pt_BR/LC_MESSAGES/printkit.po"
    catalog.parent.mkdir(parents=True)
    (root / "locales/pl/LC_MESSAGES/printkit.po").rename(catalog)
    catalog.write_text(catalog.read_text().replace("Language: pl", "Language: pt_BR"))
    pdf = tmp_path / "out/gen/gen-rulebook-pt-BR.pdf"
    assert run("build", root, "--lang", "pt-BR", "--out", tmp_path / "out")[0] == 0
    catalog.write_text(catalog.read_text().replace('msgstr "Strona {page}', 'msgstr "Página {page}'))
    assert run("build", root, "--lang", "pt-BR", "--out", tmp_path / "out")[0] == 0
    with pdfplumber.open(pdf) as rulebook:
        assert rulebook.pages[0].extract_text().splitlines()[-1] == 'Página 1 d\'un "z" \\ 1'


@pytest.mark.parametrize(
    ("tag", "forms"),
    [
        ("de", "nplurals=2; plural=(n != 1);"),
        ("fr", "nplurals=2; plural=(n > 1);"),  # not CLDR's three forms, the third a million's
        ("pt-BR", "nplurals=2; plural=(n > 1);"),  # by the catalog's name first, as msginit looks it up
        ("pt-PT", "nplurals=2; plural=(n != 1);"),  # then by its language
        ("ca", "nplurals=2; plural=(n != 1);"),  # since gettext 0.22
        (
            "sr-Latn",
            "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
        ),
    ],
)
def test_plural_forms_are_gettexts_where_its_table_has_the_language(tag, forms):
    from printkit.base.languages import plural_forms

    assert plural_forms(tag) == forms


@pytest.mark.slow
def test_printkits_table_of_plural_forms_is_what_msginit_writes(tmp_path):
    """Each language of the table as this machine's GNU msginit writes it; a gettext older than 0.22
    has no rule for Catalan."""
    from printkit.base.plural_table import GETTEXT_PLURAL_FORMS

    pot = tmp_path / "t.pot"
    pot.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n')
    written = {}
    for name in GETTEXT_PLURAL_FORMS:
        result = subprocess.run(
            ["msginit", "--no-translator", "-l", name, "-i", str(pot), "-o", "-"], capture_output=True, text=True
        )
        written[name] = polib.pofile(result.stdout).metadata.get("Plural-Forms")
    differing = {name for name, forms in GETTEXT_PLURAL_FORMS.items() if written[name] != forms}
    assert differing <= {"ca"} and written["ca"] in (GETTEXT_PLURAL_FORMS["ca"], None)


def test_the_plural_forms_header_does_not_depend_on_babels_table(monkeypatch):
    """Babel 2.19 gave French CLDR's three forms: a library's table changes no header printkit writes."""
    from babel.messages import plurals

    from printkit.base.languages import plural_forms
    from printkit.base.plural_table import GETTEXT_PLURAL_FORMS

    tags = [name.replace("_", "-") for name in GETTEXT_PLURAL_FORMS] + ["fa", "br"]
    before = {tag: plural_forms(tag) for tag in tags}
    for name in plurals.PLURALS:  # in place, as a module that imported the table by name sees it
        monkeypatch.setitem(plurals.PLURALS, name, (4, "(n % 4)"))
    assert {tag: plural_forms(tag) for tag in tags} == before
    assert before["fr"] == "nplurals=2; plural=(n > 1);"


@pytest.mark.parametrize(
    ("tag", "forms"),
    [
        ("yue", "nplurals=1; plural=0;"),
        ("fa", "nplurals=2; plural=((((n == 0)) || ((n == 1))) ? 0 : 1);"),
        (  # Manx: CLDR's "many" only fractions take is left out
            "gv",
            "nplurals=4; plural=((((0 == 0)) && (((n % 100) == 0) || ((n % 100) == 20) || ((n % 100) == 40) || "
            "((n % 100) == 60) || ((n % 100) == 80))) ? 2 : (((0 == 0)) && (((n % 10) == 1))) ? 0 : (((0 == 0)) && "
            "(((n % 10) == 2))) ? 1 : 3);",
        ),
    ],
)
def test_plural_forms_are_cldrs_where_the_table_lacks_a_language(tag, forms):
    from printkit.base.languages import plural_forms

    assert plural_forms(tag) == forms


@pytest.mark.parametrize(("tag", "nplurals", "many"), [("br", 5, 3), ("gl", 3, 1)])
def test_plural_forms_from_cldr_count_the_form_only_a_million_takes(tag, nplurals, many):
    """Breton's and Galician's "many" is 1,000,000 and its multiples, which no number to 1000 reaches
    (Galician's written with CLDR's exponent, which gettext cannot read)."""
    from printkit.base.languages import plural_forms, plural_problem, plural_rule

    forms = plural_forms(tag)
    rule = plural_rule(forms)
    assert forms.startswith(f"nplurals={nplurals}; ") and plural_problem(forms) is None and rule is not None
    assert [n for n in (999_999, 1_000_000, 1_000_001, 3_000_000, 10_000_000) if rule(n) == many] == [
        1_000_000,
        3_000_000,
        10_000_000,
    ]
    assert {rule(n) for n in range(1001)} == set(range(nplurals)) - {many}


def test_whole_numbers_count_the_forms_they_reach(monkeypatch):
    """Russian's fourth form (fractions) is left out, French's "many" (a million) counted: CLDR's rule
    of Russian, were it not in gettext's table, counts as gettext's does."""
    from babel import Locale

    from printkit.base import languages

    assert languages.whole_number_forms(Locale("ru").plural_form) == ["one", "few", "many"]
    assert languages.whole_number_forms(Locale("fr").plural_form) == ["one", "many", "other"]
    gettexts = languages.plural_rule(languages.GETTEXT_PLURAL_FORMS["ru"])
    monkeypatch.delitem(languages.GETTEXT_PLURAL_FORMS, "ru")
    forms = languages.plural_forms("ru")
    cldrs = languages.plural_rule(forms)
    assert forms.startswith("nplurals=3; ") and gettexts is not None and cldrs is not None
    assert [cldrs(n) for n in languages.WHOLE_NUMBERS] == [gettexts(n) for n in languages.WHOLE_NUMBERS]


@pytest.mark.slow
def test_every_language_cldr_knows_gets_a_plural_rule_msgfmt_takes_and_cldr_agrees_with():
    """Where gettext's table lacks a language, its rule gives each whole number the form CLDR gives it
    (one language of each of CLDR's rules)."""
    from babel import Locale

    from printkit.base.languages import WHOLE_NUMBERS, plural_forms, plural_problem, plural_rule, whole_number_forms
    from printkit.base.plural_table import GETTEXT_PLURAL_FORMS

    locales = (Locale.parse(name) for name in localedata.locale_identifiers())
    lacking = {frozenset(lc.plural_form.rules.items()): lc for lc in locales if lc.language not in GETTEXT_PLURAL_FORMS}
    assert len(lacking) > 10
    for locale in lacking.values():
        forms = plural_forms(str(locale))
        rule = plural_rule(forms)
        assert plural_problem(forms) is None and rule is not None, (str(locale), forms)
        categories = whole_number_forms(locale.plural_form)
        assert forms.startswith(f"nplurals={len(categories)}; "), (str(locale), forms)
        counted = [categories[rule(n)] for n in WHOLE_NUMBERS]
        assert counted == [locale.plural_form(n) for n in WHOLE_NUMBERS], str(locale)


def test_a_plural_rule_msgfmt_refuses_is_a_warning_and_printkit_counts_with_the_usual_one(tmp_path, run):
    """`plural=n/0` reads as a rule (gettext.c2py takes it) but divides by zero: once exit 3."""
    root = polish_pack(tmp_path / "gen")
    path = root / "locales/pl/LC_MESSAGES/printkit.po"
    path.write_text(
        POLISH.replace(
            "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
            "nplurals=2; plural=n/0;",
        )
    )
    problem = (
        f"{path}:5:1: the Plural-Forms header's plural expression can produce division by zero (write the "
        "language's usual rule, which printkit counts with until then: nplurals=3; plural=(n==1 ? 0 : "
        "n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);)"
    )
    code, out, err = run("build", root, "--lang", "pl", "--out", tmp_path / "out")
    assert (code, out, err.splitlines()[0]) == (0, "", f"printkit: warning: {problem}")
    own = words.of("pl", root)
    assert [own.form("count-card", n).format(count=n) for n in (1, 2, 5, 22)] == [
        "1 karta",
        "2 karty",
        "5 kart",
        "22 karty",
    ]
    assert run("i18n", "update", root)[0] == 0  # the pack's own catalog, which check wants first
    # the line after the Report-Msgid-Bugs-To field update adds from the template, as msgmerge does
    moved = problem.replace(f"{path}:5:1:", f"{path}:6:1:")
    assert moved in run("i18n", "check", root, "--lang", "pl")[2].splitlines()


def test_a_packs_catalog_with_a_plural_rule_msgfmt_refuses_is_a_problem(tiny, run):
    path = tiny / "locales/de/LC_MESSAGES/tiny.po"
    path.write_text(path.read_text().replace("nplurals=2; plural=(n != 1);", "nplurals=1; plural=n;"))
    code, _, err = run("i18n", "check", "tiny")
    assert (code, err.splitlines()[0]) == (
        1,
        "content/tiny/locales/de/LC_MESSAGES/tiny.po:12:1: the Plural-Forms header's nplurals = 1 but plural "
        "expression can produce values as large as 1 (write the language's usual rule, which printkit counts "
        "with until then: nplurals=2; plural=(n != 1);)",
    )
