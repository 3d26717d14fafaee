/* companion serve: what every page shares. Plain JavaScript, no build step, no CDN.

   A page is /g/GAME/SECRET/ (table), /g/GAME/SECRET/player, or /b/GAME/BSECRET/ (the Bolotomus' own page).
   Its HTML (table.html, player.html, bolotomus.html) has <body data-page="table|player|bolotomus">, loads this file,
   and this file then reads the game's kind, sets body.dataset.kind ("sssnake" | "snits") and loads the game's
   script: /static/<kind>-<page>.js (sssnake-table.js, snits-table.js, sssnake-player.js, snits-player.js;
   the Bolotomus page loads /static/bolotomus.js). If that script is missing, the CLI's status is shown as text
   (and on the player page a box for one action as JSON), so the server is usable without the game scripts.

   Globals for the game scripts:

   api(path) -> Promise<object>
       GET base + "/" + path as JSON, e.g. api("state"), api("legal?player=" + encodeURIComponent(name)),
       api("sheet/" + encodeURIComponent(name)). A non-2xx answer rejects with an Error whose message is the
       server's one line ({"error": line}) and shows it in #error; a dead link (404: new links drawn, or the game
       renamed or deleted) sets body.dataset.dead, and the line says to scan the code again.
   post(action) -> Promise<object>
       POST base + "/act" with the action dict (the log's dict form, e.g. {type: "flip"} or
       {type: "report", player: "Ann", fresh: 2}). Resolves to the server's JSON either way:
         accepted: {ok: true, messages: [...], seq: N}: #error is emptied, #messages shows the lines (until the
                   game moves on from seq N, by anyone's action or undo);
         refused:  {error: "the CLI's one line"}:       #error shows the line, nothing changed in the game.
       A network failure resolves to {error: "..."} as well. Only a 400 (the rules' refusal, the CLI's line) marks
       #error data-refused, which style.css prefixes with "Refused: " (this file's t("Refused: "), given to the
       stylesheet as --refused on <html>, so it reads in the page's language); any other error (no answer, the computer
       playing, a busy store, a failure, a dead link) reads as what it is. An item of api("legal?...").actions
       ({action, text}) may be passed as it is: its action is posted. The page redraws through onSeq, not from this answer
       (post() also asks for a redraw at once, so the page does not wait for the event stream).
   onSeq(callback)
       callback(state) is called with the /state JSON ({game, kind, seq, view, next, next_text, status}; on the
       Bolotomus page the /private JSON {game, kind, seq, view, private}) when the page opens and after every
       change to the game from anywhere (G/events). Callbacks may return a Promise; when all are done,
       body.dataset.seq is set to state.seq (the browser tests wait on it). #game is filled in before the callbacks
       run; each game script words #next itself (never the CLI's syntax), and only a page without one shows
       next_text. The first state may come with the page (<script type="application/json" id="state-first">,
       app.py: a digital sheet's page): it is then not fetched.
   Companion (one object, for what is less common):
       Companion.base          "/g/GAME/SECRET" (or "/b/GAME/BSECRET")
       Companion.game          the game id;  Companion.page: "table" | "player" | "bolotomus"
       Companion.state         the latest state JSON
       Companion.me()          the player this phone chose (localStorage per game, else ?name=NAME in the URL), or ""
       Companion.setMe(name)   remember the choice (localStorage key "companion:" + game; "" forgets it), sets #me;
                               the player page's feed names the player and this tab (a per-tab id), and another
                               device open on the same name is said in #twin, which this file adds under .who
       Companion.showError(line, refusal), Companion.showMessages(lines)   what post() does with an answer
       Companion.refresh()     fetch the state and run the callbacks now
       Companion.el(tag, attrs, ...children)   a DOM element: attrs {class, text, dataset: {...}, onclick, ...}
       Companion.undoBar(where, player)   #undo-bar with #undo and #redo, appended to `where` once (call it on every
                               draw): POST base + "/undo" or "/redo" with {seq} (the log the page shows, or the one
                               its own last write left while the redraw is on its way) and, from a player page, {player:
                               player()}; the answer is shown as post() shows it (the CLI's line in #messages)

   The photo page (photo.html, data-page="photo") uses Companion's helpers only: this file loads no game script for it.

   Every page also asks for the Screen Wake Lock (the screen stays on while the game is shown), again whenever the page
   is shown again; where the browser has none or refuses it, nothing is said.
*/
"use strict";

