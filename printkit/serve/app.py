"""The preview's web application: pages rendered on the server, face images, rulebooks, deck lists, events.

Takes: the `Preview` of each pack served (by pack id), the language to open packs in (or None) and
a function that tells whether the server is stopping.
Returns: a Starlette application that answers only its own routes (DESIGN.md's contract of
`printkit serve`): no URL is mapped onto a file, and a request for another host than the loopback
one is refused (a web page elsewhere must not read the pack through the browser: DNS rebinding),
as is a form sent by a page of another site. A deck list is checked, and its page made, in a child
process bounded in time and memory, one at a time per pack, and a pack's rulebook is typeset by one
child at a time: no other request waits for a list or a rulebook.
`Events` carries `event: update` to every open page.
"""

from __future__ import annotations

import asyncio
import json
import mimetypes
from collections.abc import AsyncIterator, Callable
from functools import partial
from pathlib import Path
from urllib.parse import parse_qs, quote, urlencode

from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import Headers
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from printkit.base.confine import Refused
from printkit.base.errors import counted
from printkit.base.languages import own_name
from printkit.base.package_data import folder
from printkit.content.components import COMPONENT_KINDS
from printkit.content.load import DECKS_DIR
from printkit.content.pack import Pack
from printkit.i18n import words
from printkit.serve.decklists import (
    DeckCheck,
    built_list,
    check,
    gallery_deck,
    list_rule_sets,
    pack_lists,
    pickable,
    save_list,
)
from printkit.serve.gallery import FACE_MODES, ZOOMS, View, face_dpis, facets, labels
from printkit.serve.outputs import OUTPUT_FOLDER, built, output_file
from printkit.serve.packs import FACES, SCREEN_DPI, SHEET_DPI, Drawn, Preview, Snapshot

NO_LANGUAGE = "-"  # in the address of the page of a pack that has not loaded yet, which has no languages
LOOPBACK_HOSTS = ["127.0.0.1", "localhost"]
ASSETS = {"preview.css": "text/css; charset=utf-8", "preview.js": "text/javascript; charset=utf-8"}
ASSET_FOLDER = folder("printkit.serve", "assets")
KEEP_ALIVE_SECONDS = 15.0
STOP_POLL_SECONDS = 0.25  # how soon an open event stream ends once the server stops
MAX_FORM_BYTES = 1024 * 1024
DECK_KEYS = ("deck", "add", "remove", "open", "rules")  # the gallery's deck in a pack page's address
SAFE_METHODS = ("GET", "HEAD")  # what a page of another site may ask: nothing that acts on what it sends
_templates = Environment(
    loader=FileSystemLoader(folder("printkit.serve", "templates")),
    autoescape=select_autoescape(default=True),
    trim_blocks=True,
    lstrip_blocks=True,
    cache_size=-1,  # a dict, not Jinja's LRU cache and its lock, which a child forked to check a list could inherit held
)
_templates.globals.update(own_name=own_name, counted=counted)


class Events:
    """The open event streams, each a queue of (event, data) to send."""

    def __init__(self) -> None:
        self.queues: set[asyncio.Queue] = set()

    def publish(self, event: str, data: dict) -> None:
        for queue in self.queues:
            queue.put_nowait((event, json.dumps(data)))


