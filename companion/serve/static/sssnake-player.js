// Sssnake's player page (a phone): pick my name once, then only what I can do now: report the round (paper),
// draw the move on the 16x16 sheet (digital), flip, take an ability, place a square, rejoin. Plain JavaScript.
// The helpers (fetching, the live feed, card names, words for the next step) are in sssnake-table.js, which this
// page loads without starting the table.
(function () {
  "use strict";
  var S = window.Sssnake = window.Sssnake || {};
  S.helpersOnly = true;

  function withHelpers(cb) {
    if (S.base) return cb();
    var s = document.createElement("script");
    s.src = "/static/sssnake-table.js";
    s.onload = cb;
    document.head.appendChild(s);
  }

  function effect(c) {  // an ability card's effect in a line, in the page's language (common.js t)
    return {1: t("Cross rocks and end on them."), 2: t("End your move on water."),
      3: t("End on sand, start the next move from any other sand square."),
      4: t("Into water: go on from any other water square."), 5: t("Leave one edge, come back at the opposite edge."),
      6: t("Swap column and row of the apple on your sheet."), 7: t("Jump straight over your own body."),
      8: t("Move up to N more or fewer (N: your abilities)."), 9: t("End on fresh apples: everyone else crosses them out."),
      10: t("Your flips drop rotten apples; rotten counts as fresh for you."),
      11: t("From the third apple in one move, you may stop at an apple."),
      12: t("Start in shade: borrow a face-up permanent ability."), 13: t("Draw an X on your body: two heads."),
      14: t("A random ability from the box."), 15: t("A 5x5 square: apples falling in it bring one more."),
      16: t("Three eggs: hatch from one when eliminated.")}[c] || "";
  }
  var ENDS = {snow: "s", ice: "i", shade: "h"};
  var SHAPES = {snow: "❄", ice: "◇", shade: "◐"};
  function endName(name) { return name === "shade" ? t("shade") : S.terrain(name); }  // an ENDS key, shown
  var MOVES = {U: [0, -1], D: [0, 1], L: [-1, 0], R: [1, 0]};
  var TERRAIN = {g: "grassland", w: "water", s: "sand", q: "quicksand", r: "rocks", n: "snow", i: "ice", f: "foliage"};

  var st = null, me = null, sheet = null, ui = null, uiKey = null, started = false;
  var cursor = null;    // the sheet's square that takes the Tab ("col,row"): the grid is one tab stop
  var focused = null;   // what had the focus (a key: see focusKey), given back after every redraw
  var scrolled = null;  // how far the zoomed sheet is scrolled sideways, kept over redraws (null: not yet shown)
  var drawing = null;   // the sheet's picture (G/sheet.svg): {key: "name|seq", svg: its parsed <svg>, draw: the draw
  //                       that placed it last}
  var draws = 0;        // draws of the page so far
  var h;

  function storeKey() { return "companion:" + (st ? st.game : ""); }  // as common.js's Companion.setMe keeps it
  function remember(name) {
    if (window.Companion && name) return window.Companion.setMe(name);
    try { if (name) localStorage.setItem(storeKey(), name); else localStorage.removeItem(storeKey()); } catch (e) { /* private mode */ }
    var el = document.getElementById("me");
    if (el) el.textContent = name || "";
  }
  function player(v, name) { return (v.players || []).filter(function (p) { return p.name === name; })[0]; }
  function has(p, name) { return (p.abilities || []).indexOf(name) >= 0; }
  function sqText(sq) { return sq[0] + "," + sq[1]; }
  function same(a, b) { return a && b && a[0] === b[0] && a[1] === b[1]; }
  function inList(list, sq) { return list.some(function (x) { return same(x, sq); }); }

  // A report or a path in progress outlives a reload (this tab's sessionStorage, per game and player), until it is
  // sent or the round moves on.
  function draftKey() { return "companion:draft:" + (st ? st.game : "") + ":" + (me || ""); }
  function keepDraft() {
    try { sessionStorage.setItem(draftKey(), JSON.stringify({key: uiKey, ui: ui})); } catch (e) { /* private mode */ }
  }
  function draft(key) {
    try {
      var kept = JSON.parse(sessionStorage.getItem(draftKey()) || "null");
      return kept && kept.key === key ? Object.assign(freshUi(), kept.ui) : null;
    } catch (e) { return null; }
  }
  function dropDraft() { try { sessionStorage.removeItem(draftKey()); } catch (e) { /* private mode */ } }

  // ---- the focus: a redraw replaces the page's buttons; the focus goes back to the same one ----
  function focusKey(node) {
    if (!node || node === document.body || !node.closest || !node.closest("#sssnake")) return null;
    if (node.classList.contains("sq")) return {sq: node.dataset.col + "," + node.dataset.row};
    if (node.id) return {id: node.id};
    var names = ["data-card", "data-name", "data-end", "data-square"];
    for (var i = 0; i < names.length; i++) {
      if (node.hasAttribute(names[i])) return {attr: names[i], value: node.getAttribute(names[i])};
    }
    return {box: true};
  }
  function findKey(key) {
    if (key.sq) { var at = key.sq.split(","); return square(document, at[0], at[1]); }
    if (key.id) return document.getElementById(key.id);
    if (key.attr) return document.querySelector("#sssnake [" + key.attr + '="' + key.value + '"]');
    return null;
  }
  function giveFocusBack() {
    var now = document.activeElement;
    if (!focused || (now && now !== document.body && now.isConnected)) return;
    var node = findKey(focused);
    if (!node || node.disabled) {  // gone (sent, the round moved on): the first thing left where it was
      var act = document.getElementById("act");
      node = act.querySelector("button:not([disabled]), input, select");
      if (!node && act.firstElementChild) { node = act.firstElementChild; node.tabIndex = -1; }  // its words, then
    }
    if (!node) return;
    node.focus({preventScroll: !focused.sq});
  }
  document.addEventListener("focusin", function (e) { var k = focusKey(e.target); if (k) focused = k; });
  document.addEventListener("focusout", function (e) {  // left on purpose (not by a redraw): nothing to give back
    var was = e.target;
    setTimeout(function () {
      var now = document.activeElement;
      if (was.isConnected && !was.disabled && (!now || now === document.body)) focused = null;
    }, 0);
  });

  function freshUi() {
    return {fresh: 0, rotten: 0, goldenCount: 0, golden: [], ends: [], out: false, stole: "", fix: false,
      path: [], anyway: false, swap: false, borrow: 0, card: null, marks: [], corner: null};
  }

  // ---- what I can do now ----
  function mine(v) {
    var n = v.next || {};
    var p = player(v, me) || {};
    return {
      flip: n.step === "flip" && n.player === me,
      report: n.step === "report" && (n.players || []).indexOf(me) >= 0 && (n.digital || []).indexOf(me) < 0,
      move: n.step === "report" && (n.digital || []).indexOf(me) >= 0,
      rejoin: n.step === "report" && (n.rejoin || []).indexOf(me) >= 0,
      reported: n.step === "report" && !p.digital && (n.players || []).indexOf(me) < 0 &&
        (v.round && v.round.sheets || []).some(function (s) { return s.name === me; }),
      choose: n.step === "choose" && n.player === me,
      place: n.step === "place" && n.player === me,
      digital: !!p.digital
    };
  }

  function say(line) { var err = document.getElementById("error"); if (err) err.textContent = line; }
  // What to do before a tap can be sent (not a refusal: nothing went to the companion).
  function note(line) { var el = document.getElementById("sss-hint"); if (el) el.textContent = line; }

  function send(action) {
    say("");
    note("");
    var busy = document.querySelectorAll("#act button");
    Array.prototype.forEach.call(busy, function (b) { b.disabled = true; });
    return S.post(action).then(function (res) {
      if (res && res.error) {  // #error shows the refusal (common.js); the page keeps what was tapped
        say(res.error);
        Array.prototype.forEach.call(busy, function (b) { b.disabled = false; });
        giveFocusBack();  // disabled while it was sent, the button lost the focus
        besideSend(res.error);
        return;
      }
      dropDraft();
      uiKey = null;  // accepted: the next draw starts afresh
    });
  }

  // The refusal again just above the button that sent it (#act-refused, gone with the next draw): #error is at the
  // top of the page, a whole sheet above the Move button a phone has scrolled down to. Not a live region: #error
  // (role alert) already says it once.
  function besideSend(line) {
    var button = document.querySelector("#act button.primary");
    if (!button) return;
    var copy = document.getElementById("act-refused") || h("p", {id: "act-refused", class: "error"});
    var err = document.getElementById("error");
    copy.toggleAttribute("data-refused", !!(err && err.hasAttribute("data-refused")));
    copy.textContent = line;
    button.parentNode.insertBefore(copy, button);
    copy.scrollIntoView({block: "nearest"});
  }

  // ---- the page ----
  function local() { keepDraft(); return render(st, true); }  // redraw from what the page has: a tap changes only this page

  function render(state, keepSheet) {
    st = state;
    if (!started) {  // who I am: what this phone chose for this game, else ?name=NAME (the link never overrides it)
      started = true;
      var q = new URLSearchParams(location.search).get("name"), stored = null;
      try { stored = localStorage.getItem(storeKey()); } catch (e) { stored = null; }
      var hit = (st.view.players || []).filter(function (p) { return q && p.name.toLowerCase() === q.toLowerCase(); })[0];
      var own = (st.view.players || []).some(function (p) { return p.name === stored; });
      me = own ? stored : hit ? hit.name : null;
      if (!own && hit) remember(me);
    }
    var v = st.view;
    var box = S.root();
    box.classList.add("sss-player");
    document.body.setAttribute("data-kind", "sssnake");
    S.slot("game", box, "h1").textContent = st.game;
    S.slot("me", box, "strong").textContent = me || "";
    var meBox = S.slot("sss-me", box);
    S.slot("sss-hint", box, "p").setAttribute("aria-live", "polite");
    var next = S.slot("next", box, "p");
    S.slot("error", box, "p").setAttribute("role", "alert");
    var act = S.slot("act", box);

    var names = (v.players || []).map(function (p) { return p.name; });
    if (me && names.indexOf(me) < 0) me = null;
    if (window.Companion) window.Companion.undoBar(box, function () { return me; });  // under what I can do
    meBox.innerHTML = "";
    if (!me) {
      act.innerHTML = "";
      next.textContent = t("Who are you? Tap your name.");
      names.forEach(function (name) {
        act.appendChild(h("button", {class: "pick big", "data-name": name, on: {click: function () {
          me = name;
          sheet = null;
          remember(name);
          local();
        }}}, name));
      });
      return Promise.resolve();
    }
    var p = player(v, me);
    meBox.appendChild(h("span", {class: "facts"}, t("length {length} · moves {moves} · score {score}", {length: p.length,
      moves: p.out ? "–" : S.moveText(p.move), score: p.score.E_total}) + (v.first_player === me ? " · " + t("◆ token") : "") +
      (p.out ? " · " + t("out") : "")));
    if ((p.abilities || []).length) {
      meBox.appendChild(h("span", {class: "facts"}, t("abilities: {abilities}", {abilities: p.abilities.map(S.ability).join(", ")})));
    }
    meBox.appendChild(h("button", {id: "change", class: "small", on: {click: function () {
      me = null;
      sheet = null;
      try { localStorage.removeItem(storeKey()); } catch (e) { /* ignore */ }
      if (window.Companion) window.Companion.setMe("");  // the feed no longer names this phone's player
      var el = document.getElementById("me");
      if (el) el.textContent = "";
      local();
    }}}, t("not {name}?", {name: me})));

    var can = mine(v);
    var key = [me, v.flips, v.phase, (v.next || {}).step, (v.next || {}).player].join("|");
    // a new step starts afresh, and the sheet opens at the head again
    if (key !== uiKey) { ui = draft(key) || freshUi(); uiKey = key; note(""); cursor = null; scrolled = null; }
    var r = v.round;
    next.textContent = can.flip || can.report || can.move || can.choose || can.place || can.rejoin
      ? (r && !r.cave && (can.report || can.move) ? t("Your turn. The apple fell on {square}.", {square: r.column + "," + r.row})
        : t("Your turn."))
      : S.nextText(v);

    var needSheet = can.digital && (can.move || can.choose || can.place);
    var ready = needSheet && !(keepSheet && sheet) ? Promise.all([sheetJson(st.seq), picture(st.seq)])
      .then(function (got) { sheet = got[0]; }).catch(function () { sheet = null; }) : Promise.resolve();
    return ready.then(function () {
      draws += 1;
      var act = h("div", {});  // filled, then swapped in whole: two draws never mix
      if (can.flip) act.appendChild(flipBox(v));
      if (can.rejoin) act.appendChild(rejoinBox(v));
      if (can.report) act.appendChild(reportBox(v, p, false));
      if (can.reported) act.appendChild(ui.fix ? reportBox(v, p, true) : reportedBox(v));
      if (can.move) act.appendChild(sheet ? moveBox(v, p) : h("p", {}, t("Your sheet could not be loaded; try again.")));
      if (can.choose) act.appendChild(chooseBox(v, p));
      if (can.place) act.appendChild(placeBox(v, p));
      var points = {place: p.place, points: p.score.E_total};
      if (!act.children.length) act.appendChild(h("p", {class: "idle"}, v.phase !== "over" ? t("Nothing for you to do now.")
        : p.place ? t("The game is over: you placed {place} with {points} points.", points)
          : t("The game is over: {points} points.", points)));
      swapIn(document.getElementById("act"), act);  // the sheet the HTML came with (app.py) too
      placeSheet();
      giveFocusBack();
    });
  }

  function flipBox(v) {
    var cave = (v.next || {}).cave;
    return h("section", {class: "box"}, h("h2", {}, t("You hold the token")),
      h("button", {id: "flip", class: "big primary", on: {click: function () { send({type: "flip"}); }}},
        cave ? t("Flip for a cave") : t("Flip the apple card")));
  }

  function rejoinBox(v) {
    var at = {square: v.round.column + "," + v.round.row};
    return h("section", {class: "box"}, h("h2", {}, t("Friendship mode")),
      h("p", {}, t("You may draw a cave at {square} instead of the apple.", at)),
      h("button", {id: "rejoin", class: "big primary", on: {click: function () { send({type: "rejoin", player: me}); }}},
        t("Rejoin with a cave at {square}", at)));
  }

  function counter(id, label, get, set) {
    var count = h("output", {id: id, class: "count", "aria-live": "polite"}, String(get()));
    function change(d) { set(Math.max(0, get() + d)); count.textContent = String(get()); updateSend(); }
    return h("div", {class: "counter"}, h("span", {class: "label"}, label),
      h("button", {id: id + "-minus", class: "pm", "aria-label": t("{label} minus one", {label: label}), on: {click: function () { change(-1); }}}, "−"),
      count,
      h("button", {id: id + "-plus", class: "pm", "aria-label": t("{label} plus one", {label: label}), on: {click: function () { change(1); }}}, "+"));
  }

  function toggle(attrs, label, isOn, flip) {
    attrs.class = (attrs.class || "") + " toggle";
    attrs["aria-pressed"] = isOn() ? "true" : "false";
    attrs.on = {click: function () {
      flip();
      btn.setAttribute("aria-pressed", isOn() ? "true" : "false");
      btn.querySelector(".mark").textContent = isOn() ? "☑" : "☐";
      updateSend();
    }};
    var btn = h("button", attrs, h("span", {class: "mark"}, isOn() ? "☑" : "☐"), " " + label);
    return btn;
  }

  function reportSummary() {
    var words = [t("{count} fresh", {count: ui.fresh})];
    if (ui.rotten) words.push(t("{count} rotten", {count: ui.rotten}));
    if (ui.golden.length) words.push(t("{count} golden", {count: ui.golden.length}));
    if (ui.goldenCount) words.push(t("{count} golden", {count: ui.goldenCount}));
    words = words.concat(ui.ends.map(endName));
    if (ui.stole) words.push(t("stole {square}", {square: ui.stole}));
    if (ui.out) words.push(t("OUT"));
    return words.join(", ");
  }

  function updateSend() {
    var b = document.getElementById("send");
    if (b && ui) b.textContent = ui.fix ? t("Send the correction: {report}", {report: reportSummary()})
      : t("Send: {report}", {report: reportSummary()});
    if (ui) keepDraft();
  }

  function reportBox(v, p, fix) {
    ui.fix = fix;
    var landscape = v.landscape;
    var ends = v.sheets === "boxed" || landscape === "fjord" ? ["snow", "ice", "shade"] : ["shade"];
    var box = h("section", {class: "box report"}, h("h2", {}, fix ? t("Correct your round") : t("Your round")),
      h("p", {class: "hint"}, fix ? t("Your whole report again: what you leave out is no longer in it.")
        : t("Apples eaten this move, where it ended, or out.")));
    box.appendChild(counter("fresh", t("○ fresh"), function () { return ui.fresh; }, function (n) { ui.fresh = n; }));
    if (v.rotten_possible) box.appendChild(counter("rotten", t("● rotten"), function () { return ui.rotten; }, function (n) { ui.rotten = n; }));
    if ((v.golden_left || []).length) {
      var g = h("div", {class: "toggles golden-box"}, h("span", {class: "label"}, t("golden ★ eaten:")));
      v.golden_left.forEach(function (sq) {
        var at = sqText(sq);
        g.appendChild(toggle({class: "golden", "data-square": at}, "★ " + at, function () { return ui.golden.indexOf(at) >= 0; },
          function () { var i = ui.golden.indexOf(at); if (i >= 0) ui.golden.splice(i, 1); else ui.golden.push(at); }));
      });
      box.appendChild(g);
    } else if (v.golden && v.sheets === "boxed") {
      box.appendChild(counter("golden", t("★ golden"), function () { return ui.goldenCount; }, function (n) { ui.goldenCount = n; }));
    }
    var e = h("div", {class: "toggles"}, h("span", {class: "label"}, t("ended on:")));
    ends.forEach(function (name) {
      e.appendChild(toggle({class: "end", "data-end": name}, SHAPES[name] + " " + endName(name), function () { return ui.ends.indexOf(name) >= 0; },
        function () { var i = ui.ends.indexOf(name); if (i >= 0) ui.ends.splice(i, 1); else ui.ends.push(name); }));
    });
    box.appendChild(e);
    if (has(p, "Thieving")) {
      var stole = h("input", {id: "stole", type: "text", inputmode: "text", placeholder: "7,3", value: ui.stole,
        "aria-label": t("Thieving: the square of fresh apples the move ended on"), on: {input: function () { ui.stole = stole.value.trim(); updateSend(); }}});
      box.appendChild(h("label", {class: "field"}, t("Thieving: ended on fresh apples at") + " ", stole));
    }
    box.appendChild(h("div", {class: "toggles"}, toggle({id: "out", class: "danger"}, t("✖ eliminated (out)"),
      function () { return ui.out; }, function () { ui.out = !ui.out; })));
    box.appendChild(h("button", {id: "send", class: "big primary", on: {click: function () {
      var a = {type: ui.fix ? "fix" : "report", player: me};
      if (ui.fresh) a.fresh = ui.fresh;
      if (ui.rotten) a.rotten = ui.rotten;
      if (ui.golden.length) a.golden = ui.golden.map(function (at) { return at.split(",").map(Number); });
      if (ui.goldenCount) a.golden_count = ui.goldenCount;
      var end = ui.ends.map(function (n) { return ENDS[n]; }).join("");
      if (end) a.end = end;
      if (ui.out) a.out = true;
      if (ui.stole) {
        var m = ui.stole.match(/^\s*(\d+)\s*[,. ]\s*(\d+)\s*$/);
        if (!m) { note(t("Thieving: write the square as COLUMN,ROW like 7,3")); return; }
        a.stole = [Number(m[1]), Number(m[2])];
      }
      send(a);
    }}}, ""));
    setTimeout(updateSend, 0);
    if (fix) box.appendChild(h("button", {id: "fix-cancel", class: "small", on: {click: function () { ui.fix = false; local(); }}}, t("keep my report")));
    return box;
  }

  function reportedBox(v) {
    return h("section", {class: "box"}, h("p", {class: "done"}, t("✓ Reported. Waiting for the others.")),
      h("button", {id: "fix", class: "small", on: {click: function () {
        Object.assign(ui, freshUi(), asReported(v), {fix: true});  // the form starts from the report as it stands
        local();
      }}}, t("correct my report")));
  }

  // My report as the round's view has it (round.sheets[].report, the log's form), in the report form's terms.
  function asReported(v) {
    var mine = (v.round && v.round.sheets || []).filter(function (s) { return s.name === me; })[0] || {};
    var r = mine.report || {}, named = {};
    Object.keys(ENDS).forEach(function (name) { named[ENDS[name]] = name; });
    return {fresh: r.fresh || 0, rotten: r.rotten || 0, goldenCount: r.golden_count || 0,
      golden: (r.golden || []).map(sqText), out: !!r.out, stole: r.stole ? sqText(r.stole) : "",
      ends: (r.end || "").split("").map(function (c) { return named[c]; }).filter(Boolean)};
  }

  // ---- the sheet grid (digital players) ----
  // The sheet's picture as the pad prints it, with my pencil marks: fetched once per seq (its URL changes with it,
  // so the marks follow every move), parsed once, moved under the grid at each draw (a copy under a second grid).
  function picture(seq) {
    var key = me + "|" + seq;
    if (drawing && drawing.key === key) return Promise.resolve(drawing.svg);
    var early = document.getElementById("sheet-first");  // the page came with it (app.py): painted before this ran
    if (early && early.dataset.player + "|" + early.dataset.seq === key) {
      drawing = {key: key, svg: early.querySelector("svg")};
      return Promise.resolve(drawing.svg);
    }
    var url = S.base() + "/sheet.svg?player=" + encodeURIComponent(me) + "&seq=" + seq;
    return fetch(url, {cache: "no-store"}).then(function (r) {
      if (!r.ok) throw new Error("sheet.svg: " + r.status);
      return r.text();
    }).then(function (text) {
      var svg = new DOMParser().parseFromString(text, "image/svg+xml").documentElement;
      if (svg.nodeName !== "svg") throw new Error("sheet.svg: not a drawing");
      drawing = {key: key, svg: document.importNode(svg, true)};
      return drawing.svg;
    });
  }

  // My sheet's JSON (G/sheet/NAME), from the page's HTML when it came with this seq's (#sheet-json), else fetched.
  function sheetJson(seq) {
    var early = document.getElementById("sheet-first"), kept = document.getElementById("sheet-json");
    if (early && kept && early.dataset.player === me && Number(early.dataset.seq) === seq)
      return Promise.resolve(JSON.parse(kept.textContent));
    return S.get("sheet/" + encodeURIComponent(me));
  }

  // The grid of buttons laid over the picture's squares, where its root says they are (mm in its viewBox).
  function overlay(pic, svg, g) {
    var box = svg.getAttribute("viewBox").split(/[ ,]+/).map(Number);
    var at = function (name) { return Number(svg.getAttribute("data-" + name)); };
    var cell = at("cell"), cols = at("cols"), rows = at("rows");
    pic.style.setProperty("--sheet-squares", String(box[2] / cell));
    pic.style.aspectRatio = box[2] + " / " + box[3];
    g.style.left = (at("grid-x") - box[0]) / box[2] * 100 + "%";
    g.style.top = (at("grid-y") - box[1]) / box[3] * 100 + "%";
    g.style.width = cols * cell / box[2] * 100 + "%";
    g.style.height = rows * cell / box[3] * 100 + "%";
    g.style.gridTemplateColumns = "repeat(" + cols + ", 1fr)";
    g.style.gridTemplateRows = "repeat(" + rows + ", 1fr)";
  }

  // What is on a square, in words (its name); the picture draws it, the button over it adds only what is not
  // drawn: this round's apple (↓) and the path or marks being drawn.
  function grid(v, opts) {
    var d = sheet, sh = d.sheet || {};
    var body = (sh.b || []), caves = sh.c || [], heads = sh.h || [], crossed = sh.x || [], rotten = sh.r || [];
    var apples = {};
    (sh.a || []).forEach(function (a) { apples[a[0] + "," + a[1]] = a[2]; });
    var eggs = [].concat.apply([], sh.e || []);
    var golden = d.golden_left || v.golden_left || [];
    var rows = d.terrain.length, cols = d.terrain[0].length;
    var g = h("div", {id: "grid", class: "grid", role: "grid", "aria-label": t("your sheet, {cols} columns by {rows} rows: the arrow keys move between squares, Enter or Space taps one",
      {cols: cols, rows: rows})});
    var falls = fallSquares(v);
    var start = cursor || (opts.start ? sqText(opts.start) : (sh.h || [])[0] ? sqText(sh.h[0]) : "1,1");
    for (var row = 1; row <= rows; row++) {
      var line = h("div", {role: "row", class: "gridrow"});
      g.appendChild(line);
      for (var col = 1; col <= cols; col++) {
        var sq = [col, row], at = sqText(sq);
        var letter = d.terrain[row - 1][col - 1], over = (d.overlay && d.overlay[row - 1] || "")[col - 1] || ".";
        var cls = ["sq", "t-" + letter], mark = "", title = TERRAIN[letter] ? S.terrain(TERRAIN[letter]) : letter;
        if (over === "o") { cls.push("shade"); title += ", " + t("shade"); }
        if (over !== "." && over !== "o" && over === over.toUpperCase()) { cls.push("obj"); title += ", " + t("object"); }
        if (inList(golden, sq)) { cls.push("golden"); title += ", " + t("golden apple"); }
        if (apples[at]) {
          var rot = inList(rotten, sq);
          cls.push(rot ? "rotten" : "apple");
          title += ", " + (rot ? tn("{n} rotten apple", "{n} rotten apples", apples[at])
            : tn("{n} fresh apple", "{n} fresh apples", apples[at]));
        }
        if (inList(crossed, sq)) { cls.push("crossed"); title += ", " + t("crossed out"); }
        if (inList(eggs, sq)) { cls.push("egg"); title += ", " + t("egg"); }
        if (inList(body, sq)) { cls.push("body"); title += ", " + t("snake"); }
        if (inList(caves, sq)) { cls.push("cave"); title += ", " + t("cave"); }
        if (sh.s && same(sh.s, sq)) { cls.push("split"); title += ", " + t("Two-headed X"); }
        if (inList(heads, sq)) { cls.push("head"); title += ", " + t("head"); }
        if (falls[at]) { cls.push("falls"); title += ", " + falls[at]; mark = "↓"; }
        var extra = opts.decorate ? opts.decorate(sq) : null;
        if (extra) { cls = cls.concat(extra.cls || []); if (extra.mark) mark = extra.mark; if (extra.title) title += ", " + extra.title; }
        line.appendChild(h("div", {role: "gridcell", class: "cell"}, h("button", {class: cls.join(" "), "data-col": col,
          "data-row": row, tabindex: at === start ? "0" : "-1", title: at + ": " + title, "aria-label": at + " " + title}, mark)));
      }
    }
    g.addEventListener("click", function (e) {  // one listener for the 256 squares (Enter and Space click too)
      var b = e.target.closest(".sq");
      if (!b) return;
      var s = [Number(b.dataset.col), Number(b.dataset.row)];
      cursor = sqText(s);
      opts.tap(s);
    });
    g.addEventListener("keydown", function (e) { roam(e, cols, rows); });
    var again = drawing.draw === draws, svg = again ? drawing.svg.cloneNode(true) : drawing.svg;  // copied: a 2nd
    var shown = !again && svg.isConnected;  // on screen: left there for swapIn, the grid laid beside it
    drawing.draw = draws;
    var pic = shown ? h("div", {class: "sheet-pic", "data-keep": ""}, g) : h("div", {class: "sheet-pic"}, svg, g);
    overlay(pic, svg, g);
    return h("div", {class: "sheet-zoom"}, pic);  // on a phone the sheet is wider than the screen: it scrolls
  }

  // The new draw (`fresh`) into #act. The sheet's drawing on screen stays where it is when the new draw has it at
  // the same depth: the elements round it are kept, given the new ones' attributes and other children. An <svg>
  // taken out of the page and put back is styled and laid out afresh, at every tap on the sheet, and the page's
  // first draw would pay it for the sheet its HTML came with.
  function swapIn(slot, fresh) {
    var spot = fresh.querySelector(".sheet-pic[data-keep]"), n = spot, o = spot && drawing.svg.parentNode;
    if (spot) spot.removeAttribute("data-keep");
    while (n && n !== fresh && o && o !== slot && o.tagName === n.tagName) { n = n.parentNode; o = o.parentNode; }
    if (!spot || n !== fresh || o !== slot) {  // elsewhere: the drawing moves into the new draw
      if (spot) spot.prepend(drawing.svg);
      slot.replaceChildren.apply(slot, Array.prototype.slice.call(fresh.childNodes));
      return;
    }
    var keep = drawing.svg, path = null;
    for (o = keep.parentNode, n = spot; ; o = o.parentNode, n = n.parentNode) {
      if (o !== slot) sameAttributes(o, n);
      around(o, n, keep, path);
      if (o === slot) return;
      keep = o;
      path = n;
    }
  }

  // `o`'s children but `keep` become `n`'s but `path` (the new one `keep` stands for: n's children before it go
  // before `keep`; none, at the picture: all after it, the grid over the drawing).
  function around(o, n, keep, path) {
    Array.prototype.slice.call(o.childNodes).forEach(function (c) { if (c !== keep) c.remove(); });
    var before = !!path;
    Array.prototype.slice.call(n.childNodes).forEach(function (c) {
      if (c === path) before = false;
      else if (before) o.insertBefore(c, keep);
      else o.appendChild(c);
    });
  }

  // `o` takes `n`'s attributes; its style through the CSSOM (the page's Content-Security-Policy refuses a style
  // attribute set as text).
  function sameAttributes(o, n) {
    Array.prototype.slice.call(o.attributes).forEach(function (a) {
      if (a.name !== "style" && !n.hasAttribute(a.name)) o.removeAttribute(a.name);
    });
    Array.prototype.slice.call(n.attributes).forEach(function (a) { if (a.name !== "style") o.setAttribute(a.name, a.value); });
    o.style.cssText = n.style.cssText;
  }

  // The sheet scrolled where the player left it, or, shown the first time, to its head (once the style that makes
  // it scroll has loaded: before, it does not scroll).
  function placeSheet() {
    var zoom = document.querySelector("#act .sheet-zoom"), style = document.getElementById("sssnake-css");
    if (!zoom) return;
    zoom.onscroll = function () { scrolled = zoom.scrollLeft; };  // a property: a box kept over draws has one
    if (scrolled !== null) { zoom.scrollLeft = scrolled; return; }
    if (style && !style.sheet) { style.addEventListener("load", placeSheet, {once: true}); return; }
    zoom.scrollLeft = headward(zoom);
    var spots = [".sq.head", ".sq.falls"].map(function (q) { return zoom.querySelector(q); }).filter(Boolean)
      .map(function (el) { return el.getBoundingClientRect(); });
    if (!spots.length) return;  // the page scrolled down as far as the head and the apple's square need, if it must
    var low = Math.max.apply(null, spots.map(function (r) { return r.bottom; }));
    var high = Math.min.apply(null, spots.map(function (r) { return r.top; }));
    if (low > window.innerHeight) window.scrollBy(0, Math.min(low - window.innerHeight + spots[0].height, high));
  }

  // Where a sheet wider than the screen first opens: the snake's head and this round's apple square in view, at
  // an end of the sheet where they both fit there (its row numbers then in view too), else between them, else the
  // head alone the same way; no one hunts for them.
  function headward(zoom) {
    var box = zoom.getBoundingClientRect(), room = zoom.clientWidth, most = zoom.scrollWidth - room;
    function span(el) {
      var r = el.getBoundingClientRect(), left = r.left - box.left + zoom.scrollLeft;
      return [left, left + r.width];
    }
    var head = zoom.querySelector(".sq.head"), fall = zoom.querySelector(".sq.falls");
    var wants = [[head, fall], [head], [fall]].map(function (els) { return els.filter(Boolean).map(span); });
    for (var i = 0; i < wants.length; i++) {
      if (!wants[i].length) continue;
      var lo = Math.min.apply(null, wants[i].map(function (s) { return s[0]; }));
      var hi = Math.max.apply(null, wants[i].map(function (s) { return s[1]; }));
      if (hi - lo > room) continue;
      if (hi <= room) return 0;
      if (lo >= most) return most;
      return Math.max(0, Math.min(most, (lo + hi) / 2 - room / 2));
    }
    return 0;
  }

  function square(inside, col, row) { return inside.querySelector('.sq[data-col="' + col + '"][data-row="' + row + '"]'); }

  // The arrow keys move between the squares (Home/End: the row's ends, Page Up/Down: the column's), one tab stop.
  function roam(e, cols, rows) {
    var from = e.target.closest(".sq");
    if (!from) return;
    var col = Number(from.dataset.col), row = Number(from.dataset.row);
    var to = {ArrowLeft: [col - 1, row], ArrowRight: [col + 1, row], ArrowUp: [col, row - 1], ArrowDown: [col, row + 1],
      Home: [1, row], End: [cols, row], PageUp: [col, 1], PageDown: [col, rows]}[e.key];
    if (!to) return;
    e.preventDefault();
    var next = square(from.closest(".grid"), Math.min(cols, Math.max(1, to[0])), Math.min(rows, Math.max(1, to[1])));
    from.tabIndex = -1;
    next.tabIndex = 0;
    cursor = next.dataset.col + "," + next.dataset.row;
    next.focus();
  }

  // Where this round's apple falls on my sheet (and Tricky's other square), in words: "col,row" -> words.
  function fallSquares(v) {
    var r = v.round, out = {};
    if (!r || r.cave) return out;
    var mine = (r.sheets || []).filter(function (s) { return s.name === me; })[0];
    var squares = mine ? mine.squares || [] : [{at: [r.column, r.row]}];
    squares.forEach(function (o, i) { out[sqText(o.at)] = i ? t("Tricky: or the apple falls here") : t("this round's apple falls here"); });
    return out;
  }

  // The pad's own legend, in its words (G/sheet/NAME's "legend"), each line beside its mark as the sheet's SVG
  // draws it (its <defs> hold them): the terrains, the objects, the shade, this sheet's challenge; then the pencil.
  function legend() {
    var cell = drawing.svg.getAttribute("data-cell"), list = h("ul", {class: "marks"});
    (sheet.legend || []).forEach(function (line) {
      var pic = document.createElementNS("http://www.w3.org/2000/svg", "svg");
      var use = document.createElementNS("http://www.w3.org/2000/svg", "use");
      pic.setAttribute("viewBox", "0 0 " + cell + " " + cell);
      pic.setAttribute("aria-hidden", "true");
      pic.setAttribute("class", "swatch");
      use.setAttribute("href", "#" + line.swatch);
      pic.appendChild(use);
      list.appendChild(h("li", {}, pic, h("span", {}, line.name ? h("b", {}, S.terrain(line.name)) : null,
        (line.name ? " " : "") + line.text)));
    });
    return h("div", {class: "legend"}, list,
      h("p", {}, t("Your pencil marks: the dark oval is the head, the line your snake; apples (a stalk each, shaded: rotten), X crossed out, ovals eggs, an arch a cave. ↓ this round's apple · ◎ a step from the head · numbers: your path. Each square's name says what is on it.")));
  }

  // Replay the typed path from the head: where it has reached, which squares it draws.
  function walkPath(p) {
    var d = sheet, sh = d.sheet || {};
    var cols = d.terrain[0].length, rows = d.terrain.length;
    var wrap = has(p, "Intelligent"), flexible = has(p, "Flexible");
    var body = (sh.b || []).slice(), pos = (sh.h || [])[0] || null, drawn = [], steps = 0;
    function nextSq(a, dir) {
      var c = a[0] + MOVES[dir][0], r = a[1] + MOVES[dir][1];
      if (wrap) return [((c - 1 + cols) % cols) + 1, ((r - 1 + rows) % rows) + 1];
      return c >= 1 && c <= cols && r >= 1 && r <= rows ? [c, r] : null;
    }
    ui.path.forEach(function (tok) {
      if (tok.t === "split") { pos = sh.h && sh.h[1] ? sh.h[1] : sh.s; return; }
      if (tok.t === "at" || tok.t === "to") { pos = tok.sq; }
      else if (pos) {
        var one = nextSq(pos, tok.d);
        if (one && flexible && inList(body, one)) one = nextSq(one, tok.d) || one;
        pos = one;
      }
      if (pos) { body.push(pos); drawn.push(pos); }
      steps += 1;
    });
    return {pos: pos, drawn: drawn, steps: steps, nextSq: nextSq, body: body};
  }

  function pathText() {
    return ui.path.map(function (tok) {
      return tok.t === "step" ? tok.d : tok.t === "split" ? "/" : (tok.t === "at" ? "@" : "") + sqText(tok.sq);
    }).join(" ");
  }

  function moveBox(v, p) {
    var d = sheet;
    var lo = d.move ? d.move[0] : p.move[0], hi = d.move ? d.move[1] : p.move[1];
    var w = walkPath(p);
    var hint = h("p", {id: "hint", class: "hint"});
    function tap(sq) {
      var cur = walkPath(p);
      hint.textContent = "";
      if (cur.pos && same(cur.pos, sq) && ui.path.length) { ui.path.pop(); return redraw(); }
      if (!cur.pos) { ui.path.push({t: "at", sq: sq}); return redraw(); }
      var dirs = Object.keys(MOVES);
      for (var i = 0; i < dirs.length; i++) {
        var one = cur.nextSq(cur.pos, dirs[i]);
        if (same(one, sq)) { ui.path.push({t: "step", d: dirs[i]}); return redraw(); }
        var two = one && cur.nextSq(one, dirs[i]);
        if (has(p, "Flexible") && same(two, sq) && inList(cur.body, one)) { ui.path.push({t: "to", sq: sq}); return redraw(); }
      }
      if (has(p, "Digging") || has(p, "Diving")) { ui.path.push({t: "at", sq: sq}); return redraw(); }
      hint.textContent = t("Tap a square next to the head (◎), or the end of your path to take a step back.");
    }
    function redraw() { note(""); say(""); local(); }  // a refusal was about the path as it was
    var onPath = {};
    w.drawn.forEach(function (sq, i) { onPath[sqText(sq)] = i + 1; });
    var near = {};
    if (w.pos) Object.keys(MOVES).forEach(function (dir) { var n = w.nextSq(w.pos, dir); if (n) near[sqText(n)] = true; });
    var g = grid(v, {tap: tap, start: w.pos, decorate: function (sq) {
      var at = sqText(sq), out = {cls: []};
      if (onPath[at]) { out.cls.push("path"); out.mark = String(onPath[at]); out.title = t("step {n}", {n: onPath[at]}); }
      if (w.pos && same(w.pos, sq)) { out.cls.push("end"); out.title = (out.title ? out.title + ", " : "") + t("path end"); }
      else if (near[at]) out.cls.push("near");
      return out;
    }});
    var r = v.round, mySheet = (r && r.sheets || []).filter(function (s) { return s.name === me; })[0] || {};
    var box = h("section", {class: "box move"}, h("h2", {}, t("Your move: {moves} squares", {moves: S.moveText([lo, hi])})));
    if (!w.pos && !(sheet.sheet.h || []).length) box.appendChild(h("p", {class: "hint"}, t("Hatch: tap one of your eggs (the ovals) first.")));
    box.appendChild(g);
    box.appendChild(legend());
    box.appendChild(h("p", {class: "pathline"}, t("Path:") + " ", h("output", {id: "path"}, pathText() || "–"),
      h("span", {class: "steps"}, " (" + t("{steps} of {moves}", {steps: w.steps, moves: S.moveText([lo, hi])}) + ")")));
    box.appendChild(hint);
    var tools = h("div", {class: "tools"},
      h("button", {id: "back", class: "mid", disabled: !ui.path.length, on: {click: function () { ui.path.pop(); redraw(); }}}, t("⌫ back")),
      h("button", {id: "clear", class: "mid", disabled: !ui.path.length, on: {click: function () { ui.path = []; redraw(); }}}, t("clear")));
    if (has(p, "Two-headed") && sheet.sheet.s && !ui.path.some(function (tok) { return tok.t === "split"; })) {
      tools.appendChild(h("button", {id: "split", class: "mid", on: {click: function () { ui.path.push({t: "split"}); redraw(); }}}, t("/ second head (from X)")));
    }
    box.appendChild(tools);
    if ((mySheet.squares || []).length > 1) {
      var sw = mySheet.squares[1].at;
      box.appendChild(h("label", {class: "check"}, h("input", {id: "swap", type: "checkbox", checked: ui.swap, on: {change: function (e) { ui.swap = e.target.checked; keepDraft(); }}}),
        " " + t("Tricky: the apple falls on {square} instead", {square: sqText(sw)})));
    }
    if ((mySheet.nocturnal || []).length) {
      var sel = h("select", {id: "borrow", on: {change: function (e) { ui.borrow = Number(e.target.value); keepDraft(); }}},
        h("option", {value: "0"}, t("none")));
      mySheet.nocturnal.forEach(function (c) { sel.appendChild(h("option", {value: c, selected: ui.borrow === c}, c + " " + S.card(c))); });
      box.appendChild(h("label", {class: "field"}, t("Nocturnal: borrow") + " ", sel));
    }
    box.appendChild(h("label", {class: "check"}, h("input", {id: "anyway", type: "checkbox", checked: ui.anyway,
      on: {change: function (e) { ui.anyway = e.target.checked; keepDraft(); }}}), " " + t("the move eliminates my snake: go anyway")));
    box.appendChild(h("button", {id: "move", class: "big primary", disabled: !ui.path.length, on: {click: function () {
      var a = {type: "move", player: me, path: pathText()};
      var any = document.getElementById("anyway");
      if (any ? any.checked : ui.anyway) a.anyway = true;
      var swp = document.getElementById("swap");
      if (swp && swp.checked) a.swap = true;
      if (ui.borrow) a.borrow = ui.borrow;
      send(a);
    }}}, t("Move")));
    return box;
  }

  // ---- abilities: take, and what they draw ----
  function cornerInputs() {
    function num(id, i) {
      return h("input", {id: id, type: "number", inputmode: "numeric", min: 1, max: 12, value: ui.corner ? ui.corner[i] : "",
        on: {input: function (e) {
          var c = ui.corner ? ui.corner.slice() : [0, 0];
          c[i] = Number(e.target.value) || 0;
          ui.corner = c;
          keepDraft();
        }}});
    }
    return h("div", {class: "corner"}, h("span", {class: "label"}, t("Intuition: the 5x5 square's top-left corner (1-12)")),
      h("label", {class: "field"}, t("column") + " ", num("corner-col", 0)), h("label", {class: "field"}, t("row") + " ", num("corner-row", 1)));
  }

  function readCorner() {
    var c = document.getElementById("corner-col"), r = document.getElementById("corner-row");
    var col = c ? Number(c.value) : 0, row = r ? Number(r.value) : 0;
    return col >= 1 && col <= 12 && row >= 1 && row <= 12 ? [col, row] : null;
  }

  // The 16x16 grid for marks (X, eggs) or an Intuition corner on a digital sheet.
  function markGrid(v, need) {
    if (!sheet) return h("p", {class: "hint"}, t("Loading your sheet…"));
    return grid(v, {tap: function (sq) {
      if (need === "corner") {
        if (sq[0] > 12 || sq[1] > 12) { note(t("the 5x5 square's corner is in columns and rows 1-12")); return; }
        ui.corner = sq;
      } else {
        var i = -1;
        ui.marks.forEach(function (m, k) { if (same(m, sq)) i = k; });
        if (i >= 0) ui.marks.splice(i, 1); else { ui.marks.push(sq); if (ui.marks.length > need) ui.marks.shift(); }
      }
      local();
    }, decorate: function (sq) {
      if (need === "corner") {
        var c = ui.corner;
        if (c && sq[0] >= c[0] && sq[0] < c[0] + 5 && sq[1] >= c[1] && sq[1] < c[1] + 5) return {cls: ["marked"], title: t("Intuition square")};
        return null;
      }
      return inList(ui.marks, sq) ? {cls: ["marked"], mark: need === 1 ? "X" : "E", title: t("your mark")} : null;
    }});
  }

  // A tap on a card shows it (its name and effect) with "Take CARD" and "choose another": the second tap takes it.
  function chooseBox(v, p) {
    var n = v.next, digital = !!n.digital;
    if ((n.cards || []).indexOf(ui.card) < 0) { ui.card = null; ui.marks = []; }
    var box = h("section", {class: "box choose"}, h("h2", {}, t("Take an ability")),
      h("p", {class: "hint"}, ui.card === null ? t("Tap a face-up card to see it, then take it.") : t("Take it, or choose another.")));
    var cards = h("div", {class: "takes"});
    (n.cards || []).forEach(function (c) {
      var picked = ui.card === c;
      cards.appendChild(h("button", {class: "take big" + (picked ? " chosen" : ""), "data-card": c,
        "aria-pressed": picked ? "true" : "false", on: {click: function () {
          if (ui.card !== c) { ui.card = c; ui.marks = []; }
          focused = {id: c === 15 ? "corner-col" : digital && (c === 13 || c === 16) ? "choose-another" : "confirm"};
          note("");
          local().then(function () {  // the card's "Take" in sight, under the card
            var shown = document.querySelector("#act .take-chosen");
            if (shown) shown.scrollIntoView({block: "nearest"});
          });
        }}}, h("span", {class: "num"}, String(c)), h("span", {class: "name"}, S.card(c)), h("span", {class: "effect"}, effect(c))));
      if (picked) cards.appendChild(takeBox(v, digital));  // right under the card tapped, where the eye is
    });
    box.appendChild(cards);
    return box;
  }

  // The chosen card, what it needs drawn (Intuition's corner; on a digital sheet the X or the eggs), and the two taps.
  function takeBox(v, digital) {
    var c = ui.card, need = digital && (c === 13 || c === 16) ? (c === 13 ? 1 : 3) : 0;
    var box = h("div", {class: "take-chosen", "aria-live": "polite"},
      h("p", {class: "chosen-card"}, h("strong", {}, c + " " + S.card(c)), ": " + effect(c)));
    if (c === 15) {  // Intuition's corner: typed, or tapped on the sheet for a digital player
      box.appendChild(cornerInputs());
      if (digital) box.appendChild(markGrid(v, "corner"));
    }
    if (need) {
      box.appendChild(h("p", {class: "hint"}, c === 13 ? t("Tap a square of your snake for the X.")
        : t("Tap three squares for the eggs (where your snake could move).")));
      box.appendChild(markGrid(v, need));
      box.appendChild(legend());
    }
    box.appendChild(h("button", {id: "confirm", class: "big primary", disabled: need > 0 && ui.marks.length !== need, on: {click: function () {
      var a = {type: "take", player: me, card: c};
      if (need) a.marks = ui.marks;
      if (c === 15) {
        var corner = readCorner() || (ui.corner && ui.corner[0] && ui.corner[1] ? ui.corner : null);
        if (!corner) {
          note(t("Intuition: give the 5x5 square's top-left corner (column and row, 1-12), then take it"));
          var col = document.getElementById("corner-col");
          if (col) col.focus();
          return;
        }
        a.corner = corner;
      }
      send(a);
    }}}, need ? t("Take {card} ({squares})", {card: S.card(c) || c, squares: ui.marks.map(sqText).join(" ") || "…"})
      : t("Take {card}", {card: S.card(c) || c})));
    box.appendChild(h("button", {id: "choose-another", class: "small", on: {click: function () {
      ui.card = null; ui.marks = [];
      focused = {attr: "data-card", value: String(c)};
      local();
    }}}, t("choose another")));
    return box;
  }

  function placeBox(v, p) {
    var marks = v.next.marks;  // 13 the X, 16 the eggs, null an Intuition square (all from Moulting)
    var box = h("section", {class: "box place"});
    if (marks === 13 || marks === 16) {
      var need = marks === 13 ? 1 : 3;
      box.appendChild(h("h2", {}, marks === 13 ? t("Draw the Two-headed X") : t("Draw three Offspring eggs")));
      box.appendChild(markGrid(v, need));
      box.appendChild(h("button", {id: "place", class: "big primary", disabled: ui.marks.length !== need, on: {click: function () {
        send({type: "place", player: me, marks: ui.marks});
      }}}, t("Draw {squares}", {squares: ui.marks.map(sqText).join(" ") || "…"})));
      return box;
    }
    box.appendChild(h("h2", {}, t("Place your Intuition square (Moulting)")));
    box.appendChild(cornerInputs());
    if (p.digital && sheet) box.appendChild(markGrid(v, "corner"));
    box.appendChild(h("button", {id: "place", class: "big primary", on: {click: function () {
      var c = readCorner();
      if (!c) { note(t("give the square's top-left corner: column and row, 1-12")); return; }
      send({type: "place", player: me, corner: c});
    }}}, t("Place the square")));
    return box;
  }

  // Register with the page's live feed at once (so common.js draws nothing else first); draw once the helpers in
  // sssnake-table.js are there.
  var helpers = new Promise(function (done) { withHelpers(done); });
  function draw(state) { return helpers.then(function () { h = S.h; S.css(); return render(state); }); }
  if (typeof window.onSeq === "function") window.onSeq(draw);
  else helpers.then(function () { S.live(draw); });
})();
