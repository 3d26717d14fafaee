// Sssnake's table page: the flipped card, the ability display, the token, each snake, what comes next.
// Plain JavaScript, no build. Redrawn from GET G/state on every seq of the live feed (common.js onSeq, or an
// EventSource of its own when the page has none). Words and shapes carry every meaning; colour only adds weight.
(function () {
  "use strict";
  var S = window.Sssnake = window.Sssnake || {};

  // ---- helpers shared with sssnake-player.js (defined once, whichever script loads first) ----
  if (!S.base) {
    S.CARDS = {1: "Climbing", 2: "Swimming", 3: "Digging", 4: "Diving", 5: "Intelligent", 6: "Tricky",
      7: "Flexible", 8: "Elastic", 9: "Thieving", 10: "Poisonous", 11: "Winter stores", 12: "Nocturnal",
      13: "Two-headed", 14: "Moulting", 15: "Intuition", 16: "Offspring"};
    S.base = function () {
      var m = location.pathname.match(/^(\/g\/[^/]+\/[^/]+)/);
      return m ? m[1] : location.pathname.replace(/\/(player)?\/?$/, "");
    };
    S.get = function (path) {
      return fetch(S.base() + "/" + path, {cache: "no-store"}).then(function (r) {
        if (!r.ok) throw new Error(path + ": " + r.status);
        return r.json();
      });
    };
    // POST an action dict; resolves to {ok, messages, seq} or {error: "one line"}, never rejects on a refusal.
    // common.js's post() also shows the refusal in #error, the lines in #messages, and redraws the page.
    S.post = function (action) {
      if (typeof window.post === "function") return window.post(action);
      return fetch(S.base() + "/act", {method: "POST", headers: {"Content-Type": "application/json"},
        body: JSON.stringify(action)}).then(function (r) {
        return r.json().catch(function () { return {error: "the server answered " + r.status}; });
      }).catch(function (e) { return {error: "no connection to the companion (" + e.message + ")"}; }).then(function (res) {
        var err = document.getElementById("error");
        if (err) err.textContent = res.error || "";
        if (!res.error && S.redraw) S.redraw();
        return res;
      });
    };
    // Draw the page with the /state JSON now and after every change of the game. With common.js: its onSeq
    // (it sets body data-seq once the draw's promise is done); without: a fetch and an EventSource of our own.
    S.live = function (draw) {
      if (typeof window.onSeq === "function") {
        window.onSeq(draw);
        S.redraw = function () { return window.Companion ? window.Companion.refresh() : null; };
        return;
      }
      var busy = false, again = false;
      function run() {
        if (busy) { again = true; return; }
        busy = true;
        S.get("state").then(function (state) {
          return Promise.resolve(draw(state)).then(function () { document.body.setAttribute("data-seq", state.seq); });
        }).catch(function (e) {
          var err = document.getElementById("error");
          if (err) err.textContent = String(e.message || e);
        }).then(function () {
          busy = false;
          if (again) { again = false; run(); }
        });
      }
      S.redraw = run;
      run();
      if (window.EventSource) new EventSource(S.base() + "/events").addEventListener("seq", run);
    };
    S.h = function (tag, attrs) {  // h("div", {class: "x", "data-name": "Ann"}, child, "text", ...)
      var el = document.createElement(tag);
      Object.keys(attrs || {}).forEach(function (k) {
        var v = attrs[k];
        if (v === null || v === undefined || v === false) return;
        if (k === "on") Object.keys(v).forEach(function (ev) { el.addEventListener(ev, v[ev]); });
        else if (k === "text") el.textContent = v;
        else el.setAttribute(k, v === true ? "" : v);
      });
      for (var i = 2; i < arguments.length; i++) {
        var c = arguments[i];
        if (c === null || c === undefined || c === false) continue;
        if (Array.isArray(c)) c.forEach(function (x) { if (x) el.appendChild(typeof x === "string" ? document.createTextNode(x) : x); });
        else el.appendChild(typeof c === "string" || typeof c === "number" ? document.createTextNode(String(c)) : c);
      }
      return el;
    };
    // The element with this id, made inside `parent` when the page skeleton has none.
    S.slot = function (id, parent, tag) {
      var el = document.getElementById(id);
      if (!el) { el = S.h(tag || "div", {id: id}); parent.appendChild(el); }  // the skeleton's own stay where they are
      return el;
    };
    S.root = function () {
      var main = document.getElementById("view") || document.querySelector("main") || document.body;
      var box = document.getElementById("sssnake");
      if (!box) { box = S.h("div", {id: "sssnake"}); main.appendChild(box); }
      return box;
    };
    S.css = function () {
      if (document.getElementById("sssnake-css")) return;
      var link = S.h("link", {id: "sssnake-css", rel: "stylesheet", href: "/static/sssnake.css"});
      document.head.appendChild(link);
    };
    S.moveText = function (mv) { return mv[0] === mv[1] ? String(mv[0]) : mv[0] + "-" + mv[1]; };
    S.list = function (names) {
      if (names.length < 2) return names.join("");
      return names.slice(0, -1).join(", ") + " and " + names[names.length - 1];
    };
    // What the game waits for, in words (the view's `next`).
    S.nextText = function (v) {
      var n = v.next || {};
      switch (n.step) {
        case "over": return "The game is over.";
        case "flip":
          return n.player + (n.cave ? " flips the apple card for a cave." : " flips the round's apple card.");
        case "report": {
          var paper = (n.players || []).filter(function (p) { return (n.digital || []).indexOf(p) < 0; });
          var parts = [];
          if (paper.length) parts.push(S.list(paper) + " report" + (paper.length === 1 ? "s" : "") + " the round");
          if ((n.digital || []).length) parts.push(S.list(n.digital) + " move" + (n.digital.length === 1 ? "s" : "") + " on the digital sheet");
          var t = parts.join("; ") || "The round closes";
          if ((n.rejoin || []).length) t += "; " + S.list(n.rejoin) + " may rejoin";
          return t + ".";
        }
        case "choose":
          return n.player + " takes an ability" + ((n.after || []).length ? ", then " + S.list(n.after) : "") + ".";
        case "place":
          return n.player + (n.marks === 13 ? " draws the Two-headed X." : n.marks === 16 ? " draws three Offspring eggs."
            : " places the Intuition square.");
        default: return "";
      }
    };
    // A snake's state in one word or two: waiting / reported / out / may rejoin (and choosing, flips, ready).
    S.stateWord = function (v, p) {
      var n = v.next || {};
      if (p.place) return "place " + p.place;
      if (p.may_rejoin) return "may rejoin";
      if (p.out) return "out";
      if (v.phase === "move") {
        if ((v.waiting_for || []).indexOf(p.name) >= 0) return "waiting";
        var moving = (v.round && v.round.sheets || []).some(function (s) { return s.name === p.name; });
        return moving ? "reported" : "rejoined";
      }
      if (n.step === "choose" && (n.player === p.name || (n.after || []).indexOf(p.name) >= 0)) return "choosing";
      if (n.step === "place" && n.player === p.name) return "placing";
      if (n.step === "flip" && n.player === p.name) return "flips";
      if (v.phase === "caves" && !p.cave) return "no cave yet";
      return "ready";
    };
    // The open round's lines for the whole table (who draws what where), from the view.
    S.roundLines = function (v) {
      var r = v.round;
      if (!r) return ["No apple card turned yet."];
      var at = r.column + "," + r.row;
      if (r.cave) {
        var lines = ["Flip " + r.flip + ": a cave at " + at + "; everyone else draws an apple there."];
        if (r.cave_moves_off) lines.push("The cave cannot lie on " + r.cave_moves_off + ": it moves straight to the nearest square it may lie on.");
        return lines;
      }
      var out = ["Flip " + r.flip + ": " + (r.rotten ? "a rotten apple" : "a fresh apple") + " at " + at +
        (r.extra_apple ? ", and an extra apple (two half apples): two stalks" : "") + "."];
      (r.sheets || []).forEach(function (sh) {
        var notes = [];
        (sh.squares || []).forEach(function (o, i) {
          var w = o.at[0] + "," + o.at[1];
          if (i === 1) notes.push("Tricky: or swap to " + w);
          if (o.apples === 0) notes.push(w + " is crossed out (Thieving): draw nothing");
          else if (o.apples > 1 + (r.extra_apple ? 1 : 0)) notes.push("Intuition: " + o.apples + " apples on " + w);
        });
        if (sh.rotten_counts_fresh) notes.push("rotten counts as fresh (Poisonous)");
        if ((sh.nocturnal || []).length) notes.push("Nocturnal may borrow " + sh.nocturnal.map(function (c) { return S.CARDS[c] || c; }).join(", "));
        if (sh.foliage) notes.push("long enough for foliage");
        var p = (v.players || []).filter(function (q) { return q.name === sh.name; })[0];
        out.push(sh.name + ": moves " + S.moveText(sh.move || (p && p.move) || [0, 0]) + (notes.length ? "; " + notes.join("; ") : ""));
      });
      var moving = (r.sheets || []).map(function (sh) { return sh.name; });
      (v.players || []).forEach(function (p) {
        if (moving.indexOf(p.name) >= 0) return;
        if ((r.rejoin || []).indexOf(p.name) >= 0) out.push(p.name + ": out; may rejoin with a cave at " + at + " instead of the apple.");
        else if (p.out) out.push(p.name + ": out.");
        else if (v.phase === "move") out.push(p.name + ": rejoined on this flip; moves from the next round.");
      });
      return out;
    };
  }

  if (S.tableStarted || S.helpersOnly) return;  // the player page loads this file for the helpers above only
  S.tableStarted = true;
  var h = S.h;

  function drawCard(card, v) {
    card.innerHTML = "";
    var r = v.round;
    card.className = "sss-card" + (r ? "" : " none");
    if (!r) {
      card.removeAttribute("data-col"); card.removeAttribute("data-row");
      card.appendChild(h("span", {class: "coords"}, "–"));
      card.appendChild(h("span", {class: "kind"}, "no card turned yet"));
      return;
    }
    card.setAttribute("data-col", r.column);
    card.setAttribute("data-row", r.row);
    card.appendChild(h("span", {class: "coords", title: "column " + r.column + ", row " + r.row}, r.column + ", " + r.row));
    card.appendChild(h("span", {class: "axes"}, "column (A), row (B)"));
    var kind = r.cave ? "a cave" : (r.rotten ? "● rotten apple" : "○ fresh apple") + (r.extra_apple ? " + extra apple" : "");
    card.appendChild(h("span", {class: "kind"}, "flip " + r.flip + ": " + kind));
  }

  function drawDisplay(box, v) {
    box.innerHTML = "";
    box.appendChild(h("h2", {}, "Abilities"));
    (v.display || []).forEach(function (row, i) {
      var line = h("div", {class: "cards-row", "data-row": i + 1});
      row.forEach(function (n) {
        if (n === null || n === undefined) {
          line.appendChild(h("div", {class: "card down", title: "face down"}, h("span", {class: "num"}, "?"), h("span", {class: "name"}, "face down")));
        } else {
          line.appendChild(h("button", {type: "button", class: "card", "data-number": n,  // lookups.js: its text
            "aria-haspopup": "dialog"}, h("span", {class: "num"}, String(n)), " ", h("span", {class: "name"}, S.CARDS[n] || "")));
        }
      });
      box.appendChild(line);
    });
  }

  function drawPlayers(box, v) {
    box.innerHTML = "";
    (v.players || []).forEach(function (p) {
      var word = S.stateWord(v, p);
      var token = v.first_player === p.name;
      var moving = p.out ? "–" : S.moveText(p.move || [p.length, p.length]);
      var abil = (p.abilities || []).length ? p.abilities.join(", ") : "none";
      if ((p.moulted || []).length) abil += " (moulted: " + p.moulted.join(", ") + ")";
      box.appendChild(h("div", {class: "player" + (token ? " token" : "") + (p.out ? " out" : ""), "data-name": p.name,
        "data-state": word},
        h("div", {class: "who"},
          h("span", {class: "name"}, p.name),
          token ? h("span", {class: "tokenmark", title: "holds the first-player token"}, "◆ token") : null,
          p.digital ? h("span", {class: "tag"}, "digital") : null),
        h("div", {class: "state", "data-state": word}, word),
        h("dl", {},
          h("dt", {}, "length"), h("dd", {class: "length"}, String(p.length)),
          h("dt", {}, "moves"), h("dd", {class: "moves"}, moving),
          h("dt", {}, "score"), h("dd", {class: "score"}, String(p.score ? p.score.E_total : "")),
          h("dt", {}, "abilities"), h("dd", {class: "abilities"}, abil))));
    });
  }

  // The flip is the table's (the token holder's hand, the terminal's `flip`): a button while one is due, kept in
  // place between draws so the focus stays on it for the next flip.
  function flipButton(box, v) {
    var n = v.next || {}, due = n.step === "flip";
    var words = n.cave ? "Flip for a cave" : "Flip the apple card";
    var b = document.getElementById("flip");
    box.hidden = !due;
    if (!due) { if (b) b.remove(); return; }
    if (!b) {
      b = h("button", {id: "flip", type: "button", class: "big primary", on: {click: function () {
        b.disabled = true;
        S.post({type: "flip"}).then(function () { b.disabled = false; });
      }}});
      box.appendChild(b);
    }
    b.textContent = words;
  }

  function render(st) {
    var v = st.view;
    var box = S.root();
    box.classList.add("sss-table");
    document.body.setAttribute("data-kind", "sssnake");
    var game = S.slot("game", box, "h1");
    game.textContent = st.game;
    var top = S.slot("sss-top", box);
    var card = S.slot("card", top);
    var side = S.slot("sss-side", top);
    var token = S.slot("token", side);
    token.textContent = v.phase === "over" ? "Game over" : "◆ Token: " + v.first_player;
    var next = S.slot("next", side, "p");
    next.textContent = S.nextText(v);
    flipButton(S.slot("table-flip", side), v);
    var land = S.slot("sss-land", side, "p");
    land.textContent = (v.landscape || "") + (v.sheets === "boxed" ? " (boxed sheets)" : "") +
      (v.friendship ? " · Friendship mode" : "") + " · " + v.flips + " flip" + (v.flips === 1 ? "" : "s") +
      (v.deck ? " · " + v.deck.flips_left + " left in the deck" : "");
    drawCard(card, v);
    drawDisplay(S.slot("display", side), v);
    drawPlayers(S.slot("players", box), v);
    var lines = S.roundLines(v);
    if (v.phase === "over") {
      var ranked = (v.players || []).slice().sort(function (a, b) { return (a.place || 99) - (b.place || 99); });
      lines = ranked.map(function (p) { return (p.place ? p.place + ". " : "") + p.name + ": " + p.score.E_total + " points"; });
      if (v.solo_rank) lines.push(v.solo_rank);
    }
    var round = S.slot("round", box, "pre");  // the open round, a line per snake (#messages: what a write said)
    round.className = "messages round";
    round.textContent = lines.join("\n");
    if (window.Companion) window.Companion.undoBar(box);
  }

  S.css();
  S.live(render);
})();