/* The page's words in the player's language: t("Text {name}", {name: ...}) and tn(singular, plural, n, vars)
   ({n} is filled in). The server puts the translations of the scripts' words into
   <script type="application/json" id="words"> ({english: german}, a plural's as [one, many]); English has none. */
let pageWords = null;
function words() {
  if (pageWords === null) {
    const found = document.getElementById("words");
    pageWords = found ? JSON.parse(found.textContent) : {};
  }
  return pageWords;
}
function fillWords(text, vars) {
  return vars ? text.replace(/\{(\w+)\}/g, (whole, key) => (key in vars ? String(vars[key]) : whole)) : text;
}
function t(text, vars) {
  const said = words()[text];
  return fillWords(typeof said === "string" ? said : text, vars);
}
function tn(one, many, n, vars) {
  const said = words()[one];
  const pick = Array.isArray(said) ? said[n === 1 ? 0 : 1] : (n === 1 ? one : many);
  return fillWords(pick, Object.assign({n}, vars || {}));
}

(function () {
  const parts = location.pathname.split("/");  // ["", "g", GAME, SECRET, ...]
  const base = "/" + parts.slice(1, 4).join("/");
  const page = document.body.dataset.page || "table";
  const callbacks = [];
  let started = false, fetching = null, again = false, source = null, heard = null, playing = "";
  let first = null;  // the state load() read to choose the game's script, until the first draw uses it
  let wrote = -1, writes = 0;  // the log's length this page's own last write left, until a state read after it
  let said = -1;  // the log's length the lines in #messages speak of: once the game moves on, they are cleared
  const silent = t("the companion is not answering; is `companion serve` still running?");
  document.documentElement.style.setProperty("--refused", JSON.stringify(t("Refused: ")));  // style.css' word

  function $(id) { return document.getElementById(id); }

  function setText(id, text) {
    const node = $(id);
    if (node) node.textContent = text;
  }

  function showError(line, refusal) {  // "Refused: " (--refused) only before a rules refusal, never a lost connection
    setText("error", line || "");
    const node = $("error");
    if (node) node.toggleAttribute("data-refused", !!(line && refusal));
  }

  function showMessages(lines) { setText("messages", (lines || []).join("\n")); }

  async function api(path) {
    let response;
    try {
      response = await fetch(base + "/" + path, {cache: "no-store", headers: {"Accept": "application/json"}});
    } catch (e) {
      showError(silent);
      throw new Error(silent);
    }
    let body = null;
    try { body = await response.json(); } catch (e) { body = null; }
    if (!response.ok) {
      const line = refused(response, body);
      throw Object.assign(new Error(line), {status: response.status});
    }
    return body;
  }

  function refused(response, body) {  // shows the server's line (a 400 is the rules' refusal); a 404: the link is dead
    const line = (body && body.error) || t("the companion answered {status}", {status: response.status});
    if (response.status === 404) {
      document.body.dataset.dead = "";
      setText("live", t("link dead"));
    }
    showError(line, response.status === 400);
    return line;
  }

  async function post(action) {
    if (action && action.action && typeof action.action === "object" && "text" in action) action = action.action;
    return write("act", action);
  }

  async function write(path, body) {  // POST base/path (act, undo, redo) and show the answer: post()'s notes
    let response, answer = null;
    try {
      response = await fetch(base + "/" + path, {method: "POST", cache: "no-store",
        headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
      try { answer = await response.json(); } catch (e) { answer = null; }
    } catch (e) {
      answer = {error: silent};
    }
    if (!answer || typeof answer !== "object") {
      answer = {error: t("the companion answered {status}", {status: response && response.status})};
    }
    if (answer.ok) {
      if (typeof answer.seq === "number") { wrote = said = answer.seq; writes += 1; }
      showError("");
      showMessages(answer.messages);
      refresh();
    } else {
      refused(response || {}, answer);
    }
    return answer;
  }

  // The undo and redo buttons, made in `where` the first time and only told who plays after that (a page calls it on
  // every draw). player(): the player page's player, sent with the seq the page shows, so the server steps only that
  // player's own action on the log the page saw; on a player page with nobody chosen the buttons are hidden.
  function undoBar(where, player) {
    let bar = $("undo-bar");
    const who = () => (player ? player() || "" : "");
    async function step(path) {
      const shown = Companion.state ? Companion.state.seq : undefined;
      const body = {seq: shown === undefined ? undefined : Math.max(shown, wrote)};
      if (who()) body.player = who();
      const buttons = bar.querySelectorAll("button");
      buttons.forEach((b) => { b.disabled = true; });
      const answer = await write(path, body);
      buttons.forEach((b) => { b.disabled = false; });
      return answer;
    }
    if (!bar) {
      bar = el("div", {id: "undo-bar", class: "undo-bar", role: "group", "aria-label": t("undo and redo")},
        el("button", {id: "undo", type: "button", class: "small", onclick: () => step("undo")},
          el("span", {"aria-hidden": "true", text: "↶ "}), t("undo")),
        el("button", {id: "redo", type: "button", class: "small", onclick: () => step("redo")},
          el("span", {"aria-hidden": "true", text: "↷ "}), t("redo")));
      where.append(bar);
    }
    bar.hidden = page !== "table" && !who();
    return bar;
  }

  // The screen stays on while a page is shown (the Screen Wake Lock), asked for again each time the page is shown
  // again (the browser lets it go when the page is hidden); nothing is said where it is unsupported or refused.
  let awake = null;
  async function stayAwake() {
    if (!navigator.wakeLock || document.visibilityState !== "visible" || (awake && !awake.released)) return;
    try { awake = await navigator.wakeLock.request("screen"); } catch (e) { awake = null; }
  }
  document.addEventListener("visibilitychange", stayAwake);

  function onSeq(callback) {
    callbacks.push(callback);
    if (started) refresh();
  }

  async function draw() {
    const fresh = first && (heard === null || heard === String(first.seq));  // no newer seq heard since
    const since = writes;
    const state = fresh ? first : await api(page === "bolotomus" ? "private" : "state");
    if (since === writes) {  // this state was read after the page's own write: it shows that write
      wrote = -1;
      if (said >= 0 && state.seq !== said) { showMessages([]); said = -1; }  // the game moved on from what they said
    }
    first = null;
    Companion.state = state;
    document.body.dataset.kind = state.kind;
    setText("game", state.game);
    if (!callbacks.length) plain(state);
    // side by side: the game's drawing never waits for the look-ups' own fetches (nor they for its)
    await Promise.all(callbacks.map(async (callback) => {
      try { await callback(state); } catch (e) { console.error(e); }
    }));
    document.body.dataset.seq = String(state.seq);
  }

  function refresh() {  // one fetch at a time; a change during it fetches once more after it
    if (fetching) { again = true; return fetching; }
    fetching = (async () => {
      do {
        again = false;
        try { await draw(); } catch (e) { console.error(e); }
        if (heard !== null && Companion.state && heard === String(Companion.state.seq)) again = false;
      } while (again);
      fetching = null;
    })();
    return fetching;
  }

  function device() {  // this tab's own id, kept across reloads (sessionStorage), so the server tells two phones apart
    let id = null;
    try { id = sessionStorage.getItem("companion:device"); } catch (e) { id = null; }
    if (!id) {
      id = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
      try { sessionStorage.setItem("companion:device", id); } catch (e) { /* private mode: this page only */ }
    }
    return id;
  }

  function twin(name, others) {  // another device open on this player's name: said in words, under "Playing as"
    let node = $("twin");
    if (!others) { if (node) node.textContent = ""; return; }
    if (!node) {
      node = el("p", {id: "twin", class: "twin", role: "status"});
      const who = document.querySelector(".who");
      if (who) who.after(node); else document.body.prepend(node);
    }
    node.textContent = tn("Another phone is open as {name} too: if you are not {name}, choose your own name, or " +
      "two phones answer for {name}.", "Another phone is open as {name} too ({n} others): if you are not {name}, " +
      "choose your own name, or two phones answer for {name}.", others, {name});
  }

  function listen() {  // the event stream: a seq on connect and at each change; the browser reconnects by itself
    if (!window.EventSource) { setInterval(refresh, 1000); return; }
    const name = page === "player" ? playing : "";
    twin(name, 0);
    source = new EventSource(base + "/events" +
      (name ? `?name=${encodeURIComponent(name)}&device=${device()}` : ""));
    source.addEventListener("seq", (event) => {  // a seq the page already shows redraws nothing (a tap stays put)
      setText("live", t("live"));
      heard = event.data;
      if (!Companion.state || String(Companion.state.seq) !== heard) refresh();
    });
    source.addEventListener("twin", (event) => twin(name, Number(event.data)));
    source.onerror = () => {  // a server that is down is retried by the browser; an answer that is no stream is not
      if (source.readyState !== EventSource.CLOSED) { setText("live", t("reconnecting...")); return; }
      api(page === "bolotomus" ? "private" : "state")
        .then(() => setTimeout(listen, 1000), (e) => { if (e.status !== 404) setTimeout(listen, 2000); });
    };
  }

  function start() {
    if (started) return;
    started = true;
    stayAwake();
    playing = me();
    listen();
    refresh();
  }

  function plain(state) {  // no game script: the CLI's status as text, so the page is usable as it is
    if (state.next_text !== undefined) setText("next", state.next_text);  // a game script words #next itself
    const view = $("view");
    if (!view) return;
    let pre = $("status");
    if (!pre) {  // a scrolling box: focusable and named, so a keyboard reaches what overflows
      pre = el("pre", {id: "status", class: "status", tabindex: "0", role: "region",
        "aria-label": t("the game's status")});
      view.appendChild(pre);
    }
    pre.textContent = state.status || JSON.stringify(state.private || state.view, null, 2);
    if (page === "player" && !$("raw")) {  // and a way to act: one action as the log's JSON
      const raw = el("textarea", {id: "raw", rows: 3, "aria-label": t("action as JSON"),
        placeholder: '{"type": "report", "player": "' + (me() || "Ann") + '", "fresh": 2}'});
      const send = el("button", {id: "raw-send", class: "primary", text: t("Send"), onclick: () => {
        let action;
        try { action = JSON.parse(raw.value); } catch (e) {
          showError(t("not JSON: {error}", {error: e.message}));
          return;
        }
        post(action);
      }});
      view.append(el("h2", {text: t("An action, as `companion log --json` shows it")}), raw, send);
    }
  }

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === undefined || value === null || value === false) continue;
      if (key === "class") node.className = value;
      else if (key === "text") node.textContent = value;
      else if (key === "dataset") Object.assign(node.dataset, value);
      else if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value === true ? "" : value);
    }
    for (const child of children.flat()) {
      if (child !== undefined && child !== null && child !== false)
        node.append(child instanceof Node ? child : String(child));
    }
    return node;
  }

  function me() {  // what this phone chose wins over the link's ?name= (a link shared at the table names one player)
    let chosen = "";
    try { chosen = localStorage.getItem("companion:" + parts[2]) || ""; } catch (e) { chosen = ""; }
    return chosen || new URLSearchParams(location.search).get("name") || "";
  }

  function setMe(name) {  // "" forgets the choice; the feed then names the new player (or none)
    try {
      if (name) localStorage.setItem("companion:" + parts[2], name);
      else localStorage.removeItem("companion:" + parts[2]);
    } catch (e) { /* private mode: this visit only */ }
    setText("me", name);
    if (name === playing) return;
    playing = name;
    if (source) { source.close(); listen(); }
  }

  function load() {  // the kind decides the game's script; the state is read once for it (or came with the page)
    const kept = $("state-first");  // a digital sheet's page carries it (app.py): no fetch before the game's script
    const read = kept ? Promise.resolve(JSON.parse(kept.textContent)) : api(page === "bolotomus" ? "private" : "state");
    if (kept) kept.remove();  // read once: a later load fetches
    read.then((state) => {
      first = state;  // the first draw uses it: one fetch fewer before the page shows anything
      document.body.dataset.kind = state.kind;
      const script = document.createElement("script");
      script.src = "/static/" + (page === "bolotomus" ? "bolotomus" : state.kind + "-" + page) + ".js";
      script.onload = start;
      script.onerror = start;
      document.body.appendChild(script);
    }).catch(() => setTimeout(load, 2000));
  }

  window.api = api;
  window.post = post;
  window.onSeq = onSeq;
  function style(file) {  // a game's own stylesheet beside style.css, added once
    if (!document.querySelector(`link[rel="stylesheet"][href="/static/${file}"]`))
      document.head.append(el("link", {rel: "stylesheet", href: `/static/${file}`}));
  }

  window.Companion = {base, game: decodeURIComponent(parts[2] || ""), page, state: null, me, setMe, showError,
    showMessages, refresh, el, $, style, undoBar};
  if (page === "photo") return;  // the photo page (photo.js) takes the helpers only: no game drawn, no feed
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", load);
  else load();
})();
