/* The Bolotomus' private page: where the Spark of Life and the Splops are hidden (/b/GAME/BSECRET/private: the
   reveal's spark and splops), whose go it is, and the public status under it. Uses common.js (onSeq, Companion). */
"use strict";

(function () {
  const {$, el} = Companion;
  Companion.style("snits.css");

  onSeq((state) => {
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
      box.append(turn, el("pre", {id: "status", class: "status"}));
    }
    turn.textContent = v.phase === "over" ? "The game is over."
      : `Turn ${v.turn}, ${v.phase_title}: ${v.to_act} to act.`;
    $("status").textContent = state.status || "";
  });
})();
