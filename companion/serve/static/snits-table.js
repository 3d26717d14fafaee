/* Snits' Revenge, the table page: the Bolotomus map with every counter (G/board.svg, drawn by the printables code),
   the phase, whose go, the last dice and the score, redrawn on every change (common.js: onSeq, api, Companion).
   Snits.nextWords (what the game waits for, in words: the server's next_text is the CLI's commands) is defined first,
   for the player's and the Bolotomus' pages too, which load this file for it only. */
"use strict";

(function () {
  const {$, el} = Companion;
  Companion.style("snits.css");

  function whoseGo(v) {
    if (v.phase === "over") return v.winner ? ({snits: t("The Snits won"), bolotomus: t("The Bolotomus won"),
      tie: t("A tie")}[v.winner] || t("The {clan} clan won", {clan: v.winner})) : t("Nobody");
    return v.to_act.charAt(0).toUpperCase() + v.to_act.slice(1);
  }

  function does(type) {  // an action's type (the view's, English), in words
    return {move: t("move a counter one organ"), enter: t("bring a Snit in from outside"), kick: t("kick"),
      pack: t("attack as a pack"), compose: t("compose Makums"), chomp: t("chomp a Snit"),
      transform: t("transform a Makum")}[type] || type;
  }
  // What `done` ends (next.done), said after the moves ("…; or done, which ends the phase.") and on its button.
  function ends(done) {
    return {phase: t(", which ends the phase."), go: t(", which ends this clan's go."),
      move: t(", which ends this clan's move (its kick follows)."), fight: t(", which ends this clan's go (the next clan moves)."),
      turn: t(", which ends the turn.")}[done] || ".";
  }

  function list(words) {
    return words.length < 2 ? words.join("") : t("{names} or {last}", {names: words.slice(0, -1).join(", "), last: words.at(-1)});
  }

  function nextWords(next, v) {  // what the game waits for, in words (never the CLI's commands)
    if (v.phase === "over" || (next && next.step === "over")) return t("{who}: the game is over.", {who: whoseGo(v)});
    if (!next) return `${whoseGo(v)}, ${v.phase_title}.`;
    if (next.step === "sealed") return t("This copy cannot be played on: the Bolotomus' private copy can.");
    if (next.step === "free chomp") {
      return t("The Bolotomus picks which Snit {runnungitm} chomps: {snits}.", {runnungitm: next.runnungitm,
        snits: list(next.snits)});
    }
    const open = (next.actions || []).map(does), vars = {player: next.player, phase: v.phase_title};
    return (open.length ? t("{player}, {phase}: {moves}; or done", {...vars, moves: list(open)})
      : t("{player}, {phase}: nothing left but done", vars)) + ends(next.done);
  }

  function doneWords(next, v) {  // the `done` button's words: what it ends
    const vars = {phase: v.phase_title};
    return {go: t("Done: end this clan's go ({phase})", vars),
      move: t("Done: end this clan's move (its kick follows) ({phase})", vars),
      fight: t("Done: end this clan's go (the next clan moves) ({phase})", vars),
      turn: t("Done: end the turn ({phase})", vars)}[next && next.done] || t("Done: end the phase ({phase})", vars);
  }

  const READABLE = 10;  // px: the smallest counter's name on a map that scrolls

  function readable(svg) {  // draw the map so its counters' names are READABLE px at least (it scrolls in its box)
    const width = svg.viewBox.baseVal.width;
    const sizes = [...svg.querySelectorAll(".counter text")].map((name) => parseFloat(getComputedStyle(name).fontSize))
      .filter((n) => n > 0);
    if (sizes.length && width) svg.style.width = Math.ceil(width * READABLE / Math.min(...sizes)) + "px";
  }

  window.Snits = {nextWords, doneWords, readable, READABLE};
  if (Companion.page !== "table") return;

  function lastDice(state) {  // the log's last action (state.last): its dice, and what rolled them
    const last = state.last || {};
    const text = (last.text || "").replace(/ --roll \S+$/, "");
    if (last.dice && last.dice.length) return last.dice.join(" ") + (text ? ` (${text})` : "");
    return text ? t("none ({action})", {action: text}) : t("none yet");
  }

  function fact(label, id) {
    return el("div", {class: "fact"}, el("span", {class: "label", text: label}), el("strong", {id}));
  }

  const view = $("view");
  view.append(el("div", {class: "snits-table"},
    el("div", {class: "map-column"},
      el("div", {id: "map", class: "map", "aria-label": t("the Bolotomus map")}),
      el("p", {class: "key", text: t("Snits: clan initial (R Red, B Blue, G Green, Y Yellow), name, speed; L lightning, H hammer; * moved, ! kicked. On a passage 1/2: used this phase (2/2 on black: full); at an entry 1/2 in: Snits through that orifice this phase.")})),
    el("section", {class: "facts", "aria-label": t("the game")},
      fact(t("Phase"), "phase"), fact(t("Whose go"), "turn"), fact(t("Last dice"), "dice"), fact(t("Score"), "score"))));
  const next = document.querySelector("p.next");  // what the game waits for: beside the map, not above it
  if (next) { next.classList.add("fact"); document.querySelector(".facts").append(next); }
  Companion.undoBar(document.querySelector(".facts"));  // under what comes next, away from the map

  let shown = null;  // the seq whose board the page shows
  const narrow = matchMedia("(max-width: 700px)");
  narrow.addEventListener("change", () => { shown = null; Companion.refresh(); });

  onSeq(async (state) => {
    const v = state.view;
    $("phase").textContent = v.phase === "over" ? t("Game over") : t("Turn {turn}: {phase}", {turn: v.turn, phase: v.phase_title});
    $("turn").textContent = whoseGo(v);
    $("dice").textContent = lastDice(state);
    $("score").textContent = t("{dead} of {needed} organs out; {alive} Snits alive", {dead: v.dead_snorgs.length,
      needed: v.organs_to_win, alive: v.snits_alive});
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
