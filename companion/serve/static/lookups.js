/* companion serve: what the table page and the phones may look up and start, beside the game's own script (issue 31).
   Loaded by table.html and player.html after common.js; builds its own sections at the end of <main>:

     #after-game     (table) once the game is over: the final score (G/score) and solo rank, #bgstats (the play's
                     BG Stats link and its QR code, G/bgstats), and #rematch
     #round-summary  (table, Sssnake) what the last round's close did, in the terminal's words (G/round)
     #next-game      (every page of a finished game) the game started from its table page (G/next): its link
     #new-game       (table) a <details> with the new game form (G/options prefills it with this game's setup)
     #lookups        score, deck (Sssnake), hint (a Sssnake phone's digital player), rules topics; a face-up card
                     of the table's display (#display button.card) opens its text too; the answers open in
                     the dialog #lookup
     #join           (table) the player page's QR code (G/join.svg) and link, for the phones
     #photo-link     (table: in #new-game; Sssnake phone: last) "Record a finished paper sheet from a photo" (G/photo)

   Every answer shown comes from the server (the CLI's own functions); this file only lays it out, its own words
   through t() (common.js). */
"use strict";

(function () {
  const {el, $} = Companion;
  const page = Companion.page;
  if (page !== "table" && page !== "player") return;
  Companion.style("lookups.css");
  const main = document.querySelector("main");
  let kind = "", over = false, options = null, polling = null;
  const silent = t("the companion is not answering; is `companion serve` still running?");
  const answered = (status) => t("the companion answered {status}", {status});

  async function get(path) {  // {status, body}: the look-ups show their own refusals, not in #error
    try {
      const response = await fetch(Companion.base + "/" + path, {cache: "no-store"});
      let body = null;
      try { body = await response.json(); } catch (e) { body = null; }
      return {status: response.status, body: body || {error: answered(response.status)}};
    } catch (e) {
      return {status: 0, body: {error: silent}};
    }
  }

  function section(id, title) {  // a landmark-named section at the end of <main>, made once
    let node = $(id);
    if (!node) {
      node = el("section", {id, class: "extra", "aria-labelledby": id + "-title"},
        el("h2", {id: id + "-title", text: title}));
      main.append(node);
    }
    return node;
  }

  function body(node) {  // a section's content after its heading, emptied
    while (node.children.length > 1) node.lastElementChild.remove();
    return node;
  }

  // ---- the answers' dialog -------------------------------------------------------------------------------------
  function dialog() {
    let box = $("lookup");
    if (!box) {
      box = el("dialog", {id: "lookup", "aria-labelledby": "lookup-title"},
        el("h2", {id: "lookup-title"}),
        el("pre", {id: "lookup-text", class: "lookup-text", tabindex: "0"}),
        el("form", {method: "dialog"}, el("button", {id: "lookup-close", text: t("Close")})));
      document.body.append(box);
    }
    return box;
  }

  async function show(title, path, pick, columns) {  // columns: a table in text (the score), never wrapped
    const box = dialog();
    const found = await get(path);
    $("lookup-title").textContent = title;
    $("lookup-text").textContent = found.status === 200 ? pick(found.body) : found.body.error;
    $("lookup-text").classList.toggle("columns", !!columns);
    $("lookup-text").toggleAttribute("data-refused", found.status === 400);
    if (!box.open) box.showModal();
  }

  // ---- the look-ups --------------------------------------------------------------------------------------------
  async function lookups(state) {
    const box = $("lookups");
    if (!$("lookup-buttons")) {
      box.append(el("div", {id: "lookup-buttons", class: "row"}),
        el("details", {id: "rules"}, el("summary", {text: t("Rules topics")}), el("div", {id: "topics", class: "row"})));
      $("rules").addEventListener("toggle", topics);
    }
    const row = $("lookup-buttons");
    const wanted = kind === "sssnake" ? ["score", "deck"] : [];
    const me = page === "player" ? Companion.me() : "";
    const mine = (state.view.players || []).find((p) => p.name === me);
    if (kind === "sssnake" && mine && mine.digital && !over) wanted.push("hint");
    const have = Array.from(row.children, (b) => b.dataset.look).join(",");
    if (have === wanted.join(",") && (!me || row.dataset.me === me)) return;
    row.dataset.me = me;
    const hint = (name) => t("Hint for {name}", {name});
    const named = {score: t("Score"), deck: t("Deck")};
    row.replaceChildren(...wanted.map((what) => el("button", {type: "button", id: "look-" + what,
      dataset: {look: what}, text: what === "hint" ? hint(me) : named[what],
      onclick: () => what === "hint"
        ? show(hint(Companion.me()), "hint?player=" + encodeURIComponent(Companion.me()), (b) => b.text)
        : show(named[what], what, (b) => b.text, what === "score")})));
  }

  async function topics() {
    const list = $("topics");
    if (!$("rules").open || list.children.length) return;
    const found = await get("topics");
    if (found.status !== 200) { list.append(el("p", {class: "error", text: found.body.error})); return; }
    list.append(...found.body.topics.map((name) => el("button", {type: "button", class: "topic", text: name,
      dataset: {topic: name}, onclick: () => show(name, "topics/" + encodeURIComponent(name), (b) => b.text)})));
  }

  document.addEventListener("click", (event) => {  // a face-up card of the table's display: its text
    const card = event.target.closest && event.target.closest("#display button.card[data-number]");
    if (card) show(card.textContent.trim(), "card/" + card.dataset.number, (b) => b.text);
  });

  // ---- the round's summary, the end of the game, the next game -------------------------------------------------
  async function summary() {
    const found = await get("round");
    const s = found.status === 200 && found.body.summary;
    const box = section("round-summary", t("What the last round did"));
    box.hidden = !s;
    if (!s) return;
    $("round-summary-title").textContent = t("What the last round did (flip {flip})", {flip: s.flip});
    body(box).append(el("ul", {id: "round-lines"}, s.lines.map((line) => el("li", {text: line}))));
  }

  async function afterGame() {
    const box = section("after-game", t("Game over"));
    box.hidden = !over;
    if (!over) return;
    const parts = [];
    {
      const found = await get("score");
      if (found.status === 200) {
        parts.push(el("pre", {id: "final-score", class: "lookup-text columns", tabindex: "0",
          text: found.body.text}));
        if (found.body.solo_rank) parts.push(el("p", {id: "solo-rank", class: "rank", text: found.body.solo_rank}));
      }
    }
    parts.push(...await bgstats());
    parts.push(el("button", {type: "button", id: "rematch", class: "primary", text: t("Rematch: the same players"),
      onclick: () => options && start(options)}),
    el("p", {class: "note", text: t("Or change the players or the setup under \u201cNew game\u201d below.")}));
    body(box).append(...parts);
  }

  async function bgstats() {  // the play for BG Stats (G/bgstats): its link, and its QR code for the phone to scan
    const found = await get("bgstats");
    if (found.status !== 200) return [];
    const play = found.body;
    return [el("div", {id: "bgstats"},
      el("a", {id: "bgstats-link", class: "button", href: play.link, rel: "noopener noreferrer", target: "_blank",
        text: t("Send this play to BG Stats")}),
      ...(play.qr ? [el("img", {id: "bgstats-qr", src: "data:image/svg+xml;charset=utf-8," +
        encodeURIComponent(play.qr), alt: t("QR code of this play's BG Stats link"), width: "320", height: "320"})] : []),
      el("p", {class: "note", id: "bgstats-note", text: play.text}))];
  }

  async function following() {  // the next game started from this table, asked every few seconds once over
    const found = await get("next");
    const next = found.status === 200 && found.body.next;
    if (!next) return;
    clearInterval(polling);
    const box = section("next-game", t("The next game"));
    box.hidden = false;
    const me = Companion.me();
    const href = page === "table" ? next.table : next.player + (me ? "?name=" + encodeURIComponent(me) : "");
    body(box).append(el("p", {}, el("a", {id: "next-game-link", href,
      text: page === "table" ? t("Open {game}'s table page", {game: next.game})
        : t("Open {game}'s player page", {game: next.game})})));
  }

  // ---- a new game ----------------------------------------------------------------------------------------------
  async function start(chosen) {  // post the new game: open its table page, or say the refusal in the form
    const form = $("new-game");
    if ($("new-game-error")) $("new-game-error").textContent = "";
    let response, answer;
    try {
      response = await fetch(Companion.base + "/new", {method: "POST", cache: "no-store",
        headers: {"Content-Type": "application/json"}, body: JSON.stringify(chosen)});
      answer = await response.json();
    } catch (e) {
      answer = {error: silent};
    }
    if (answer && answer.ok) { location.assign(answer.table); return; }
    form.open = true;
    await newGameForm(form);
    const said = $("new-game-error");
    if (!said) return;
    said.textContent = (answer && answer.error) || answered(response && response.status);
    said.toggleAttribute("data-refused", !!(response && response.status === 400));
    said.scrollIntoView({block: "center"});
  }

  function field(label, control) {
    return el("label", {class: "field"}, el("span", {text: label}), control);
  }

  function select(id, pairs, value) {
    return el("select", {id}, pairs.map(([v, text]) => el("option", {value: v, text, selected: v === value})));
  }

  function playerRow(name, digital, bot) {
    const rows = $("new-players");
    const n = rows.children.length + 1;
    const row = el("li", {class: "new-player"},
      el("input", {type: "text", class: "name", value: name, maxlength: "16", autocomplete: "off",
        "aria-label": t("Player {n}'s name", {n})}),
      el("label", {class: "toggle"}, el("input", {type: "checkbox", class: "digital", checked: digital}),
        " " + t("digital sheet")),
      el("label", {class: "toggle"}, el("input", {type: "checkbox", class: "bot", checked: bot}),
        " " + t("the computer plays")),
      el("button", {type: "button", class: "remove", text: t("Remove"), "aria-label": t("Remove player {n}", {n}),
        onclick: () => { row.remove(); renumber(); }}));
    rows.append(row);
  }

  function renumber() {
    Array.from($("new-players").children).forEach((row, i) => {
      row.querySelector(".name").setAttribute("aria-label", t("Player {n}'s name", {n: i + 1}));
      row.querySelector(".remove").setAttribute("aria-label", t("Remove player {n}", {n: i + 1}));
    });
  }

  function sssnakeFields(o, choices) {
    const box = el("fieldset", {id: "new-sssnake"}, el("legend", {text: "Sssnake"}),
      el("p", {class: "note", text: t("Players in clockwise order, the first holds the first-player token.")}),
      el("ol", {id: "new-players"}),
      el("button", {type: "button", id: "new-add-player", text: t("Add a player"),
        onclick: () => { playerRow("", false, false); renumber(); }}),
      field(t("Landscape"), select("new-landscape", choices.landscapes, o.landscape)),
      el("label", {class: "toggle"}, el("input", {type: "checkbox", id: "new-friendship", checked: !!o.friendship}),
        " " + t("Friendship mode (eliminated players may rejoin)")),
      el("label", {class: "toggle"}, el("input", {type: "checkbox", id: "new-sssnake-teach", checked: !!o.teach}),
        " " + t("a first game: a rule reminder with every step")));
    return box;
  }

  function snitsFields(o, choices) {
    const vs = o.vs || "";
    const sides = [["", t("nobody: people play every side")], ["bolotomus", t("the Bolotomus")],
      ["snits", t("the Snits")]];
    if (vs && !sides.some(([v]) => v === vs)) sides.push([vs, vs]);
    return el("fieldset", {id: "new-snits"}, el("legend", {text: "Snits' Revenge"}),
      field(t("Snit players"), select("new-snit-players", [1, 2, 3, 4].map((n) => [String(n), String(n)]),
        String(o.players || 1))),
      field(t("Map"), select("new-map", choices.maps, o.map)),
      field(t("The computer plays"), select("new-vs", sides, vs)),
      field(t("The computer's level"), select("new-level", [["2", t("2: searches ahead")], ["1", t("1: quick")]],
        String(o.level || 2))),
      field(t("Dice"), select("new-dice", [["auto", t("the companion rolls")], ["manual", t("real dice, typed in")]],
        o.dice || "auto")),
      el("label", {class: "toggle"}, el("input", {type: "checkbox", id: "new-spark", checked: !!o.spark}),
        " " + t("hide the Spark of Life (drawn in secret)")),
      field(t("Splops to hide"), el("input", {type: "number", id: "new-splops", min: "0", max: "4",
        value: String(o.splops || 0)})),
      el("label", {class: "toggle"}, el("input", {type: "checkbox", id: "new-snits-teach", checked: !!o.teach}),
        " " + t("a first game: a rule reminder with every step")));
  }

  function chosenOptions() {
    const which = $("new-kind").value;
    if (which === "sssnake") {
      const rows = Array.from($("new-players").children);
      const names = rows.map((row) => row.querySelector(".name").value.trim());
      const marked = (cls) => rows.filter((row) => row.querySelector("." + cls).checked)
        .map((row) => row.querySelector(".name").value.trim());
      return {kind: "sssnake", players: names, landscape: $("new-landscape").value, digital: marked("digital"),
        bots: marked("bot"), friendship: $("new-friendship").checked, teach: $("new-sssnake-teach").checked,
        sheets: (options.kind === "sssnake" && options.sheets) || "edition"};
    }
    const vs = $("new-vs").value || null;
    return {kind: "snits", players: Number($("new-snit-players").value), map: $("new-map").value, vs,
      level: vs ? Number($("new-level").value) : null, dice: $("new-dice").value, spark: $("new-spark").checked,
      splops: Number($("new-splops").value) || 0, teach: $("new-snits-teach").checked,
      variants: (options.kind === "snits" && options.variants) || {}};  // the game's own, as `sheets` above
  }

  async function newGameForm(box) {  // drawn when first opened, filled in with G/options
    if (!box.open || $("new-game-form")) return;
    const found = await get("options");
    if (found.status !== 200 || $("new-game-form")) return;
    options = found.body.options;
    const choices = found.body.choices;
    const sssnake = options.kind === "sssnake" ? options : {players: ["", ""], landscape: "am-fluss"};
    const snits = options.kind === "snits" ? options : {players: 1};
    box.append(el("form", {id: "new-game-form", "aria-labelledby": "new-game-title"},
      el("p", {class: "note", text: t("Filled in with this game's setup: change what you like, then start. " +
        "This page then opens the new game's table page; phones scan its code.")}),
      field(t("Game"), select("new-kind", [["sssnake", "Sssnake"], ["snits", "Snits' Revenge"]], options.kind)),
      sssnakeFields(sssnake, choices), snitsFields(snits, choices),
      el("p", {id: "new-game-error", class: "error", role: "alert"}),
      el("button", {type: "submit", id: "new-game-start", class: "primary", text: t("Start the new game")})));
    const digital = sssnake.digital || [], bots = sssnake.bots || [];
    sssnake.players.forEach((name) => playerRow(name, digital.includes(name), bots.includes(name)));
    const shown = () => {
      $("new-sssnake").hidden = $("new-kind").value !== "sssnake";
      $("new-snits").hidden = $("new-kind").value !== "snits";
    };
    $("new-kind").addEventListener("change", shown);
    shown();
    $("new-game-form").addEventListener("submit", (event) => { event.preventDefault(); start(chosenOptions()); });
  }

  function join() {
    const link = location.origin + Companion.base + "/player";
    const box = section("join", t("Phones: scan to play"));
    box.append(el("img", {src: Companion.base + "/join.svg", alt: t("QR code of this game's player page"),
      width: "180", height: "180"}), el("p", {}, el("a", {href: link, text: link})));
  }

  function layout(state) {  // the sections in their order, once: the table's first, then the look-ups
    if (page === "table") {
      section("after-game", t("Game over")).hidden = true;  // once over, the final score comes first
      if (state.kind === "sssnake") section("round-summary", t("What the last round did")).hidden = true;
    }
    section("next-game", t("The next game")).hidden = true;
    if (page === "table") {
      const form = el("details", {id: "new-game", class: "extra"}, el("summary", {id: "new-game-title",
        text: t("New game")}));
      main.append(form);
      form.addEventListener("toggle", () => newGameForm(form));
      get("options").then((found) => { if (found.status === 200) options = options || found.body.options; });
    }
    main.append(el("section", {id: "lookups", class: "extra", "aria-label": t("Look up")}));  // its buttons say what
    if (page === "table") { join(); $("new-game").append(photoLink()); }
    else if (state.kind === "sssnake") main.append(photoLink());
  }

  function photoLink() {  // a solo game played on paper, recorded from a photo of its sheet (photo.js)
    return el("p", {class: "photo-link"}, el("a", {id: "photo-link", class: "button",
      href: Companion.base + "/photo" + (page === "table" ? "?from=table" : ""),
      text: t("Record a finished paper sheet from a photo")}));
  }

  // ---- on every change -----------------------------------------------------------------------------------------
  onSeq(async (state) => {
    kind = state.kind;
    over = state.view.phase === "over";
    if (!$("lookups")) layout(state);
    const jobs = [lookups(state)];
    if (page === "table") {
      if (kind === "sssnake") jobs.push(summary());
      jobs.push(afterGame());
    }
    if (over && !polling && $("next-game").hidden) { polling = setInterval(following, 4000); following(); }
    await Promise.all(jobs);
  });
})();
