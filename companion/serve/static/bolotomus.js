/* The Bolotomus' private page: where the Spark of Life and the Splops are hidden (/b/GAME/BSECRET/private: the
   reveal's spark, splops and commitment), whose go it is (snits-actions.js' #waiting), the map with them marked (B/board.svg) and the Bolotomus' own moves
   (B/legal, B/act: snits-actions.js, as a Snits phone has them), the terminal's status with the Bolotomus' eyes
   folded away under them. Uses common.js (onSeq, Companion) and snits-table.js (Snits.nextWords). */
"use strict";

(function () {
  const {$, el} = Companion;
  Companion.style("snits.css");
  const script = (src) => new Promise((done) => { document.head.append(el("script", {src, onload: done})); });
  const loaded = script("/static/snits-table.js").then(() => script("/static/snits-actions.js"));
  const SHORT = 12;  // hex digits of the commitment shown before it is opened
  let moves = null;
  let polling = null;  // the rematch asked after, once the game is over

  function commitment(hash) {  // the commitment fits a phone: its start, the whole of it one tap away
    const box = $("commitment");
    if (!hash) { box.replaceChildren(); return; }
    if (box.dataset.hash === hash) return;
    box.dataset.hash = hash;
    box.replaceChildren(el("details", {},
      el("summary", {}, t("Commitment (the Snits noted it):") + " ", el("code", {text: hash.slice(0, SHORT) + "…"})),
      el("code", {class: "hash", text: hash})));
  }

  onSeq(async (state) => {
    await loaded;
    const hidden = state.private || {};
    const v = state.view || {};
    const gone = new Set((v.hidden && v.hidden.splops_gone_off) || []);
    $("spark").textContent = hidden.spark || t("not hidden in this game");
    $("splops").textContent = (hidden.splops || []).map((o) => gone.has(o) ? t("{organ} (gone off)", {organ: o}) : o)
      .join(", ") || t("none");
    commitment(hidden.commitment || (v.hidden && v.hidden.commitment));
    const box = $("view");
    if (!moves) {
      const status = el("details", {class: "whole-status"},
        el("summary", {text: t("The whole status, as the terminal shows it")}),
        // the status may scroll sideways: a keyboard reaches it (a tab stop, named) and scrolls it with the arrows
        el("pre", {id: "status", class: "status", tabindex: "0", role: "region", "aria-label": t("the game's status")}));
      const own = el("div", {class: "snits-player"}, el("h2", {text: t("My moves")}));  // the moves' h3s sit under it
      box.append(own, status);
      moves = SnitsActions.phone(own);
      Companion.undoBar(own, () => "Bolotomus");  // B/undo, B/redo: the Bolotomus' own actions only
    }
    $("status").textContent = state.status || "";
    $("next").textContent = Snits.nextWords(state.next, v);
    await moves.draw(state, "Bolotomus");
    if (v.winner && !polling) { polling = setInterval(rematched, 4000); rematched(); }
  });

  // After the game: a rematch started from the table page (the same setup, so the same Bolotomus) is linked here,
  // its own private page; asked every few seconds while this server runs.
  async function rematched() {
    let next = null;
    try { next = (await api("next")).next; } catch (e) { next = null; }
    if (!next || $("next-game")) return;
    clearInterval(polling);
    $("view").before(el("section", {id: "next-game", class: "box"}, el("h2", {text: t("The rematch")}),
      el("p", {}, el("a", {id: "next-game-link", href: next.bolotomus,
        text: t("Open {game}'s Bolotomus page (its Spark and Splops)", {game: next.game})}))));
  }
})();
