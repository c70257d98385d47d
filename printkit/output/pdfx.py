"""The components PDF for print shops: CMYK, as PDF/X-4.

Takes: laid-out `Page`s (as `printkit.output.pdf` does) and the file to write.
Returns: nothing; writes a PDF/X-4 file: every colour DeviceCMYK, art images converted to CMYK, an
output intent carrying the CMYK profile the colours were converted with, and the keys PDF/X asks for
(GTS_PDFXVersion, Trapped, XMP metadata with pdfxid, a TrimBox on every page, fonts embedded).

Why X-4 rather than X-1a: art with an alpha channel is drawn through a soft mask, which is
transparency, and X-1a forbids it. Images are converted to CMYK here rather than kept RGB inside
an ICC-based space (which X-4 would allow), so that the shop's file has no RGB left to convert.

Neutral colours (grey, and the kit's near-black ink) print on the black plate alone, dark ones as
solid black (0 0 0 1): small text and thin marks in four-colour black blur when the plates do not
register, and a 90 % screen of black looks grey. Other colours go through the profile (perceptual).

The profile is Ghostscript's default CMYK profile (Artifex's SWOP profile), read from the installed
ghostscript package and never copied into printkit: Debian's icc-profiles-free has no CMYK profile.
"""

from __future__ import annotations

import io
import re
import uuid
from collections.abc import Iterable
from functools import cached_property
from glob import glob
from html import escape
from pathlib import Path
from typing import cast

from PIL import Image

from printkit.base.confine import pack_file_bytes
from printkit.layout.sheets import Page
from printkit.output.pdf import Ink, render_pdf

# where Ghostscript's installers put its profiles: Linux packages, Homebrew (Apple silicon, Intel), Windows
PROFILE_PATTERNS = (
    "/usr/share/ghostscript/*/iccprofiles/default_cmyk.icc",
    "/opt/homebrew/share/ghostscript/*/iccprofiles/default_cmyk.icc",
    "/usr/local/share/ghostscript/*/iccprofiles/default_cmyk.icc",
    "C:/Program Files/gs/gs*/iccprofiles/default_cmyk.icc",
)
PDFX_VERSION = "PDF/X-4"
NEUTRAL = 4  # channels at most this far apart (of 255) are a grey
SOLID_BLACK = 0.85  # a grey at least this dark prints as solid black


def cmyk_profile() -> Path | None:
    """The CMYK profile --pdfx converts with, or None when Ghostscript is not installed."""
    found = max(
        (path for pattern in PROFILE_PATTERNS for path in glob(pattern)),
        key=lambda path: (_version(path), path),
        default=None,
    )
    return Path(found) if found else None


def _version(path: str) -> tuple[int, ...]:
    """The version of the Ghostscript whose folder holds a profile (`…/10.00.0/iccprofiles/…`), as
    numbers: 10.00 is newer than 9.56, though it sorts before it as text (`gs10.02.1` on Windows)."""
    return tuple(int(number) for number in re.findall(r"\d+", Path(path).parent.parent.name))


class CmykInk(Ink):
    """Colours written as CMYK through the profile, greys on the black plate alone."""

    def __init__(self, profile: Path):
        self.profile = profile
        self._operands: dict[str, str] = {}  # a kit has a few dozen colours, each used many times

    @cached_property
    def _transform(self):
        from PIL import ImageCms  # only --pdfx loads LittleCMS

        return ImageCms.buildTransform(
            ImageCms.createProfile("sRGB"),
            ImageCms.getOpenProfile(str(self.profile)),
            "RGB",
            "CMYK",
            renderingIntent=ImageCms.Intent.PERCEPTUAL,
        )

    def fill(self, colour: str) -> str:
        return f"{self.cmyk(colour)} k"

    def stroke(self, colour: str) -> str:
        return f"{self.cmyk(colour)} K"

    def cmyk(self, colour: str) -> str:
        """A hex colour as the four operands of k or K."""
        if colour not in self._operands:
            self._operands[colour] = " ".join(f"{round(v, 4):g}" for v in self._converted(colour))
        return self._operands[colour]

    def _converted(self, colour: str) -> tuple[float, ...]:
        rgb = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
        if max(rgb) - min(rgb) <= NEUTRAL:
            black = 1 - sum(rgb) / 3 / 255
            return (0, 0, 0, 1 if black >= SOLID_BLACK else black)
        pixel = self._cmyk_image(Image.new("RGB", (1, 1), tuple(rgb))).getpixel((0, 0))
        return tuple(v / 255 for v in pixel)

    def _cmyk_image(self, image):
        """An RGB image converted. Through LittleCMS's transform itself: Pillow's apply() also writes
        the 187 kB profile into the result's info, 26 ms a call, a second for a kit's colours."""
        converted = Image.new("CMYK", image.size)
        self._transform.transform.apply(image.getim(), converted.getim())
        return converted

    def image_pixels(self, path: str) -> bytes:
        with Image.open(io.BytesIO(pack_file_bytes(Path(path)))) as image:
            if image.mode == "CMYK":
                return image.tobytes()
            return self._cmyk_image(image.convert("RGB")).tobytes()


def render_pdfx(pages: Iterable[Page], target: Path, profile: Path, *, title: str, subject: str, lang: str) -> None:
    """The kit drawn in CMYK into target, then made a PDF/X-4 file there. It has no /Duplex viewer
    preference: that is a PDF 1.7 key, and PDF/X-4 files are PDF 1.6 (a shop's press ignores it)."""
    render_pdf(pages, target, title=title, subject=subject, lang=lang, duplex=None, ink=CmykInk(profile))
    _declare_pdfx(target, profile, title)


