/* Snits' Revenge, the table page: the Bolotomus map with every counter (G/board.svg, drawn by the printables code),
   the phase, whose go, the last dice and the score, redrawn on every change (common.js: onSeq, api, Companion).
   Snits.nextWords (what the game waits for, in words: the server's next_text is the CLI's commands) is defined first,
   for the player's and the Bolotomus' pages too, which load this file for it only. */
"use strict";

(function () {
  const {$, el} = Companion;
  Companion.style("snits.css");

  function whoseGo(v) {
    if (v.phase === "over") return v.winner ? ({snits: "The Snits won", bolotomus: "The Bolotomus won",
      tie: "A tie"}[v.winner] || `The ${v.winner} clan won`) : "Nobody";
    return v.to_act.charAt(0).toUpperCase() + v.to_act.slice(1);
  }

  const DOES = {move: "move a counter one organ", enter: "bring a Snit in from outside", kick: "kick",
    pack: "attack as a pack", compose: "compose Makums", chomp: "chomp a Snit", transform: "transform a Makum"};
  const ENDS = {phase: "ends the phase", go: "ends this clan's go", move: "ends this clan's move (its kick follows)",
    fight: "ends this clan's go (the next clan moves)", turn: "ends the turn"};

  function list(words) { return words.length < 2 ? words.join("") : words.slice(0, -1).join(", ") + " or " + words.at(-1); }

  function nextWords(next, v) {  // what the game waits for, in words (never the CLI's commands)
    if (v.phase === "over" || (next && next.step === "over")) return whoseGo(v) + ": the game is over.";
    if (!next) return `${whoseGo(v)}, ${v.phase_title}.`;
    if (next.step === "sealed") return "This copy cannot be played on: the Bolotomus' private copy can.";
    if (next.step === "free chomp") return `The Bolotomus picks which Snit ${next.runnungitm} chomps: ${list(next.snits)}.`;
    const open = (next.actions || []).map((type) => DOES[type] || type);
    return `${next.player}, ${v.phase_title}: ` + (open.length ? `${list(open)}; or done` : "nothing left but done") +
      (ENDS[next.done] ? `, which ${ENDS[next.done]}.` : ".");
  }

  function doneWords(next, v) {  // the `done` button's words: what it ends
    const ends = (next && ENDS[next.done]) || "ends the phase";
    return `Done: ${ends.replace(/^ends /, "end ")} (${v.phase_title})`;
  }

  const READABLE = 10;  // px: the smallest counter's name on a map that scrolls

  function readable(svg) {  // draw the map so its counters' names are READABLE px at least (it scrolls in its box)
    const width = svg.viewBox.baseVal.width;
    const sizes = [...svg.querySelectorAll(".counter text")].map((t) => parseFloat(getComputedStyle(t).fontSize))
      .filter((n) => n > 0);
    if (sizes.length && width) svg.style.width = Math.ceil(width * READABLE / Math.min(...sizes)) + "px";
  }

  window.Snits = {nextWords, doneWords, readable, READABLE};
  if (Companion.page !== "table") return;

  function lastDice(state) {  // the log's last action (state.last): its dice, and what rolled them
    const last = state.last || {};
    const text = (last.text || "").replace(/ --roll \S+$/, "");
    if (last.dice && last.dice.length) return last.dice.join(" ") + (text ? ` (${text})` : "");
    return text ? `none (${text})` : "none yet";
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
  Companion.undoBar(document.querySelector(".facts"));  // under what comes next, away from the map

  let shown = null;  // the seq whose board the page shows
  const narrow = matchMedia("(max-width: 700px)");
  narrow.addEventListener("change", () => { shown = null; Companion.refresh(); });

  onSeq(async (state) => {
    const v = state.view;
    $("phase").textContent = v.phase === "over" ? "Game over" : `Turn ${v.turn}: ${v.phase_title}`;
    $("turn").textContent = whoseGo(v);
    $("dice").textContent = lastDice(state);
    $("score").textContent = `${v.dead_snorgs.length} of ${v.organs_to_win} organs out; ${v.snits_alive} Snits alive`;
    $("next").textContent = nextWords(state.next, v);
    if (shown === state.seq && $("map").firstElementChild) return;
    const response = await fetch(Companion.base + "/board.svg", {cache: "no-store"});
    if (response.ok) {
      $("map").innerHTML = await response.text();  // our own server's SVG, drawn from the public view
      const svg = $("map").querySelector("svg");
      // a phone-sized table: the map at a readable size, scrolling in its box, never a thumbnail
      if (svg && narrow.matches) { readable(svg); svg.classList.add("readable"); }
      // a map that scrolls in its box is a tab stop, named, so a keyboard scrolls it with the arrows
      if (narrow.matches) { $("map").tabIndex = 0; $("map").setAttribute("role", "region"); }
      else { $("map").removeAttribute("tabindex"); $("map").removeAttribute("role"); }
      shown = state.seq;
    }
  });
})();
