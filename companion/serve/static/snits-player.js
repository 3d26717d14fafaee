/* Snits' Revenge, a player's phone: pick my side (the Bolotomus, or a clan), then that side's moves, map and dice
   (snits-actions.js, shared with the Bolotomus' own page). Uses common.js (onSeq, Companion) and the words of
   snits-table.js (Snits.nextWords). */
"use strict";

(function () {
  const {$, el} = Companion;
  Companion.style("snits.css");
  const script = (src) => new Promise((done) => { document.head.append(el("script", {src, onload: done})); });
  // snits-table.js first (its words, without the table), then the moves that use them
  const loaded = script("/static/snits-table.js").then(() => script("/static/snits-actions.js"));

  const view = $("view");
  const box = el("div", {class: "snits-player"},
    el("section", {class: "sides", "aria-label": t("my side")},
      el("div", {class: "sides-head"}, el("h2", {text: t("I play")})), el("div", {id: "sides", class: "picks"})));
  view.append(box);
  let moves = null;
  let mine = "";  // the side this phone plays, as the last draw found it ("" for none yet)

  function sides(v, state) {
    const clans = [];
    for (const s of v.snits) if (!clans.includes(s.clan)) clans.push(s.clan);
    const names = ["Bolotomus", ...(v.snit_players > 1 ? clans.slice(0, v.snit_players) : ["Snits"])];
    const computer = state.computer || (v.computer || []);
    return names.filter((n) => !computer.includes(n));
  }

  function drawPicks(names, me) {  // the same buttons stay (and keep the focus); only which is pressed changes
    const box = $("sides");
    if ([...box.children].map((b) => b.dataset.name).join("|") !== names.join("|"))
      box.replaceChildren(...names.map((name) => el("button", {type: "button", class: "pick", dataset: {name},
        text: name, onclick: () => { Companion.setMe(name); Companion.refresh(); }})));
    for (const b of box.children) b.setAttribute("aria-pressed", String(b.dataset.name === me));
  }

  onSeq(async (state) => {
    await loaded;
    if (!moves) moves = SnitsActions.phone(box);
    const v = state.view;
    const names = sides(v, state);
    let me = Companion.me();  // the side this phone picked, else the link's ?name=
    if (me && !names.includes(me)) me = names.find((n) => n.toLowerCase() === me.toLowerCase()) || "";
    $("me").textContent = me || t("(nobody yet)");
    $("next").textContent = Snits.nextWords(state.next, v);
    drawPicks(names, me);
    mine = me;
    // by the side, not by `done`; shown once one is picked, beside "I play" (a row of its own made the page longer)
    Companion.undoBar(box.querySelector(".sides-head"), () => mine);
    await moves.draw(state, me);
  });
})();
