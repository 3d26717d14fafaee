/* Snits' Revenge, a player's phone: pick my side (the Bolotomus, or a clan), then tap one of that side's legal
   actions (G/legal?player=NAME), grouped by counter, `done` at the top; tapping an organ on the small map (or
   focusing it and pressing Enter) shows only its actions. A game with manual dice asks for the dice rolled in #roll.
   Uses common.js (onSeq, api, post, Companion) and the words of snits-table.js (Snits.nextWords). */
"use strict";

(function () {
  const {$, el} = Companion;
  Companion.style("snits.css");
  const words = new Promise((done) => {  // snits-table.js: its words for the next step, without the table
    const script = el("script", {src: "/static/snits-table.js"});
    script.onload = done;
    document.head.append(script);
  });

  let focus = "";     // the organ tapped on the small map ("" for all)
  let shown = null;   // the seq whose small map the page shows
  let offered = [];   // the legal actions on the buttons, by data-index
  let cursor = "";    // the organ of the small map that takes the Tab: the map is one tab stop
  let mine = "";      // the side this phone plays, as the last draw found it ("" for none yet)
  const READABLE = 10;  // px: the small map is drawn so that its smallest text is at least this big

  const view = $("view");
  view.append(el("div", {class: "snits-player"},
    el("section", {class: "sides", "aria-label": "my side"},
      el("h2", {text: "I play"}), el("div", {id: "sides", class: "picks"})),
    el("p", {id: "waiting", class: "waiting", "aria-live": "polite"}),
    el("div", {id: "end", class: "end"}),
    el("div", {id: "roll-box", class: "roll-box", hidden: true},
      el("label", {for: "roll", text: "Dice rolled, for a move that rolls (in order, e.g. 3 5)"}),
      el("input", {id: "roll", type: "text", inputmode: "numeric", autocomplete: "off", placeholder: "3 5"})),
    el("section", {class: "where", "aria-label": "the map"},
      el("div", {class: "where-head"},
        el("span", {id: "focus", class: "focus", text: "All organs"}),
        el("button", {id: "all", type: "button", class: "small", text: "Show all", onclick: () => setFocus("")})),
      el("div", {id: "minimap", class: "map small-map"})),
    el("section", {id: "actions", class: "actions", "aria-label": "my moves"})));

  $("minimap").addEventListener("click", (event) => {
    const organ = event.target.closest("[data-organ]");
    if (organ) pick(organ);
  });
  $("minimap").addEventListener("keydown", (event) => {
    const organ = event.target.closest("[data-organ]");
    if (!organ) return;
    if (event.key === "Enter" || event.key === " ") { event.preventDefault(); pick(organ); return; }
    const next = beside(organ, event.key);
    if (next === undefined) return;
    event.preventDefault();
    if (next) rove(next, true);
  });

  function pick(organ) {
    rove(organ, false);
    setFocus(organ.dataset.organ === focus ? "" : organ.dataset.organ);
  }

  function rove(organ, move) {  // the organ that takes the Tab (and the focus, moved by the arrow keys)
    for (const g of organs()) g.tabIndex = g === organ ? 0 : -1;
    cursor = organ.dataset.organ;
    if (move) organ.focus();
  }

  function organs() { return [...document.querySelectorAll("#minimap [data-organ]")]; }

  function beside(organ, key) {  // the nearest organ that way from this one (null: none; undefined: not an arrow)
    const way = {ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1]}[key];
    if (!way) return undefined;
    const middle = (g) => { const r = g.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; };
    const [x, y] = middle(organ);
    let best = null, score = Infinity;
    for (const g of organs()) {
      const [gx, gy] = middle(g);
      const along = (gx - x) * way[0] + (gy - y) * way[1], across = Math.abs((gx - x) * way[1] + (gy - y) * way[0]);
      if (g === organ || along <= 1) continue;
      if (along + 2 * across < score) { score = along + 2 * across; best = g; }
    }
    return best;
  }

  function drawMap(svgText) {  // the public map, its organs named buttons and its text readable: it scrolls
    const box = $("minimap");
    box.innerHTML = svgText;
    const svg = box.querySelector("svg");
    if (!svg) return;
    svg.setAttribute("role", "group");  // not an image: its organs are buttons
    const sizes = [...svg.querySelectorAll("text")].map((t) => parseFloat(getComputedStyle(t).fontSize)).filter((n) => n > 0);
    const width = svg.viewBox.baseVal.width;
    if (sizes.length && width) svg.style.width = Math.ceil(width * READABLE / Math.min(...sizes)) + "px";
    const all = organs();
    for (const g of all) {
      g.setAttribute("role", "button");
      g.tabIndex = g.dataset.organ === cursor ? 0 : -1;
      name(g, 0);
    }
    if (all.length && !all.some((g) => g.tabIndex === 0)) { all[0].tabIndex = 0; cursor = all[0].dataset.organ; }
  }

  function sides(v, state) {
    const clans = [];
    for (const s of v.snits) if (!clans.includes(s.clan)) clans.push(s.clan);
    const names = ["Bolotomus", ...(v.snit_players > 1 ? clans.slice(0, v.snit_players) : ["Snits"])];
    const computer = state.computer || (v.computer || []);
    return names.filter((n) => !computer.includes(n));
  }

  function whereIs(v) {  // counter name -> the organ it is in ("" outside the body)
    const at = {};
    for (const o of v.organs) for (const n of [...o.snits, ...o.thingies]) at[n] = o.name;
    return at;
  }

  function grouping(action, at) {  // [group key, heading, organs the action touches, the words the heading says]
    const organs = new Set();
    const add = (name) => { if (name) organs.add(name); };
    switch (action.type) {
      case "move": case "enter": {
        add(at[action.who]); add(action.to === "out" ? "" : action.to);
        return [action.who, `${action.who} (${at[action.who] ? "in the " + at[action.who] : "outside"}) ` +
          (action.type === "move" ? "moves to:" : "enters:"), organs, `${action.type} ${action.who}`];
      }
      case "kick":
        add(at[action.who]);
        return [action.who, `${action.who} (in the ${at[action.who]})`, organs, action.who];
      case "pack":
        add(at[action.who[0]]);
        return ["pack " + at[action.who[0]], `Pack attacks in the ${at[action.who[0]]}`, organs];
      case "chomp":
        add(at[action.runnungitm]);
        return [action.runnungitm, `${action.runnungitm} (in the ${at[action.runnungitm]})`, organs, action.runnungitm];
      case "transform":
        add(at[action.makum]);
        return [action.makum, `${action.makum} (in the ${at[action.makum]})`, organs, action.makum];
      case "compose":
        for (const o of action.at) add(o);
        return ["compose", "Compositors", organs];
      default:
        return ["done", "End", organs];
    }
  }

  function setFocus(organ) {
    focus = organ;
    $("focus").textContent = organ ? `Only the ${organ}` : "All organs";
    for (const g of organs()) {
      g.classList.toggle("picked", g.dataset.organ === organ);
      g.setAttribute("aria-pressed", String(g.dataset.organ === organ));
    }
    for (const b of document.querySelectorAll("#actions .action")) {
      const organs = (b.dataset.organs || "").split("|");
      b.hidden = !!organ && b.dataset.group !== "done" && !organs.includes(organ);
    }
    for (const g of document.querySelectorAll("#actions .group"))
      g.hidden = !g.querySelector(".action:not([hidden])");
  }

  function dice() {  // the typed dice as numbers: "3 5", "35" or "3,5"
    const text = $("roll").value.trim();
    return text ? text.replace(/[\s,]+/g, "").split("").map(Number) : [];
  }

  async function tap(index, button) {
    const action = {...offered[index].action};
    const rolled = dice();
    if (rolled.length && !$("roll-box").hidden) action.dice = rolled;
    document.querySelectorAll(".snits-player .action").forEach((b) => { b.disabled = true; });
    button.classList.add("sending");
    const answer = await post(action);
    if (answer.ok) $("roll").value = "";
    document.querySelectorAll(".snits-player .action").forEach((b) => { b.disabled = false; });
    button.classList.remove("sending");
  }

  function drawPicks(names, me) {
    const box = $("sides");
    box.replaceChildren(...names.map((name) => el("button", {type: "button", class: "pick",
      "aria-pressed": String(name === me), dataset: {name}, text: name,
      onclick: () => { Companion.setMe(name); Companion.refresh(); }})));
  }

  function label(text, said) {  // the button's words, less what its heading says (kept for the screen reader)
    const at = said ? (" " + text + " ").indexOf(" " + said + " ") : -1;
    if (at < 0) return [text];
    return [text.slice(0, at), el("span", {class: "vh", text: said}), text.slice(at + said.length)].filter((t) => t !== "");
  }

  // A redraw replaces the buttons: the focus goes back to the same one (by its side, organ, words or id).
  function focusKey(node) {
    if (!node || node === document.body || !node.closest || !node.closest(".snits-player")) return null;
    if (node.dataset.organ) return (n) => n.dataset.organ === node.dataset.organ;
    if (node.dataset.name) return (n) => n.dataset.name === node.dataset.name;
    if (node.dataset.text) return Object.assign((n) => n.dataset.text === node.dataset.text, {group: node.dataset.group});
    if (node.id) return (n) => n.id === node.id;
    return null;
  }

  let held = null;  // what has the focus, as focusKey has it
  document.addEventListener("focusin", (event) => { const key = focusKey(event.target); if (key) held = key; });
  document.addEventListener("focusout", (event) => {  // left on purpose (not by a redraw): nothing to give back
    const was = event.target;
    setTimeout(() => {
      const now = document.activeElement;
      if (was.isConnected && !was.disabled && (!now || now === document.body)) held = null;
    }, 0);
  });

  function giveFocusBack(key) {
    const now = document.activeElement;
    if (!key || (now && now !== document.body && now.isConnected)) return;
    const all = [...document.querySelectorAll(".snits-player [data-organ], .snits-player button, .snits-player input")];
    // a move taken is gone: the next of that counter's, else the first move (never `done`, which a second Enter
    // would take by mistake)
    const moves = all.filter((n) => n.matches("#actions .action:not([hidden]):not(:disabled)"));
    const node = all.find(key) || (key.group && (moves.find((n) => n.dataset.group === key.group) || moves[0]));
    if (node) node.focus({preventScroll: true});
  }

  async function drawActions(state, me) {
    const v = state.view;
    const list = $("actions");
    if (!me) {
      offered = [];
      list.replaceChildren();
      $("end").replaceChildren();
      $("waiting").textContent = "Pick your side above.";
      return;
    }
    const legal = await api("legal?player=" + encodeURIComponent(me));
    offered = legal.actions;
    const at = whereIs(v);
    const groups = new Map();
    offered.forEach((item, index) => {
      const [key, heading, organs, said] = grouping(item.action, at);
      if (!groups.has(key)) groups.set(key, {heading, buttons: []});
      groups.get(key).buttons.push(el("button", {type: "button", class: "action" + (key === "done" ? " done" : ""),
        dataset: {index: String(index), group: key, organs: [...organs].join("|"), text: item.text},
        onclick: (event) => tap(index, event.currentTarget)}, label(item.text, said)));
    });
    const end = groups.get("done");  // `done` first, a few key presses away, not after every move
    groups.delete("done");
    $("end").replaceChildren(...(end ? end.buttons : []));
    list.replaceChildren(...[...groups.values()].map((g) => el("div", {class: "group"},
      el("h3", {text: g.heading}), el("div", {class: "buttons"}, g.buttons))));
    const rolls = offered.some((a) => ["move", "enter", "kick", "pack", "chomp"].includes(a.action.type));
    $("roll-box").hidden = !(v.dice === "manual" && rolls);
    if (v.phase === "over") $("waiting").textContent = "The game is over.";
    else if (!offered.length) $("waiting").textContent = `Not your go: waiting for ${v.to_act}.`;
    else $("waiting").textContent = `Your go, ${v.phase_title}: tap a move.`;
    const buttons = [...document.querySelectorAll(".snits-player .action")];
    for (const g of organs()) {
      const moves = buttons.filter((b) => b.dataset.organs.split("|").includes(g.dataset.organ)).length;
      g.classList.toggle("has-moves", moves > 0);
      name(g, moves);
    }
  }

  function name(organ, moves) {  // an organ's name (its <title>): the organ, my moves there, the counters it shows
    let title = organ.querySelector(":scope > title");
    if (!title) title = organ.insertBefore(document.createElementNS("http://www.w3.org/2000/svg", "title"), organ.firstChild);
    const shown = [...organ.querySelectorAll("text")].map((t) => t.textContent.trim()).filter(Boolean).join(", ");
    title.textContent = `${organ.dataset.organ}, ${moves ? moves + (moves > 1 ? " moves" : " move") : "no moves"}` +
      (shown ? `: ${shown}` : "");
  }

  onSeq(async (state) => {
    await words;
    const v = state.view;
    const names = sides(v, state);
    let me = Companion.me();  // the side this phone picked, else the link's ?name=
    if (me && !names.includes(me)) me = names.find((n) => n.toLowerCase() === me.toLowerCase()) || "";
    $("me").textContent = me || "(nobody yet)";
    $("next").textContent = Snits.nextWords(state.next, v);
    drawPicks(names, me);
    mine = me;
    Companion.undoBar(document.querySelector(".snits-player .sides"), () => mine);  // by the side, not by `done`
    if (shown !== state.seq || !$("minimap").firstElementChild) {
      const response = await fetch(Companion.base + "/board.svg", {cache: "no-store"});
      if (response.ok) { drawMap(await response.text()); shown = state.seq; }
    }
    await drawActions(state, me);
    setFocus(focus);
    giveFocusBack(held);
  });
})();
