/* The Bolotomus' private page: where the Spark of Life and the Splops are hidden (/b/GAME/BSECRET/private: the
   reveal's spark and splops), whose go it is, and the public status under it. Uses common.js (onSeq, Companion). */
"use strict";

(function () {
  const {$, el} = Companion;
  Companion.style("snits.css");
  const words = new Promise((done) => {  // snits-table.js: its words for the next step, without the table
    const script = el("script", {src: "/static/snits-table.js"});
    script.onload = done;
    document.head.append(script);
  });

  onSeq(async (state) => {
    await words;
    const hidden = state.private || {};
    const v = state.view || {};
    const gone = new Set((v.hidden && v.hidden.splops_gone_off) || []);
    $("spark").textContent = hidden.spark || "not hidden in this game";
    $("splops").textContent = (hidden.splops || []).map((o) => gone.has(o) ? `${o} (gone off)` : o).join(", ")
      || "none";
    const box = $("view");
    let turn = $("turn");
    if (!turn) {
      turn = el("p", {id: "turn", class: "turn"});
      // the status may scroll sideways: a keyboard reaches it (a tab stop, named) and scrolls it with the arrows
      box.append(turn, el("pre", {id: "status", class: "status", tabindex: "0", role: "region",
        "aria-label": "the game's status"}));
    }
    turn.textContent = v.phase === "over" ? "The game is over."
      : `Turn ${v.turn}, ${v.phase_title}: ${v.to_act} to act.`;
    $("status").textContent = state.status || "";
    $("next").textContent = Snits.nextWords(state.next, v);
  });
})();
