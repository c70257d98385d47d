"""`printkit i18n init` edits a stranger's pack.yaml: it declares the new locale and leaves every
other byte as it was, however the file's lines end and wherever it has tabs, or refuses and leaves
the file byte-identical. A tab after a colon (which printkit's YAML reader takes, and PyYAML's
pure-Python one did not) ended in exit 3; lines ending in NEL put the new locale into the title.
`i18n update` with a catalog of printkit's words claiming 999,999,999 plural forms ran out of memory."""

import pytest

from printkit.commands import catalogs

COMPONENTS = "cards:\n  - {id: ember, name: Ember}\n"


def _pack(tmp_path, pack_yaml: str):
    root = tmp_path / "kit"
    root.mkdir()
    (root / "pack.yaml").write_bytes(pack_yaml.encode("utf-8"))
    (root / "components.yaml").write_text(COMPONENTS)
    return root


CASES = {  # pack.yaml -> pack.yaml with fr declared
    "a tab after a colon": ("id: kit\ntitle:\tKit\n", "id: kit\ntitle:\tKit\nlocales: [en, fr]\n"),
    "a tab in the list": ("id: kit\ntitle: Kit\nlocales: [en,\tde]\n", "id: kit\ntitle: Kit\nlocales: [en,\tde, fr]\n"),
    "NEL before the title": (
        "id: kit\x85locales:\x85  - en\x85title: Kit\n",
        "id: kit\x85locales:\x85  - en\x85  - fr\x85title: Kit\n",
    ),
    "LS, the last line unended": (
        "id: kit\u2028title: Kit\u2028locales:\u2028  - en",
        "id: kit\u2028title: Kit\u2028locales:\u2028  - en\u2028  - fr\u2028",
    ),
    "CR": ("id: kit\rtitle: Kit\rlocales:\r  - en\r", "id: kit\rtitle: Kit\rlocales:\r  - en\r  - fr\r"),
    "PS, no locales": ("id: kit\u2029title: Kit\u2029", "id: kit\u2029title: Kit\u2029locales: [en, fr]\u2029"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_init_declares_the_locale_and_leaves_every_other_byte(run, tmp_path, case):
    before, after = CASES[case]
    pack = _pack(tmp_path, before)
    code, out, err = run("i18n", "init", pack, "--lang", "fr")
    assert (code, err) == (0, "")
    assert out.splitlines()[:2] == [f"wrote {pack}/pack.yaml", f"wrote {pack}/locales/fr/LC_MESSAGES/kit.po"]
    assert (pack / "pack.yaml").read_bytes().decode("utf-8") == after


def test_init_puts_pack_yaml_back_when_the_edit_would_read_otherwise(run, tmp_path, monkeypatch):
    """As the edit of a file of NEL lines once did: fr went into the title, and locales stayed."""
    before = "id: kit\x85locales:\x85  - en\x85title: Kit\n"
    pack = _pack(tmp_path, before)
    monkeypatch.setattr(catalogs, "_with_locale", lambda text, locale, shown: text.replace("Kit", "Kit  - fr"))
    code, out, err = run("i18n", "init", pack, "--lang", "fr")
    assert (code, out, err.splitlines()) == (
        1,
        "",
        [
            f"{pack}/pack.yaml:1:1: locales: pack.yaml reads otherwise with it added: cannot add fr (add fr to "
            f"'locales:' in {pack}/pack.yaml yourself, then run 'printkit i18n init --lang fr' again)",
            "1 problem found",
        ],
    )
    assert (pack / "pack.yaml").read_bytes().decode("utf-8") == before
    assert not (pack / "locales").exists()


def test_update_counts_a_catalog_claiming_a_billion_plural_forms_with_cldrs(run, tmp_path):
    pack = _pack(tmp_path, "id: kit\ntitle: Kit\nlocales: [en, de]\n")
    words = pack / "locales" / "de" / "LC_MESSAGES" / "printkit.po"
    words.parent.mkdir(parents=True)
    words.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: de\\n"\n'
        '"Plural-Forms: nplurals=999999999; plural=(n != 1);\\n"\n'
    )
    assert run("i18n", "update", pack) == (
        0,
        f"wrote {pack}/locales/kit.pot\nwrote {pack}/locales/de/LC_MESSAGES/kit.po\nwrote {words}\n",
        "",
    )
    plurals = [line for line in words.read_text().splitlines() if line.startswith("msgstr[")]
    assert plurals and {line.split("]")[0] for line in plurals} == {"msgstr[0", "msgstr[1"}  # German's two
