/* Snits' Revenge, a player's phone: pick my side (the Bolotomus, or a clan), then tap one of that side's legal
   actions (G/legal?player=NAME), grouped by counter; tapping an organ on the small map shows only its actions.
   A game with manual dice asks for the dice rolled in #roll. Uses common.js (onSeq, api, post, Companion). */
"use strict";

(function () {
  const {$, el} = Companion;
  Companion.style("snits.css");

  let focus = "";     // the organ tapped on the small map ("" for all)
  let shown = null;   // the seq whose small map the page shows
  let offered = [];   // the legal actions on the buttons, by data-index

  const view = $("view");
  view.append(el("div", {class: "snits-player"},
    el("section", {class: "sides", "aria-label": "my side"},
      el("h2", {text: "I play"}), el("div", {id: "sides", class: "picks"})),
    el("p", {id: "waiting", class: "waiting", "aria-live": "polite"}),
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
    if (organ) setFocus(organ.dataset.organ === focus ? "" : organ.dataset.organ);
  });

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

  function grouping(action, at) {  // [group key, heading, organs the action touches]
    const organs = new Set();
    const add = (name) => { if (name) organs.add(name); };
    switch (action.type) {
      case "move": case "enter": {
        add(at[action.who]); add(action.to === "out" ? "" : action.to);
        return [action.who, `${action.who} (${at[action.who] ? "in the " + at[action.who] : "outside"})`, organs];
      }
      case "kick":
        add(at[action.who]);
        return [action.who, `${action.who} (in the ${at[action.who]})`, organs];
      case "pack":
        add(at[action.who[0]]);
        return ["pack " + at[action.who[0]], `Pack attacks in the ${at[action.who[0]]}`, organs];
      case "chomp":
        add(at[action.runnungitm]);
        return [action.runnungitm, `${action.runnungitm} (in the ${at[action.runnungitm]})`, organs];
      case "transform":
        add(at[action.makum]);
        return [action.makum, `${action.makum} (in the ${at[action.makum]})`, organs];
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
    for (const g of document.querySelectorAll("#minimap [data-organ]"))
      g.classList.toggle("picked", g.dataset.organ === organ);
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
    document.querySelectorAll("#actions .action").forEach((b) => { b.disabled = true; });
    button.classList.add("sending");
    const answer = await post(action);
    if (answer.ok) $("roll").value = "";
    document.querySelectorAll("#actions .action").forEach((b) => { b.disabled = false; });
    button.classList.remove("sending");
  }

  function drawPicks(names, me) {
    const box = $("sides");
    box.replaceChildren(...names.map((name) => el("button", {type: "button", class: "pick",
      "aria-pressed": String(name === me), dataset: {name}, text: name,
      onclick: () => { Companion.setMe(name); Companion.refresh(); }})));
  }

  async function drawActions(state, me) {
    const v = state.view;
    const list = $("actions");
    if (!me) {
      offered = [];
      list.replaceChildren();
      $("waiting").textContent = "Pick your side above.";
      return;
    }
    const legal = await api("legal?player=" + encodeURIComponent(me));
    offered = legal.actions;
    const at = whereIs(v);
    const groups = new Map();
    offered.forEach((item, index) => {
      const [key, heading, organs] = grouping(item.action, at);
      if (!groups.has(key)) groups.set(key, {heading, buttons: []});
      groups.get(key).buttons.push(el("button", {type: "button", class: "action" + (key === "done" ? " done" : ""),
        dataset: {index: String(index), group: key, organs: [...organs].join("|")}, text: item.text,
        onclick: (event) => tap(index, event.currentTarget)}));
    });
    list.replaceChildren(...[...groups.values()].map((g) => el("div", {class: "group"},
      el("h3", {text: g.heading}), el("div", {class: "buttons"}, g.buttons))));
    const rolls = offered.some((a) => ["move", "enter", "kick", "pack", "chomp"].includes(a.action.type));
    $("roll-box").hidden = !(v.dice === "manual" && rolls);
    if (v.phase === "over") $("waiting").textContent = "The game is over.";
    else if (!offered.length) $("waiting").textContent = `Not your go: waiting for ${v.to_act}.`;
    else $("waiting").textContent = `Your go, ${v.phase_title}: tap a move.`;
    for (const g of document.querySelectorAll("#minimap [data-organ]"))
      g.classList.toggle("has-moves", offered.some((_, i) =>
        list.querySelector(`[data-index="${i}"]`).dataset.organs.split("|").includes(g.dataset.organ)));
  }

  onSeq(async (state) => {
    const v = state.view;
    const names = sides(v, state);
    let me = Companion.me();
    if (me && !names.includes(me)) me = names.find((n) => n.toLowerCase() === me.toLowerCase()) || "";
    $("me").textContent = me || "(nobody yet)";
    drawPicks(names, me);
    if (shown !== state.seq || !$("minimap").firstElementChild) {
      const response = await fetch(Companion.base + "/board.svg", {cache: "no-store"});
      if (response.ok) { $("minimap").innerHTML = await response.text(); shown = state.seq; }
    }
    await drawActions(state, me);
    setFocus(focus);
  });
})();
