// printkit's live preview: on each update of this page's pack, fetch the page again and swap
// what changed: the components whose data-version differs, and the parts around them (the title,
// the language switch, the rulebook link, the problems that concern no one component).
"use strict";
// The gallery's tools apply as they change (without scripts, the Show button sends them).
(function () {
  const tools = document.getElementById("gallery-tools");
  if (!tools) return;
  tools.addEventListener("change", () => tools.requestSubmit());
})();
// The gallery's deck: each + and − (and the rule set or list picked) checks the deck at once and
// swaps the deck panel; the address keeps the deck, so a reload or the next update shows it too.
// (Without scripts the deck's form sends the page's own address with the deck in it.)
(function () {
  async function send(form, submitter) {
    const query = new URLSearchParams(new FormData(form, submitter));
    const response = await fetch(form.dataset.panel + "?" + query, { cache: "no-store" });
    if (!response.ok) return;
    const fresh = new DOMParser().parseFromString(await response.text(), "text/html").getElementById("deck");
    if (!fresh) return;
    document.getElementById("deck").replaceWith(document.importNode(fresh, true));
    const kept = new URLSearchParams(new FormData(document.getElementById("deck-form")));
    kept.delete("open");
    history.replaceState(null, "", location.pathname + "?" + kept + "#deck");
  }
  document.addEventListener("submit", (event) => {
    if (event.target.id !== "deck-form") return;
    event.preventDefault();
    send(event.target, event.submitter);
  });
  document.addEventListener("change", (event) => {
    const form = event.target.form;
    if (form && form.id === "deck-form") form.requestSubmit();
  });
})();
(function () {
  const pack = document.querySelector("[data-pack]");
  if (!pack || !window.EventSource) return;
  const events = new EventSource("/events");
  let fetching = null, again = false;

  async function refresh() {
    if (fetching) { again = true; return; }
    fetching = fetch(location.href, { cache: "no-store" });
    try {
      const response = await fetching;
      if (!response.ok) return;
      const fresh = new DOMParser().parseFromString(await response.text(), "text/html");
      patch(fresh);
    } finally {
      fetching = null;
      if (again) { again = false; refresh(); }
    }
  }

  const AROUND = ["crumbs", "title", "languages", "tools", "problems", "deck"];  // ids of the parts around the components

  function ids(root) {
    return Array.from(root.querySelectorAll("figure.component"), (figure) => figure.id).join(" ");
  }

  function patch(fresh) {
    const freshPack = fresh.querySelector("[data-pack]");
    if (!freshPack) return;
    document.title = fresh.title;
    if (ids(freshPack) !== ids(pack)) {  // components came or went: the sections are laid out anew
      pack.replaceChildren(...Array.from(freshPack.childNodes, (node) => document.importNode(node, true)));
    } else {
      for (const figure of freshPack.querySelectorAll("figure.component")) {
        const shown = document.getElementById(figure.id);
        if (shown.dataset.version !== figure.dataset.version) {
          shown.replaceWith(document.importNode(figure, true));
        }
      }
    }
    for (const id of AROUND) {
      const part = fresh.getElementById(id);
      if (part && part.outerHTML !== document.getElementById(id).outerHTML) {
        document.getElementById(id).replaceWith(document.importNode(part, true));
      }
    }
  }

  events.addEventListener("update", (event) => {
    if (JSON.parse(event.data).pack === pack.dataset.pack) refresh();
  });
})();
