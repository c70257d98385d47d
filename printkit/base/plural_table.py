"""GNU gettext's own table of `Plural-Forms:` headers, the one msginit writes from.

Takes: nothing. Returns: `GETTEXT_PLURAL_FORMS`, a catalog name (`pt_BR`) or language (`fr`) to its header.
Transcribed from GNU gettext 1.0 (2026-01-29), gettext-tools/src/plural-table.c, unchanged since gettext
0.22 added Catalan; formulas from the gettext manual, node "Plural forms". printkit keeps its own copy
so the header it writes for a language never changes with a library's upgrade (Babel 2.19 gave French
CLDR's three forms). Kept in gettext's order, to compare with its next release.
"""

GETTEXT_PLURAL_FORMS: dict[str, str] = {
    "ja": "nplurals=1; plural=0;",  # Japanese
    "vi": "nplurals=1; plural=0;",  # Vietnamese
    "ko": "nplurals=1; plural=0;",  # Korean
    "en": "nplurals=2; plural=(n != 1);",  # English
    "de": "nplurals=2; plural=(n != 1);",  # German
    "nl": "nplurals=2; plural=(n != 1);",  # Dutch
    "sv": "nplurals=2; plural=(n != 1);",  # Swedish
    "da": "nplurals=2; plural=(n != 1);",  # Danish
    "no": "nplurals=2; plural=(n != 1);",  # Norwegian
    "nb": "nplurals=2; plural=(n != 1);",  # Norwegian Bokmal
    "nn": "nplurals=2; plural=(n != 1);",  # Norwegian Nynorsk
    "fo": "nplurals=2; plural=(n != 1);",  # Faroese
    "es": "nplurals=2; plural=(n != 1);",  # Spanish
    "pt": "nplurals=2; plural=(n != 1);",  # Portuguese
    "it": "nplurals=2; plural=(n != 1);",  # Italian
    "bg": "nplurals=2; plural=(n != 1);",  # Bulgarian
    "el": "nplurals=2; plural=(n != 1);",  # Greek
    "fi": "nplurals=2; plural=(n != 1);",  # Finnish
    "et": "nplurals=2; plural=(n != 1);",  # Estonian
    "he": "nplurals=2; plural=(n != 1);",  # Hebrew
    "eo": "nplurals=2; plural=(n != 1);",  # Esperanto
    "hu": "nplurals=2; plural=(n != 1);",  # Hungarian
    "tr": "nplurals=2; plural=(n != 1);",  # Turkish
    "ca": "nplurals=2; plural=(n != 1);",  # Catalan
    "pt_BR": "nplurals=2; plural=(n > 1);",  # Brazilian
    "fr": "nplurals=2; plural=(n > 1);",  # French
    "lv": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n != 0 ? 1 : 2);",  # Latvian
    "ga": "nplurals=3; plural=n==1 ? 0 : n==2 ? 1 : 2;",  # Irish
    "ro": "nplurals=3; plural=n==1 ? 0 : (n==0 || (n%100 > 0 && n%100 < 20)) ? 1 : 2;",  # Romanian
    "lt": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && (n%100<10 || n%100>=20) ? 1 : 2);",  # Lithuanian
    "ru": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",  # Russian
    "uk": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",  # Ukrainian
    "be": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",  # Belarusian
    "sr": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",  # Serbian
    "hr": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",  # Croatian
    "cs": "nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;",  # Czech
    "sk": "nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;",  # Slovak
    "pl": "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",  # Polish
    "sl": "nplurals=4; plural=(n%100==1 ? 0 : n%100==2 ? 1 : n%100==3 || n%100==4 ? 2 : 3);",  # Slovenian
}
