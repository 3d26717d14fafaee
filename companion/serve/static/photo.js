/* companion serve: a finished paper Sssnake sheet recorded from a phone photo (photo.html, G/photo; issue 32).

   The file input hands the camera's photo, as it is, to POST G/photo/read (the server reads it, as `companion
   sssnake record --photo` does); the reading is drawn: the summary line, the track as two rows of numbered cells,
   each number over its mark as read (none, a circle, a disc, a double circle), the unsure ones highlighted, and
   the three counts, prefilled, for the player to correct. A pad sheet recorded before says so (#photo-before, the
   terminal's line) over a box to record it anew (#photo-again, the terminal's --again). "Record" posts them to
   G/photo/record, which checks and keeps them as the terminal does and answers the score and rank. Refusals show
   in #error (a refused record also just above the button, #photo-refused), what goes on in #messages. Every word
   about the sheet comes from the server; this file's own go through t() (common.js). */
"use strict";

(function () {
  const {el, $, base, showError, showMessages} = Companion;
  const body = document.body;
  const input = $("photo-file");
  let reading = null;

  $("game").textContent = Companion.game;
  if (new URLSearchParams(location.search).get("from") === "table") $("photo-back").href = "./";

  function step(name) { body.dataset.step = name; }  // start, reading, read, recording, recorded, refused

  async function send(path, data, type) {  // {status, answer}: the server's JSON either way
    try {
      const response = await fetch(base + "/" + path, {method: "POST", cache: "no-store",
        headers: {"Content-Type": type, "Accept": "application/json"}, body: data});
      let answer = null;
      try { answer = await response.json(); } catch (e) { answer = null; }
      return {status: response.status,
        answer: answer || {error: t("the companion answered {status}", {status: response.status})}};
    } catch (e) {
      return {status: 0, answer: {error: t("the companion is not answering; is `companion serve` still running?")}};
    }
  }

  function refused(found) {  // a 400 is the reader's or the rules' refusal: "Refused: " before it (--refused)
    showMessages([]);
    showError(found.answer.error, found.status === 400);
  }

  input.addEventListener("change", async () => {
    const file = input.files && input.files[0];
    if (!file) return;
    $("photo-reading").hidden = true;
    $("photo-recorded").hidden = true;
    showError("");
    showMessages([t("Reading the photo...")]);
    step("reading");
    const found = await send("photo/read", file, file.type || "application/octet-stream");
    input.value = "";  // the same photo may be chosen again
    if (found.status !== 200) { refused(found); step("refused"); return; }
    reading = found.answer;
    showMessages([]);
    show(reading);
    step("read");
  });

  function cell(n, mark, unsure, legend) {
    return el("li", {class: "cell" + (unsure ? " unsure" : ""), dataset: {n: String(n), mark}},
      el("span", {class: "n", "aria-hidden": "true", text: String(n)}),
      el("span", {class: "mark " + mark, "aria-hidden": "true"}),
      el("span", {class: "sr", text: `${n}: ${legend[mark]}${unsure ? ", " + legend.unsure : ""}`}));
  }

  function show(found) {
    $("photo-summary").textContent = found.summary;
    $("photo-notes").replaceChildren(...found.notes.map((line) => el("li", {text: line})));
    const unsure = new Set(found.unsure);
    const half = Math.ceil(found.cells.length / 2);
    const rows = [found.cells.slice(0, half), found.cells.slice(half)].map((marks, row) =>
      el("ol", {class: "row-cells", start: String(row * half + 1)},
        marks.map((mark, i) => cell(row * half + i + 1, mark, unsure.has(row * half + i + 1), found.legend))));
    const track = $("photo-track");
    track.querySelectorAll("ol").forEach((old) => old.remove());
    track.append(...rows);
    $("photo-legend").replaceChildren(...Object.entries(found.legend).map(([mark, words]) =>
      el("li", {}, el("span", {class: "sample" + (mark === "unsure" ? " unsure" : ""), "aria-hidden": "true"},
        el("span", {class: "mark " + (mark === "unsure" ? "blank" : mark)})), " " + words)));
    $("photo-length").value = String(found.length);
    $("photo-golden").value = String(found.golden);
    $("photo-rotten").value = String(found.rotten);
    $("photo-before").textContent = found.recorded_before || "";  // the terminal's line: recorded already
    $("photo-again").checked = false;
    $("photo-again-box").hidden = !found.recorded_before;
    $("photo-record").disabled = false;
    $("photo-refused").textContent = "";
    $("photo-reading").hidden = false;
    $("photo-reading-title").focus();
  }

  function count(id) {  // what the field says, as a number when it is one (the server words the rest)
    const text = $(id).value.trim();
    return /^\d{1,6}$/.test(text) ? Number(text) : text;
  }

  $("photo-confirm").addEventListener("submit", async (event) => {
    event.preventDefault();
    if (!reading) return;
    const button = $("photo-record");
    button.disabled = true;
    step("recording");
    const found = await send("photo/record", JSON.stringify({landscape: reading.landscape,
      length: count("photo-length"), golden: count("photo-golden"), rotten: count("photo-rotten"),
      sheet: reading.pad && reading.sheet ? `${reading.pad}/${reading.sheet}` : null,
      again: $("photo-again").checked}), "application/json");
    if (found.status !== 200) {  // said at the top and again above the button, where the counts are corrected
      refused(found);
      $("photo-refused").textContent = found.answer.error;
      $("photo-refused").toggleAttribute("data-refused", found.status === 400);
      button.disabled = false;
      step("refused");
      return;
    }
    showError("");
    $("photo-refused").textContent = "";
    $("photo-score").textContent = String(found.answer.score);
    $("photo-rank").textContent = found.answer.rank;
    $("photo-line").textContent = found.answer.messages.join("\n");
    $("photo-recorded").hidden = false;
    $("photo-recorded-title").focus();
    step("recorded");
  });
})();
