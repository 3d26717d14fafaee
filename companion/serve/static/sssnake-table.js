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
      13: "Two-headed", 14: "Moulting", 15: "Intuition", 16: "Offspring"};  // the names the view sends (abilities)
    // An ability's name in the page's language (common.js t): the English name, as S.CARDS and the view have it.
    S.ability = function (name) {
      return {Climbing: t("Climbing"), Swimming: t("Swimming"), Digging: t("Digging"), Diving: t("Diving"),
        Intelligent: t("Intelligent"), Tricky: t("Tricky"), Flexible: t("Flexible"), Elastic: t("Elastic"),
        Thieving: t("Thieving"), Poisonous: t("Poisonous"), "Winter stores": t("Winter stores"),
        Nocturnal: t("Nocturnal"), "Two-headed": t("Two-headed"), Moulting: t("Moulting"), Intuition: t("Intuition"),
        Offspring: t("Offspring")}[name] || name;
    };
    S.card = function (n) { return S.CARDS[n] ? S.ability(S.CARDS[n]) : ""; };  // card number -> its name, shown
    // A terrain's name (the view's and terrains.toml's English) in the page's language.
    S.terrain = function (name) {
      return {grassland: t("grassland"), water: t("water"), sand: t("sand"), quicksand: t("quicksand"),
        rocks: t("rocks"), snow: t("snow"), ice: t("ice"), foliage: t("foliage")}[name] || name;
    };
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
        return r.json().catch(function () { return {error: t("the server answered {status}", {status: r.status})}; });
      }).catch(function (e) { return {error: t("no connection to the companion ({error})", {error: e.message})}; }).then(function (res) {
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
      return t("{names} and {last}", {names: names.slice(0, -1).join(", "), last: names[names.length - 1]});
    };
    // What the game waits for, in words (the view's `next`).
    S.nextText = function (v) {
      var n = v.next || {};
      switch (n.step) {
        case "over": return t("The game is over.");
        case "flip":
          return n.cave ? t("{player} flips the apple card for a cave.", {player: n.player})
            : t("{player} flips the round's apple card.", {player: n.player});
        case "report": {
          var paper = (n.players || []).filter(function (p) { return (n.digital || []).indexOf(p) < 0; });
          var parts = [], digital = n.digital || [];
          if (paper.length) parts.push(tn("{names} reports the round", "{names} report the round", paper.length,
            {names: S.list(paper)}));
          if (digital.length) parts.push(tn("{names} moves on the digital sheet", "{names} move on the digital sheet",
            digital.length, {names: S.list(digital)}));
          var text = parts.join("; ") || t("The round closes");
          if ((n.rejoin || []).length) text += "; " + t("{names} may rejoin", {names: S.list(n.rejoin)});
          return text + ".";
        }
        case "choose":
          return (n.after || []).length ? t("{player} takes an ability, then {others}.", {player: n.player,
            others: S.list(n.after)}) : t("{player} takes an ability.", {player: n.player});
        case "place":
          return n.marks === 13 ? t("{player} draws the Two-headed X.", {player: n.player})
            : n.marks === 16 ? t("{player} draws three Offspring eggs.", {player: n.player})
              : t("{player} places the Intuition square.", {player: n.player});
        default: return "";
      }
    };
    // A snake's state in one word or two: waiting / reported / out / may rejoin (and choosing, flips, ready); English,
    // the data-state the page's CSS and tests read (S.stateText: its words).
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
    S.stateText = function (word, p) {  // S.stateWord's word in the page's language
      if (p.place) return t("place {place}", {place: p.place});
      return {"may rejoin": t("may rejoin"), out: t("out"), waiting: t("waiting"), reported: t("reported"),
        rejoined: t("rejoined"), choosing: t("choosing"), placing: t("placing"), flips: t("flips"),
        "no cave yet": t("no cave yet"), ready: t("ready")}[word] || word;
    };
    // The open round's lines for the whole table (who draws what where), from the view.
    S.roundLines = function (v) {
      var r = v.round;
      if (!r) return [t("No apple card turned yet.")];
      var at = r.column + "," + r.row;
      if (r.cave) {
        var lines = [t("Flip {flip}: a cave at {at}; everyone else draws an apple there.", {flip: r.flip, at: at})];
        var off = r.cave_moves_off;
        if (off === "an immovable object") {
          lines.push(t("The cave cannot lie on an immovable object: it moves straight to the nearest square it may lie on."));
        } else if (off) {
          lines.push(t("The cave cannot lie on {terrain}: it moves straight to the nearest square it may lie on.",
            {terrain: S.terrain(off)}));
        }
        return lines;
      }
      var apple = {flip: r.flip, apple: r.rotten ? t("a rotten apple") : t("a fresh apple"), at: at};
      var out = [r.extra_apple ? t("Flip {flip}: {apple} at {at}, and an extra apple (two half apples): two stalks.", apple)
        : t("Flip {flip}: {apple} at {at}.", apple)];
      (r.sheets || []).forEach(function (sh) {
        var notes = [];
        (sh.squares || []).forEach(function (o, i) {
          var w = o.at[0] + "," + o.at[1];
          if (i === 1) notes.push(t("Tricky: or swap to {square}", {square: w}));
          if (o.apples === 0) notes.push(t("{square} is crossed out (Thieving): draw nothing", {square: w}));
          else if (o.apples > 1 + (r.extra_apple ? 1 : 0)) notes.push(t("Intuition: {apples} apples on {square}", {apples: o.apples, square: w}));
        });
        if (sh.rotten_counts_fresh) notes.push(t("rotten counts as fresh (Poisonous)"));
        if ((sh.nocturnal || []).length) notes.push(t("Nocturnal may borrow {cards}", {cards: sh.nocturnal.map(function (c) { return S.card(c) || c; }).join(", ")}));
        if (sh.foliage) notes.push(t("long enough for foliage"));
        var p = (v.players || []).filter(function (q) { return q.name === sh.name; })[0];
        out.push(t("{name}: moves {moves}", {name: sh.name, moves: S.moveText(sh.move || (p && p.move) || [0, 0])}) +
          (notes.length ? "; " + notes.join("; ") : ""));
      });
      var moving = (r.sheets || []).map(function (sh) { return sh.name; });
      (v.players || []).forEach(function (p) {
        if (moving.indexOf(p.name) >= 0) return;
        if ((r.rejoin || []).indexOf(p.name) >= 0) out.push(t("{name}: out; may rejoin with a cave at {at} instead of the apple.", {name: p.name, at: at}));
        else if (p.out) out.push(t("{name}: out.", {name: p.name}));
        else if (v.phase === "move") out.push(t("{name}: rejoined on this flip; moves from the next round.", {name: p.name}));
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
      card.appendChild(h("span", {class: "kind"}, t("no card turned yet")));
      return;
    }
    card.setAttribute("data-col", r.column);
    card.setAttribute("data-row", r.row);
    card.appendChild(h("span", {class: "coords", title: t("column {column}, row {row}", {column: r.column, row: r.row})},
      r.column + ", " + r.row));
    card.appendChild(h("span", {class: "axes"}, t("column (A), row (B)")));
    var apple = r.rotten ? t("● rotten apple") : t("○ fresh apple");
    var kind = r.cave ? t("a cave") : r.extra_apple ? t("{apple} + extra apple", {apple: apple}) : apple;
    card.appendChild(h("span", {class: "kind"}, t("flip {flip}: {kind}", {flip: r.flip, kind: kind})));
  }

  function drawDisplay(box, v) {
    box.innerHTML = "";
    box.appendChild(h("h2", {}, t("Abilities")));
    (v.display || []).forEach(function (row, i) {
      var line = h("div", {class: "cards-row", "data-row": i + 1});
      row.forEach(function (n) {
        if (n === null || n === undefined) {
          line.appendChild(h("div", {class: "card down", title: t("face down")}, h("span", {class: "num"}, "?"), h("span", {class: "name"}, t("face down"))));
        } else {
          line.appendChild(h("button", {type: "button", class: "card", "data-number": n,  // lookups.js: its text
            "aria-haspopup": "dialog"}, h("span", {class: "num"}, String(n)), " ", h("span", {class: "name"}, S.card(n))));
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
      var abil = (p.abilities || []).length ? p.abilities.map(S.ability).join(", ") : t("none");
      if ((p.moulted || []).length) abil = t("{abilities} (moulted: {moulted})", {abilities: abil, moulted: p.moulted.map(S.ability).join(", ")});
      box.appendChild(h("div", {class: "player" + (token ? " token" : "") + (p.out ? " out" : ""), "data-name": p.name,
        "data-state": word},
        h("div", {class: "who"},
          h("span", {class: "name"}, p.name),
          token ? h("span", {class: "tokenmark", title: t("holds the first-player token")}, t("◆ token")) : null,
          p.digital ? h("span", {class: "tag"}, t("digital")) : null),
        h("div", {class: "state", "data-state": word}, S.stateText(word, p)),
        h("dl", {},
          h("dt", {}, t("length")), h("dd", {class: "length"}, String(p.length)),
          h("dt", {}, t("moves")), h("dd", {class: "moves"}, moving),
          h("dt", {}, t("score")), h("dd", {class: "score"}, String(p.score ? p.score.E_total : "")),
          h("dt", {}, t("abilities")), h("dd", {class: "abilities"}, abil))));
    });
  }

  // The flip is the table's (the token holder's hand, the terminal's `flip`): a button while one is due, kept in
  // place between draws so the focus stays on it for the next flip.
  function flipButton(box, v) {
    var n = v.next || {}, due = n.step === "flip";
    var words = n.cave ? t("Flip for a cave") : t("Flip the apple card");
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
    token.textContent = v.phase === "over" ? t("Game over") : t("◆ Token: {player}", {player: v.first_player});
    var next = S.slot("next", side, "p");
    next.textContent = S.nextText(v);
    flipButton(S.slot("table-flip", side), v);
    var land = S.slot("sss-land", side, "p");
    var landscape = v.landscape || "";
    land.textContent = [v.sheets === "boxed" ? t("{landscape} (boxed sheets)", {landscape: landscape}) : landscape,
      v.friendship ? t("Friendship mode") : null, tn("{n} flip", "{n} flips", v.flips),
      v.deck ? t("{n} left in the deck", {n: v.deck.flips_left}) : null].filter(function (x) { return x !== null; })
      .join(" · ");
    drawCard(card, v);
    drawDisplay(S.slot("display", side), v);
    drawPlayers(S.slot("players", box), v);
    var lines = S.roundLines(v);
    if (v.phase === "over") {
      var ranked = (v.players || []).slice().sort(function (a, b) { return (a.place || 99) - (b.place || 99); });
      lines = ranked.map(function (p) {
        return (p.place ? p.place + ". " : "") + t("{name}: {points} points", {name: p.name, points: p.score.E_total});
      });
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