def application(previews: dict[str, Preview], language: str | None, events: Events, stopping: Callable[[], bool]):
    figures: dict[tuple[str, str], dict] = {}  # by pack and language: the HTML of each component's version

    rulebook_turns = {pack_id: asyncio.Lock() for pack_id in previews}  # one child typesets a pack's rulebook
    list_turns = {pack_id: asyncio.Lock() for pack_id in previews}  # one child checks a pack's list

    def page(name: str, status: int = 200, **values) -> HTMLResponse:
        if "w" not in values:  # a page of no one pack's language: in the one --lang asks for, if printkit has it
            shown = language if language in words.locales() else words.SOURCE_LOCALE
            values.update(w=words.of(shown), lang=shown)
        return HTMLResponse(_templates.get_template(name).render(**values), status_code=status)

    def not_found(what: str) -> HTMLResponse:
        return page("missing.html", 404, what=what)

    def preview_of(request: Request) -> Preview | None:
        return previews.get(request.path_params["pack"])

    def language_of(preview: Preview, request: Request) -> str | None:
        lang = request.path_params["lang"]
        return lang if lang in preview.languages() else None

    async def index(request: Request) -> Response:
        return page("index.html", packs=list(previews.values()))

    async def pack_home(request: Request) -> Response:
        preview = preview_of(request)
        if preview is None:
            return not_found("no such pack")
        languages = preview.languages()
        if not languages:  # it has never loaded: its problems are what there is to show
            return RedirectResponse(f"/packs/{preview.id}/{NO_LANGUAGE}/", status_code=307)
        lang = language if language in languages else languages[0]
        return RedirectResponse(f"/packs/{preview.id}/{lang}/", status_code=307)

    async def pack_page(request: Request) -> Response:
        preview = preview_of(request)
        if preview is None:
            return not_found("no such pack")
        snapshot = preview.snapshot  # read once: a reload meanwhile shows on the next fetch, never half
        lang = request.path_params["lang"]
        if snapshot.pack is None:  # it has never loaded: only its problems are shown, in no language
            if lang != NO_LANGUAGE:
                return not_found(f"{preview.id} has not loaded yet; its page is /packs/{preview.id}/{NO_LANGUAGE}/")
            drawn = None
        elif lang not in snapshot.pack.meta.locales:
            if lang == NO_LANGUAGE:  # the page of a pack that did not load, which now does
                return RedirectResponse(f"/packs/{preview.id}/", status_code=307)
            return not_found(f"{preview.id} is not translated to {lang}")
        else:
            drawn = await run_in_threadpool(preview.drawn, lang, snapshot)
        query = request.query_params
        if snapshot.pack is not None and (query.get("add") or query.get("remove")):  # a click, scripts off
            return await clicked(preview.id, lang, snapshot.pack, request)
        view = View.of(request.query_params, request.query_params.getlist("field"))
        backs = await run_in_threadpool(preview.backs, lang, snapshot) if drawn is not None else {}
        tags, fields = facets(drawn.pack.components if drawn and drawn.pack else ())
        # printkit's own words in the page's language (English while the pack has never loaded)
        own = await run_in_threadpool(words.of, lang if drawn is not None else words.SOURCE_LOCALE, preview.root)
        deck_html = Markup("")  # the gallery's deck, where the pack has a rule set for lists
        if drawn is not None and snapshot.pack is not None and list_rule_sets(snapshot.pack):
            deck_html = await deck_panel(preview, snapshot.pack, drawn, lang, request)
        deckable = bool(deck_html)
        sections = _figures(
            preview, snapshot, lang, drawn, view, backs, own, deckable, figures.setdefault((preview.id, lang), {})
        )
        return page(
            "pack.html",
            w=own,
            headings={section: _counted(own, section, len(shown)) for section, shown in sections.items()},
            section_names={
                section: _counted(own, section, len(items)) for section, items in snapshot.sections().items()
            },
            preview=preview,
            title=_title(preview, snapshot, drawn),
            lang=lang,
            languages=list(snapshot.pack.meta.locales) if snapshot.pack else [],
            has_rulebook=snapshot.pack is not None and snapshot.pack.rulebook is not None,
            sections=sections,
            shown=sum(map(len, sections.values())),
            total=len(snapshot.shown),
            view=view,
            tags=tags,
            fields=fields,
            labels=labels(drawn.pack.meta if drawn and drawn.pack else None, own, tags, fields),
            zooms=ZOOMS,
            face_modes=FACE_MODES,
            query=request.url.query,
            outputs=await run_in_threadpool(built, preview.id, lang) if drawn is not None else [],
            output_folder=OUTPUT_FOLDER,
            problems=list(snapshot.problems) + list(drawn.problems if drawn else ()),
            deck=deck_html,
        )

    async def clicked(pack_id: str, lang: str, pack: Pack, request: Request) -> Response:
        """The gallery's address with the deck a click made in it (see other, 303): reloading the
        page, or switching its language, does not click again."""
        query = request.query_params
        rules = query.get("rules") or None
        _, copies = await run_in_threadpool(
            built_list, pack, rules, query.get("deck", ""), query.get("add", ""), query.get("remove", "")
        )
        kept = [(key, value) for key, value in query.multi_items() if key not in ("add", "remove", "deck")]
        deck = " ".join(f"{component_id}:{count}" for component_id, count in copies.items())
        return RedirectResponse(f"/packs/{pack_id}/{lang}/?{urlencode([*kept, ('deck', deck)])}#deck", 303)

    async def deck_panel(preview: Preview, pack: Pack, drawn: Drawn, lang: str, request: Request) -> Markup:
        """The gallery's deck as the address says it (built by clicks, or opened from decks/), checked."""
        query = request.query_params
        rule_sets = list_rule_sets(pack)
        titled = (drawn.pack or pack).meta.rules
        rules = query.get("rules") if query.get("rules") in rule_sets else None
        show = partial(
            _deck_panel,
            pack_id=preview.id,
            lang=lang,
            root=preview.root,
            kept=[(key, value) for key, value in query.multi_items() if key not in DECK_KEYS],
            rule_sets=[(rule_set, titled[rule_set].title) for rule_set in rule_sets],
            lists=await run_in_threadpool(pack_lists, pack),
            names={c.id: c.name or c.id for c in (drawn.pack or pack).components},
        )
        deck, add, remove, opened = (query.get(key, "") for key in ("deck", "add", "remove", "open"))
        if not (deck or add or opened):
            return Markup(show(None, "", {}, rules))
        async with list_turns[preview.id]:
            made = await run_in_threadpool(gallery_deck, pack, rules, deck, add, remove, opened or None, show)
        return Markup(made)

    async def deck(request: Request) -> Response:
        preview = preview_of(request)
        if preview is None or language_of(preview, request) is None:
            return not_found("no such pack or language")
        snapshot = preview.snapshot
        if snapshot.pack is None or not list_rule_sets(snapshot.pack):
            return not_found(f"{preview.id} has no rule set for deck lists")
        drawn = await run_in_threadpool(preview.drawn, request.path_params["lang"], snapshot)
        return HTMLResponse(await deck_panel(preview, snapshot.pack, drawn, request.path_params["lang"], request))

    async def face(request: Request) -> Response:
        preview = preview_of(request)
        if preview is None or language_of(preview, request) is None or request.path_params["face"] not in FACES:
            return not_found("no such pack, language or face")
        drawn = await run_in_threadpool(
            preview.face,
            request.path_params["lang"],
            request.path_params["component"],
            request.path_params["face"],
            request.query_params.get("dpi"),
        )
        if drawn is None:
            return not_found("no such face")
        png, version = drawn
        current = request.query_params.get("v") == version
        return Response(png, media_type="image/png", headers={"Cache-Control": _caching(current)})

    async def rulebook(request: Request) -> Response:
        preview = preview_of(request)
        if preview is None or language_of(preview, request) is None or preview.snapshot.pack is None:
            return not_found("no such pack or language")
        if preview.snapshot.pack.rulebook is None:
            return not_found(f"{preview.id} has no rulebook.yaml")
        async with rulebook_turns[preview.id]:  # a request that waits gets the one made meanwhile
            made = await run_in_threadpool(preview.rulebook, request.path_params["lang"])
        if isinstance(made, bytes):
            return Response(made, media_type="application/pdf", headers={"Cache-Control": "no-cache"})
        own = await run_in_threadpool(words.of, request.path_params["lang"], preview.root)
        lang = request.path_params["lang"]
        return page("rulebook-problems.html", 422, preview=preview, problems=made, w=own, lang=lang)

    async def decklist(request: Request) -> Response:
        preview = preview_of(request)
        if preview is None:
            return not_found("no such pack")
        pack = preview.snapshot.pack
        languages = list(pack.meta.locales) if pack else []
        lang = request.path_params.get("lang") or (language if language in languages else next(iter(languages), None))
        if pack is not None and lang not in languages:
            return not_found(f"{preview.id} is not translated to {lang}")
        # the page's words, and the pack's names in the page's language
        translated = (await run_in_threadpool(preview.drawn, lang, preview.snapshot)).pack if pack and lang else None
        shown = partial(
            _decklist_page,
            pack_id=preview.id,
            pack=pack,
            title=(translated or pack).meta.title if pack else preview.id,
            names={c.id: c.name or c.id for c in translated.components} if translated else {},
            lang=lang or words.SOURCE_LOCALE,
            languages=languages,
            root=preview.root,
            lists=pack_lists(pack) if pack else [],
            rule_sets=list_rule_sets(pack) if pack else [],
            copies={},
        )
        if pack is None:
            return HTMLResponse(shown(None, form={}))
        if request.method != "POST":  # GET, or HEAD
            return HTMLResponse(shown(None, form={}))
        try:
            body = await _body(request, MAX_FORM_BYTES)
        except ClientDisconnect:  # the browser went away before its list was whole: no one awaits an answer
            return Response(status_code=400)
        if body is None:
            return PlainTextResponse("the list is too long", status_code=413)
        form = await run_in_threadpool(_form, body)
        # the deck built by clicks so far (the page carries it), with the click sent, if one was
        clicked = bool(form.get("add") or form.get("remove"))
        text, copies = await run_in_threadpool(
            built_list,
            pack,
            form.get("rules") or None,
            form.get("deck", ""),
            form.get("add", ""),
            form.get("remove", ""),
        )
        shown = partial(shown, copies=copies)
        if clicked:  # the list it makes is the one checked
            form.update(
                text=text, list="", deck=" ".join(f"{component_id}:{count}" for component_id, count in copies.items())
            )
        if form.get("action") == "save":  # the list written into the pack's decks/, then checked from there
            try:
                form["list"] = await run_in_threadpool(save_list, pack, form.get("save", ""), form.get("text", ""))
            except Refused as refused:
                reason = refused.message + (f" ({refused.hint})" if refused.hint else "")
                verdict = ("preview-deck-not-saved", {"reason": reason})
                named = f"{DECKS_DIR}/{form.get('save', '')}.yaml"
                return HTMLResponse(shown(DeckCheck(named, verdict=verdict), form=form))
            if form.get("gallery"):  # saved from the gallery's deck: back there, the list opened
                opened = urlencode({"open": form["list"], "rules": form.get("rules", "")})
                return RedirectResponse(f"/packs/{preview.id}/{lang}/?{opened}#deck", status_code=303)
            shown = partial(shown, lists=pack_lists(pack))
        async with list_turns[preview.id]:
            html = await run_in_threadpool(
                check,
                pack,
                form.get("list") or None,
                form.get("text", ""),
                form.get("rules") or None,
                partial(shown, form=form),
            )
        return HTMLResponse(html)

    async def sheets(request: Request) -> Response:
        preview = preview_of(request)
        if preview is None or language_of(preview, request) is None:
            return not_found("no such pack or language")
        lang = request.path_params["lang"]
        generation, made, _ = await run_in_threadpool(preview.sheets, lang)
        view = View.of(request.query_params, ())
        shown = (
            []
            if isinstance(made, tuple)
            else [
                (number, page)
                for number, page in enumerate(made, 1)
                if view.faces == "both" or page.side == "calibration" or page.side == view.faces[:-1]
            ]
        )
        own = await run_in_threadpool(words.of, lang, preview.root)
        snapshot = preview.snapshot
        return page(
            "sheets.html",
            w=own,
            preview=preview,
            title=_title(preview, snapshot, None),
            lang=lang,
            languages=list(snapshot.pack.meta.locales) if snapshot.pack else [],
            generation=generation,
            sheets=shown,
            total=0 if isinstance(made, tuple) else len(made),
            problems=list(made) if isinstance(made, tuple) else [],
            view=view,
            face_modes=FACE_MODES,
            dpi=SHEET_DPI,
        )

    async def sheet(request: Request) -> Response:
        preview = preview_of(request)
        number = request.path_params["number"]
        if preview is None or language_of(preview, request) is None or not number.isdigit():
            return not_found("no such pack, language or sheet")
        drawn = await run_in_threadpool(preview.sheet_image, request.path_params["lang"], int(number) - 1)
        if drawn is None:
            return not_found("no such sheet")
        png, generation = drawn
        current = request.query_params.get("v") == str(generation)
        return Response(png, media_type="image/png", headers={"Cache-Control": _caching(current)})

    async def output(request: Request) -> Response:
        preview = preview_of(request)
        if preview is None or language_of(preview, request) is None:
            return not_found("no such pack or language")
        file = request.path_params["file"]
        data = await run_in_threadpool(output_file, preview.id, request.path_params["lang"], file)
        if data is None:
            return not_found(f"no output {file} of the last build: build the pack again")
        media_type = mimetypes.guess_type(file)[0] or "application/octet-stream"
        return Response(data, media_type=media_type, headers={"Cache-Control": "no-cache"})

    async def asset(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in ASSETS:
            return not_found("no such asset")
        return Response((ASSET_FOLDER / name).read_bytes(), media_type=ASSETS[name])

    async def event_stream(request: Request) -> Response:
        queue: asyncio.Queue = asyncio.Queue()
        events.queues.add(queue)

        async def stream() -> AsyncIterator[str]:
            try:
                yield "retry: 1000\n\n"
                idle = 0.0
                while not stopping():
                    try:
                        event, data = await asyncio.wait_for(queue.get(), STOP_POLL_SECONDS)
                    except TimeoutError:
                        idle += STOP_POLL_SECONDS
                        if idle >= KEEP_ALIVE_SECONDS:  # a comment, so that proxies and browsers keep it open
                            idle = 0.0
                            yield ": still here\n\n"
                        continue
                    idle = 0.0
                    yield f"event: {event}\ndata: {data}\n\n"
            finally:
                events.queues.discard(queue)

        return StreamingResponse(stream(), media_type="text/event-stream", headers={"Cache-Control": "no-cache"})

    routes = [
        Route("/", index),
        Route("/packs/{pack}/", pack_home),
        Route("/packs/{pack}/decklist", decklist, methods=["GET", "POST"]),
        Route("/packs/{pack}/{lang}/", pack_page),
        Route("/packs/{pack}/{lang}/deck", deck),
        Route("/packs/{pack}/{lang}/sheets", sheets),
        Route("/packs/{pack}/{lang}/sheets/{number}.png", sheet),
        Route("/packs/{pack}/{lang}/decklist", decklist, methods=["GET", "POST"]),
        Route("/packs/{pack}/{lang}/faces/{component}/{face}.png", face),
        Route("/packs/{pack}/{lang}/rulebook.pdf", rulebook),
        Route("/packs/{pack}/{lang}/outputs/{file:path}", output),
        Route("/events", event_stream),
        Route("/assets/{name}", asset),
    ]
    return Starlette(
        routes=routes,
        middleware=[Middleware(TrustedHostMiddleware, allowed_hosts=LOOPBACK_HOSTS), Middleware(SameSiteOnly)],
        exception_handlers={404: lambda request, exc: not_found("no such page")},
    )


class SameSiteOnly:
    """The preview answers its own pages only. A request that acts on what it sends (a POST) is
    refused when a page of another site sent it: a browser lets any web page send a form to
    127.0.0.1, and says whose page it was (Origin, Sec-Fetch-Site); a client that says neither is no
    browser, and answered. Another site may link to a page (a navigation), but not load the
    preview's images, rulebook or pages into its own (which would tell it which packs and
    components there are); and every answer says it is for this site alone
    (Cross-Origin-Resource-Policy), for browsers that do not send Sec-Fetch-Site."""

    def __init__(self, app: ASGIApp):
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        sender = _other_site(headers)
        if sender is not None and scope["method"] not in SAFE_METHODS:
            refused = f"refused: the preview takes forms only from its own pages, not from another site ({sender})"
            await PlainTextResponse(refused, status_code=403)(scope, receive, send)
            return
        site = headers.get("sec-fetch-site")
        navigating = headers.get("sec-fetch-mode") == "navigate" and headers.get("sec-fetch-dest") == "document"
        if site is not None and site not in ("same-origin", "none") and not navigating:
            refused = (
                f"refused: the preview's pages and images are for its own pages, not another site's "
                f"(Sec-Fetch-Site: {site})"
            )
            await PlainTextResponse(refused, status_code=403)(scope, receive, send)
            return

        async def same_origin_only(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), (b"cross-origin-resource-policy", b"same-origin")]
            await send(message)

        await self.app(scope, receive, same_origin_only)


