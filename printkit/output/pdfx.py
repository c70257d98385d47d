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

The profile is the one printkit ships for the printing condition the user chose
(printkit.output.conditions), and the output intent names that condition as the ICC registry does.
How far each component's colours move on the way (CIEDE2000, the colour against its ink seen
through the profile) is measured as the file is drawn, for the build's summary.
"""

from __future__ import annotations

import io
import uuid
from collections.abc import Iterable, Iterator
from functools import cached_property
from html import escape
from pathlib import Path
from typing import cast

from PIL import Image

from printkit.base.confine import pack_file_bytes
from printkit.layout.sheets import Page
from printkit.output.conditions import REGISTRY, OutputCondition
from printkit.output.pdf import Ink, render_pdf

PDFX_VERSION = "PDF/X-4"
NEUTRAL = 4  # channels at most this far apart (of 255) are a grey
SOLID_BLACK = 0.85  # a grey at least this dark prints as solid black


class CmykInk(Ink):
    """Colours written as CMYK through the profile, greys on the black plate alone."""

    def __init__(self, profile: Path):
        self.profile = profile
        self._operands: dict[str, str] = {}  # a kit has a few dozen colours, each used many times
        self._shifts: dict[str, float] = {}

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
        rgb = _rgb(colour)
        if max(rgb) - min(rgb) <= NEUTRAL:
            return (0, 0, 0, 1 if 1 - sum(rgb) / 3 / 255 >= SOLID_BLACK else self._black_for(rgb))
        pixel = self._cmyk_image(Image.new("RGB", (1, 1), rgb)).getpixel((0, 0))
        return tuple(v / 255 for v in pixel)

    def _black_for(self, rgb: tuple[int, int, int]) -> float:
        """The screen of black that prints a grey as light as it is on screen: the press darkens a
        screen (dot gain), so a 50 % grey printed as 50 % black came out 10 to 12 units lighter."""
        lightness = self._wanted(rgb)["lightness"]
        ramp = self._black_ramp
        return min(range(256), key=lambda k: abs(ramp[k] - lightness)) / 255

    @cached_property
    def _black_ramp(self) -> list[float]:
        """The lightness (L*) each of the 256 screens of black alone prints at."""
        ramp = Image.frombytes("CMYK", (256, 1), bytes(v for k in range(256) for v in (0, 0, 0, k)))
        pixels = _through(self._to_lab[1], ramp, "LAB")
        return [_lab_values(pixels.getpixel((k, 0)))[0] for k in range(256)]

    def shift(self, colour: str) -> float:
        """How far a colour moves on the press: CIEDE2000 between the colour wanted and its ink as
        the profile says it prints (relative colorimetric: the paper is the white)."""
        if colour not in self._shifts:
            from coloraide import Color

            printed = self._lab(_rgb(colour), tuple(round(v * 255) for v in self._converted(colour)))[1]
            self._shifts[colour] = self._wanted(_rgb(colour)).delta_e(Color("lab", printed), method="2000")
        return self._shifts[colour]

    def _wanted(self, rgb: tuple[int, int, int]):
        """The screen's colour (sRGB) as the press is asked to print it: CIELAB with black point
        compensation, the screen's black taken as solid black ink, the darkest a kit prints (or
        every black text would count as a shift of 10 to 13 units)."""
        from coloraide import Color

        black = Color("lab", self._lab((0, 0, 0), (0, 0, 0, 255))[1]).convert("xyz-d50")
        white = Color("lab", [100, 0, 0]).convert("xyz-d50")
        screen = Color("lab", self._lab(rgb, (0, 0, 0, 0))[0]).convert("xyz-d50")
        compensated = [k + v * (w - k) / w for v, k, w in zip(screen[:3], black[:3], white[:3], strict=True)]
        return Color("xyz-d50", compensated).convert("lab")

    def _lab(self, rgb: tuple[int, ...], cmyk: tuple[int, ...]) -> tuple[list[float], list[float]]:
        """An sRGB colour and a CMYK ink as CIELAB (D50) by LittleCMS (8 bits a channel, so a
        shift is known to about half a unit, well under the one a reader can see)."""
        screen = _through(self._to_lab[0], Image.new("RGB", (1, 1), rgb), "LAB")
        press = _through(self._to_lab[1], Image.new("CMYK", (1, 1), cmyk), "LAB")
        return _lab_values(screen.getpixel((0, 0))), _lab_values(press.getpixel((0, 0)))

    @cached_property
    def _to_lab(self):
        """sRGB to CIELAB, and this profile's CMYK to CIELAB (relative colorimetric)."""
        from PIL import ImageCms

        lab, relative = ImageCms.createProfile("LAB"), ImageCms.Intent.RELATIVE_COLORIMETRIC
        screen = ImageCms.createProfile("sRGB")
        press = ImageCms.getOpenProfile(str(self.profile))
        return (
            ImageCms.buildTransform(screen, lab, "RGB", "LAB", relative),
            ImageCms.buildTransform(press, lab, "CMYK", "LAB", relative),
        )

    def _cmyk_image(self, image):
        """An RGB image converted."""
        return _through(self._transform, image, "CMYK")

    def image_pixels(self, path: str) -> bytes:
        with Image.open(io.BytesIO(pack_file_bytes(Path(path)))) as image:
            if image.mode == "CMYK":
                return image.tobytes()
            return self._cmyk_image(image.convert("RGB")).tobytes()