def _declare_pdfx(target: Path, profile: Path, title: str) -> None:
    """The output intent, the version keys and the XMP metadata PDF/X asks for, added to the file
    (the profile and the intent are indirect objects, which pypdf adds only by its _add_object)."""
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import (
        ArrayObject,
        DecodedStreamObject,
        DictionaryObject,
        NameObject,
        NumberObject,
        TextStringObject,
    )

    reader = PdfReader(io.BytesIO(target.read_bytes()))
    writer = PdfWriter(clone_from=reader)
    writer.pdf_header = b"%PDF-1.6"  # PDF/X-4 is based on PDF 1.6
    decoded = DecodedStreamObject()
    decoded.set_data(profile.read_bytes())
    decoded[NameObject("/N")] = NumberObject(4)
    icc = decoded.flate_encode()
    description = profile_description(profile)
    intent = DictionaryObject(
        {
            NameObject("/Type"): NameObject("/OutputIntent"),
            NameObject("/S"): NameObject("/GTS_PDFX"),
            NameObject("/OutputConditionIdentifier"): TextStringObject("Custom"),
            NameObject("/OutputCondition"): TextStringObject(description),
            NameObject("/Info"): TextStringObject(description),
            NameObject("/RegistryName"): TextStringObject("http://www.color.org"),
            NameObject("/DestOutputProfile"): writer._add_object(icc),
        }
    )
    writer.root_object[NameObject("/OutputIntents")] = ArrayObject([writer._add_object(intent)])
    # reportlab writes the dates and /Trapped /False (printkit traps nothing) PDF/X asks for
    writer.add_metadata({"/GTS_PDFXVersion": PDFX_VERSION, "/Title": title})
    info = reader.metadata
    assert info is not None, "reportlab writes an information dictionary"
    created = str(info["/CreationDate"])
    document = cast(ArrayObject, reader.trailer["/ID"])[0].original_bytes.hex()  # reportlab's, from the content
    described = {key: str(info.get(key, "")) for key in ("/Author", "/Producer", "/Subject", "/Keywords")}
    writer.xmp_metadata = _xmp(title, described, _xmp_date(created), _xmp_date(str(info["/ModDate"])), document)
    metadata = cast(DictionaryObject, writer.root_object["/Metadata"].get_object())
    metadata[NameObject("/Type")] = NameObject("/Metadata")
    metadata[NameObject("/Subtype")] = NameObject("/XML")
    with target.open("wb") as out:
        writer.write(out)


def profile_description(profile: Path) -> str:
    """The profile's own name for itself (Artifex CMYK SWOP Profile)."""
    from PIL import ImageCms

    return ImageCms.getProfileDescription(ImageCms.getOpenProfile(str(profile))).strip()


def _xmp_date(pdf_date: str) -> str:
    """A PDF date (D:20000101000000+00'00') as XMP writes it (2000-01-01T00:00:00+00:00)."""
    d = pdf_date.removeprefix("D:")
    zone = "Z" if d[14:15] in ("", "Z") else f"{d[14]}{d[15:17]}:{d[18:20]}"
    return f"{d[0:4]}-{d[4:6]}-{d[6:8]}T{d[8:10]}:{d[10:12]}:{d[12:14]}{zone}"


def _xmp(title: str, described: dict[str, str], created: str, modified: str, document: str) -> bytes:
    """The XMP metadata of a PDF/X-4 file: its version, title, dates, what the information dictionary
    says of it (described: its /Author, /Producer, /Subject and /Keywords, which XMP must repeat
    word for word), and the document and version ids it asks for (the document's made from the file
    identifier, so the same kit gives the same bytes)."""
    identifier = f"uuid:{uuid.UUID(document[:32])}"
    author, producer = escape(described["/Author"]), escape(described["/Producer"])
    subject, keywords = escape(described["/Subject"]), escape(described["/Keywords"])
    return f"""<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about=""
 xmlns:dc="http://purl.org/dc/elements/1.1/"
 xmlns:xmp="http://ns.adobe.com/xap/1.0/"
 xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"
 xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
 xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/">
<dc:title><rdf:Alt><rdf:li xml:lang="x-default">{escape(title)}</rdf:li></rdf:Alt></dc:title>
<dc:creator><rdf:Seq><rdf:li>{author}</rdf:li></rdf:Seq></dc:creator>
<dc:description><rdf:Alt><rdf:li xml:lang="x-default">{subject}</rdf:li></rdf:Alt></dc:description>
<dc:format>application/pdf</dc:format>
<pdf:Producer>{producer}</pdf:Producer>
<pdf:Keywords>{keywords}</pdf:Keywords>
<xmp:CreateDate>{created}</xmp:CreateDate>
<xmp:ModifyDate>{modified}</xmp:ModifyDate>
<xmp:MetadataDate>{modified}</xmp:MetadataDate>
<xmp:CreatorTool>printkit</xmp:CreatorTool>
<xmpMM:DocumentID>{identifier}</xmpMM:DocumentID>
<xmpMM:VersionID>1</xmpMM:VersionID>
<xmpMM:RenditionClass>default</xmpMM:RenditionClass>
<pdf:Trapped>False</pdf:Trapped>
<pdfxid:GTS_PDFXVersion>{PDFX_VERSION}</pdfxid:GTS_PDFXVersion>
</rdf:Description>
</rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>""".encode()