def _other_site(headers: Headers) -> str | None:
    """The header that shows another site sent the request, if one does."""
    origin, site = headers.get("origin"), headers.get("sec-fetch-site")
    if origin is not None and origin.lower() != f"http://{headers.get('host', '')}".lower():
        return f"Origin: {origin}"
    if site is not None and site not in ("same-origin", "none"):  # none: the user's own doing (a bookmark)
        return f"Sec-Fetch-Site: {site}"
    return None


async def _body(request: Request, limit: int) -> bytes | None:
    """The request's body, None past limit bytes: as said in Content-Length, or as read (a chunked
    body says nothing of its length beforehand)."""
    if int(request.headers.get("content-length") or 0) > limit:
        return None
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            return None
    return bytes(body)


def _decklist_page(
    checked: DeckCheck | None,
    *,
    pack_id: str,
    pack: Pack | None,
    title: str,
    names: dict[str, str],
    lang: str,
    languages: list[str],
    root: Path,
    lists: list[str],
    rule_sets: list[str],
    copies: dict[str, int],
    form: dict[str, str],
) -> str:
    """The deck-list page of a pack (None while it has never loaded), with the form as sent and
    the list checked, if one was; title and names (of components, by id) in the page's language.
    Made from values that pickle: a child process makes it."""
    return _templates.get_template("decklist.html").render(
        check=checked,
        w=words.of(lang, root),
        lang=lang,
        languages=languages,
        title=title,
        names=names,
        pack_id=pack_id,
        pack=pack,
        lists=lists,
        rule_sets=rule_sets,
        form=form,
        copies=copies,
        pickable=pickable(pack, form.get("rules") or next(iter(rule_sets), None)) if pack else [],
        download=quote(form.get("text", "")),
    )