def _through(transform, image, mode: str):
    """An image converted by a transform. Through LittleCMS's transform itself: Pillow's apply() also
    writes the 187 kB profile into the result's info, 26 ms a call, a second for a kit's colours."""
    converted = Image.new(mode, image.size)
    transform.transform.apply(image.getim(), converted.getim())
    return converted


def _rgb(colour: str) -> tuple[int, int, int]:
    return (int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16))


def _lab_values(pixel) -> list[float]:
    """Pillow's 8-bit LAB pixel (L 0-255, a and b 128 for 0) as L*, a*, b*."""
    lightness, a, b = pixel
    return [lightness * 100 / 255, a - 128, b - 128]


def render_pdfx(
    pages: Iterable[Page], target: Path, condition: OutputCondition, *, title: str, subject: str, lang: str
) -> dict[str, tuple[float, str]]:
    """The kit drawn in CMYK into target, then made a PDF/X-4 file there. It has no /Duplex viewer
    preference: that is a PDF 1.7 key, and PDF/X-4 files are PDF 1.6 (a shop's press ignores it).
    Returns by component id the colour of it that shifts most, with the shift (CIEDE2000)."""
    ink = CmykInk(condition.profile)
    colours: dict[str, set[str]] = {}
    render_pdf(_noting_colours(pages, colours), target, title=title, subject=subject, lang=lang, duplex=None, ink=ink)
    _declare_pdfx(target, condition, title)
    return {
        component: max(((ink.shift(c), c) for c in sorted(used)), default=(0.0, "#ffffff"))
        for component, used in colours.items()
    }


def _noting_colours(pages: Iterable[Page], colours: dict[str, set[str]]) -> Iterator[Page]:
    """The pages as they go to be drawn, each component's colours noted in colours by its id."""
    for page in pages:
        for placement in page.placements:
            used = colours.setdefault(placement.component.id, set())
            for shape in placement.drawing:
                used.update(c for c in (getattr(shape, n, None) for n in ("fill", "stroke", "color")) if c)
        yield page


def _declare_pdfx(target: Path, condition: OutputCondition, title: str) -> None:
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
    decoded.set_data(condition.profile.read_bytes())
    decoded[NameObject("/N")] = NumberObject(4)
    icc = decoded.flate_encode()
    intent = DictionaryObject(
        {
            NameObject("/Type"): NameObject("/OutputIntent"),
            NameObject("/S"): NameObject("/GTS_PDFX"),
            NameObject("/OutputConditionIdentifier"): TextStringObject(condition.identifier),
            NameObject("/OutputCondition"): TextStringObject(condition.condition),
            NameObject("/Info"): TextStringObject(profile_description(condition.profile)),
            NameObject("/RegistryName"): TextStringObject(REGISTRY),
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
    """The profile's own name for itself (FOGRA39L Coated (printkit))."""
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
