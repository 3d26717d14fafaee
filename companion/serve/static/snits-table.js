/* Snits' Revenge, the table page: the Bolotomus map with every counter (G/board.svg, drawn by the printables code),
   the phase, whose go, the last dice and the score, redrawn on every change (common.js: onSeq, api, Companion). */
"use strict";

(function () {
  const {$, el} = Companion;
  Companion.style("snits.css");

  function whoseGo(v) {
    if (v.phase === "over") return v.winner ? ({snits: "The Snits won", bolotomus: "The Bolotomus won",
      tie: "A tie"}[v.winner] || `The ${v.winner} clan won`) : "Nobody";
    return v.to_act.charAt(0).toUpperCase() + v.to_act.slice(1);
  }

  function lastDice(state) {  // the log's last action (state.last): its dice, and what rolled them
    const last = state.last || {};
    const text = (last.text || "").replace(/ --roll \S+$/, "");
    if (last.dice && last.dice.length) return last.dice.join(" ") + (text ? ` (${text})` : "");
    return text ? `none (${text})` : "none yet";
  }

  function nextWords(next, v) {  // what the game waits for, when the server has no words of its own for it
    if (!next || next.step === "over") return "the game is over";
    if (next.step === "sealed") return "this copy cannot be played on (the Bolotomus' private copy can)";
    if (next.step === "free chomp") return `the Bolotomus: a free chomp by ${next.runnungitm}`;
    const open = (next.actions || []).join(", ");
    return `${next.player}: ${open ? open + " or " : ""}done`;
  }

  function fact(label, id) {
    return el("div", {class: "fact"}, el("span", {class: "label", text: label}), el("strong", {id}));
  }

  const view = $("view");
  view.append(el("div", {class: "snits-table"},
    el("div", {class: "map-column"},
      el("div", {id: "map", class: "map", "aria-label": "the Bolotomus map"}),
      el("p", {class: "key", text: "Snits: clan initial (R Red, B Blue, G Green, Y Yellow), name, speed; L lightning, " +
        "H hammer; * moved, ! kicked. On a passage 1/2: used this phase (2/2 on black: full); at an entry 1/2 in: " +
        "Snits through that orifice this phase."})),
    el("section", {class: "facts", "aria-label": "the game"},
      fact("Phase", "phase"), fact("Whose go", "turn"), fact("Last dice", "dice"), fact("Score", "score"))));
  const next = document.querySelector("p.next");  // what the game waits for: beside the map, not above it
  if (next) { next.classList.add("fact"); document.querySelector(".facts").append(next); }

  let shown = null;  // the seq whose board the page shows

  onSeq(async (state) => {
    const v = state.view;
    $("phase").textContent = v.phase === "over" ? "Game over" : `Turn ${v.turn}: ${v.phase_title}`;
    $("turn").textContent = whoseGo(v);
    $("dice").textContent = lastDice(state);
    $("score").textContent = `${v.dead_snorgs.length} of ${v.organs_to_win} organs out; ${v.snits_alive} Snits alive`;
    if (state.next_text === undefined) $("next").textContent = nextWords(state.next, v);
    if (shown === state.seq && $("map").firstElementChild) return;
    const response = await fetch(Companion.base + "/board.svg", {cache: "no-store"});
    if (response.ok) {
      $("map").innerHTML = await response.text();  // our own server's SVG, drawn from the public view
      shown = state.seq;
    }
  });
})();