def _deck_panel(
    checked: DeckCheck | None,
    text: str,
    copies: dict[str, int],
    rules: str | None,
    *,
    pack_id: str,
    lang: str,
    root: Path,
    kept: list[tuple[str, str]],
    rule_sets: list[tuple[str, str]],
    lists: list[str],
    names: dict[str, str],
) -> str:
    """The gallery's deck panel: the deck built so far (copies by id, its list's text) and its
    check, if it has one. Made from values that pickle: a child process makes it."""
    return _templates.get_template("deck.html").render(
        check=checked,
        text=text,
        copies=copies,
        deck=" ".join(f"{component_id}:{count}" for component_id, count in copies.items()),
        rules=rules,
        w=words.of(lang, root),
        pack_id=pack_id,
        lang=lang,
        kept=kept,
        rule_sets=rule_sets,
        lists=lists,
        names=names,
    )


def _form(body: bytes) -> dict[str, str]:
    """The fields of a form as the browser sent it (a field twice: its first value)."""
    return {key: values[0] for key, values in parse_qs(body.decode("utf-8", "replace")).items()}


def _title(preview: Preview, snapshot: Snapshot, drawn: Drawn | None) -> str:
    """The pack's title in the page's language (its id while it has never loaded)."""
    if drawn is not None and drawn.pack is not None:
        return drawn.pack.meta.title
    return snapshot.pack.meta.title if snapshot.pack else preview.id


