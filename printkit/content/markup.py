"""printkit's inline markup, read in this one place for component text, rulebook prose and catalogs.

Takes: text written with `**bold**`, `*italic*`, inline icons `[fire]` (`\\[` writes a plain
bracket) and line breaks; rulebook prose also takes `` `code` `` (printed as written, other
markup in it too).
Returns: the text as `Token`s, each piece as written (what the pseudo-locale leaves untouched and
a translation must keep), or as `Run`s in their style: words, spaces, line breaks, icons and code
(what faces draw and the rulebook turns into HTML). A `**` or `*` switches bold or italic on or
off, up to the end of the text. `has_words` says whether a text is a message; `kept` lists what a translation must keep ({placeholders},
[icons], ▶); `unknown_icon` says what is wrong with an icon printkit lacks.
"""

from __future__ import annotations

import re
from typing import Literal, NamedTuple

from printkit.base.errors import did_you_mean
from printkit.base.icons import Icons
from printkit.content.braces import KEPT

_MARKUP = r"\\\[|\*\*|\*|\[[a-z0-9-]+\]|\n| +"  # \[, **, *, [icon], a line break, spaces
_TOKENS = re.compile(f"({_MARKUP})")
_TOKENS_WITH_CODE = re.compile(f"(`[^`\\n]+`|{_MARKUP})")
TokenKind = Literal["bold", "italic", "bracket", "icon", "code", "break", "space", "text"]
_KINDS: dict[str, TokenKind] = {"\\[": "bracket", "**": "bold", "*": "italic", "\n": "break"}


_ICON_OR_BRACKET = re.compile(r"\\\[|\[[a-z0-9-]+\]")
_LETTER = re.compile(r"[^\W\d_]")


def has_words(text: str) -> bool:
    """Whether a text holds words to translate: a letter outside its {placeholders} and [icons]
    (`P1` is a player's label, `S1` in German). `⬇`, `+2 [fire]` and `{count}` hold none, so they
    are not messages."""
    return _LETTER.search(_ICON_OR_BRACKET.sub(" ", KEPT.sub(" ", text))) is not None


class Token(NamedTuple):  # tuples: a deck has thousands, made a quarter faster than dataclasses
    kind: TokenKind
    written: str  # the token as the text writes it


class Run(NamedTuple):
    kind: Literal["text", "icon", "code", "break", "space"]
    text: str  # what is shown: the words, the spaces, the code, or the icon's name
    bold: bool = False
    italic: bool = False


def tokens(text: str, *, code: bool = False) -> list[Token]:
    """The text cut into its markup and the text between; with code, `code` spans are tokens too."""
    found = []
    for piece in (_TOKENS_WITH_CODE if code else _TOKENS).split(text):
        if not piece:
            continue
        kind = _KINDS.get(piece)
        if kind is None:
            if piece.startswith("[") and piece.endswith("]"):  # "[Fire]" too: an icon misspelt, not text
                kind = "icon"
            elif code and len(piece) > 2 and piece.startswith("`") and piece.endswith("`"):
                kind = "code"
            else:
                kind = "space" if piece.isspace() else "text"
        found.append(Token(kind, piece))
    return found


def runs(text: str, *, code: bool = False) -> list[Run]:
    """The text as runs in the style that the bold and italic switches before them leave on."""
    bold = italic = False
    found = []
    for token in tokens(text, code=code):
        if token.kind == "bold":
            bold = not bold
        elif token.kind == "italic":
            italic = not italic
        elif token.kind == "bracket":
            found.append(Run("text", "[", bold, italic))
        elif token.kind in ("icon", "code"):
            found.append(Run(token.kind, token.written[1:-1], bold, italic))
        else:
            found.append(Run(token.kind, token.written, bold, italic))
    return found


_MARKED = re.compile(r"[\\*\[\n]")  # a character that may start markup (a line break is markup too)


def plain_words(text: str) -> list[str] | None:
    """The words of a text without markup, as runs would give them (its text runs: cut at its
    spaces), or None when the text has markup. Most component text has none: read without a run
    for each word and each space."""
    if _MARKED.search(text):
        return None
    return [piece for piece in text.split(" ") if piece and not piece.isspace()]


def kept(text: str) -> list[str]:
    """What a translation must keep as written: every {placeholder}, [icon] and ▶ of text, in order."""
    found = []
    for token in tokens(text):
        if token.kind == "icon":
            found.append(token.written)
        elif token.kind == "text":
            found += KEPT.findall(token.written)
    return found


def unknown_icon(name: str, icons: Icons) -> tuple[str, str] | None:
    """(message, hint) when neither printkit nor the pack (icons) has an icon of this name, else None."""
    if name in icons:
        return None
    hint = did_you_mean(name, icons.names()) or f"{icons.known()}; write \\[ for a plain bracket"
    return f"names an unknown icon '[{name}]'", hint
