/* The Bolotomus' private page: where the Spark of Life and the Splops are hidden (/b/GAME/BSECRET/private), and the
   public status under it. Uses common.js (onSeq, Companion.el). */
"use strict";

onSeq((state) => {
  const hidden = state.private || {};
  document.getElementById("spark").textContent = hidden.spark || "not hidden in this game";
  document.getElementById("splops").textContent = (hidden.splops || []).join(", ") || "none";
  const view = document.getElementById("view");
  let pre = document.getElementById("status");
  if (!pre) { pre = Companion.el("pre", {id: "status", class: "status"}); view.appendChild(pre); }
  pre.textContent = state.status || "";
  const next = document.getElementById("next");
  if (state.next_text !== undefined) next.textContent = state.next_text;
});