def _figures(
    preview: Preview,
    snapshot: Snapshot,
    lang: str,
    drawn: Drawn | None,
    view: View,
    backs: dict[str, str],
    own: words.OwnWords,
    deckable: bool,
    cache: dict,
) -> dict[str, list[Markup]]:
    """The HTML of each component the view shows, by section: as translated into the page's
    language (its name, and whether it is a draft), its size in millimetres and in pixels, its
    faces as the view asks (a back that looks like one shown before on the page is left out), or
    the problems that concern it. Rendered once per version, language and way of showing it (cache
    holds them): an edit to one card renders only that card again. drawn is snapshot's own
    translation: they were read together. deckable: each has + and − for the gallery's deck."""
    translated = {c.id: c for c in drawn.pack.components} if drawn and drawn.pack else {}
    template = _templates.get_template("figure.html")
    sections: dict[str, list[Markup]] = {}
    kept: dict[tuple, Markup] = {}
    backs_shown: set[str] = set()
    dpis = face_dpis(view.zoom)
    for section, items in snapshot.sections().items():
        for shown in items:
            component = translated.get(shown.id, shown.component)
            name = (component.name if component else shown.name) or shown.id
            if not view.matches(section, component, name, bool(shown.problems)):
                continue
            piece = drawn.pieces.get(shown.id) if drawn else None
            back = backs.get(shown.id)
            if shown.problems and not shown.pictured:
                piece = None  # its problems are all it shows
            faces: tuple[str, ...] = () if piece is None else ("front",) if piece.back is None else FACES
            if back is not None and (back in backs_shown or view.faces == "fronts"):
                faces = tuple(face for face in faces if face != "back")
            if view.faces == "backs":
                faces = tuple(face for face in faces if face == "back")
                if not faces and not shown.problems:
                    continue
            elif view.faces == "fronts":
                faces = tuple(face for face in faces if face == "front")
            if "back" in faces and back is not None:
                backs_shown.add(back)
            key = (shown.id, shown.version, faces, view.zoom, deckable)
            if key not in cache:
                size = (piece.size.width, piece.size.height) if piece else (0.0, 0.0)
                figure = {
                    "id": shown.id,
                    "version": shown.version,
                    "name": name,
                    "count": component.count if component else None,
                    "tags": component.tags if component else [],
                    "problems": shown.problems,
                    "draft": drawn is not None and shown.id in drawn.drafts,
                    "faces": faces,
                    "size": [f"{side:g}" for side in size],
                    "pixels": [round(side / 25.4 * SCREEN_DPI) for side in size],
                    "dpis": dpis,
                    "deckable": deckable and component is not None,
                }
                cache[key] = Markup(template.render(f=figure, preview=preview, lang=lang, w=own))
            kept[key] = cache[key]
            sections.setdefault(section, []).append(kept[key])
    cache.clear()  # only what the page shows now is kept
    cache.update(kept)
    return sections


def _counted(own: words.OwnWords, section: str, count: int) -> str:
    """A section's components counted in the page's language, as its heading says it: "2 Karten"."""
    return own.form(f"count-{COMPONENT_KINDS[section].kind}", count).format(count=count)


def _caching(current: bool) -> str:
    """A face asked for by its current version never changes; any other answer is not to be kept."""
    return "max-age=31536000, immutable" if current else "no-store"
