/* Snits' Revenge: one side's moves on a phone, shared by the player page (snits-player.js: the Snits, or the
   Bolotomus picked on a shared phone) and the Bolotomus' own page (bolotomus.js). It draws, inside a box it is given:
   the small map (base/board.svg: on the Bolotomus' page with the hidden placement marked), opened on the side's own
   pieces, its text at least 10 px, an organ tapped (or Enter on it) zooming to that organ and showing its moves only;
   a list view of the organs where the side has pieces or moves; the side's legal actions (base/legal) as buttons,
   grouped by counter, each with its odds in the server's words, `done` last; and, in a game with manual dice, the roll
   asked for with buttons 1-6, one row per die the rules need (the refusal's `need`, as the terminal's `play` asks).
   Uses common.js (api, post, Companion) and Snits.readable / Snits.doneWords (snits-table.js).

   SnitsActions.phone(box) -> {draw(state, side)}: draw after every change (side "" : nobody picked yet). */
"use strict";

(function () {
  const {$, el} = Companion;

  function whereIs(v) {  // counter name -> the organ it is in (absent: outside the body)
    const at = {};
    for (const o of v.organs) for (const n of [...o.snits, ...o.thingies]) at[n] = o.name;
    return at;
  }

  function mine(v, side) {  // the names of the counters this side plays
    if (side === "Bolotomus") return new Set(v.organs.flatMap((o) => o.thingies));
    return new Set(v.snits.filter((s) => side === "Snits" || s.clan === side).map((s) => s.name));
  }

  function grouping(action, at) {  // [group key, heading, organs the action touches, the words the heading says]
    const organs = new Set();
    const add = (name) => { if (name) organs.add(name); };
    switch (action.type) {
      case "move": case "enter": {
        add(at[action.who]); add(action.to === "out" ? "" : action.to);
        const where = {who: action.who, organ: at[action.who]}, inside = !!at[action.who];
        const heading = action.type === "move"
          ? (inside ? t("{who} (in the {organ}) moves to:", where) : t("{who} (outside) moves to:", where))
          : (inside ? t("{who} (in the {organ}) enters:", where) : t("{who} (outside) enters:", where));
        return [action.who, heading, organs, `${action.type} ${action.who}`];
      }
      case "kick":
        add(at[action.who]);
        return [action.who, t("{who} (in the {organ})", {who: action.who, organ: at[action.who]}), organs, action.who];
      case "pack":
        add(at[action.who[0]]);
        return ["pack " + at[action.who[0]], t("Pack attacks in the {organ}", {organ: at[action.who[0]]}), organs];
      case "chomp": {
        const names = action.runnungitm.split(",");
        add(at[names[0]]);
        const both = names.reduce((one, other) => t("{names} and {last}", {names: one, last: other}));
        return [action.runnungitm, tn("{runnungitms} (in the {organ}) chomp:", "{runnungitms} (in the {organ}) chomp:",
          names.length, {runnungitms: both, organ: at[names[0]]}), organs, action.runnungitm];
      }
      case "transform":
        add(at[action.makum]);
        return [action.makum, t("{who} (in the {organ})", {who: action.makum, organ: at[action.makum]}), organs, action.makum];
      case "compose":
        for (const o of action.at) add(o);
        return ["compose", "Compositors", organs];  // the organs' kind: an invented name, as printed
      default:
        return ["done", t("End"), organs];
    }
  }

  function label(text, said) {  // the button's words, less what its heading says (kept for the screen reader)
    const at = said ? (" " + text + " ").indexOf(" " + said + " ") : -1;
    if (at < 0) return [text];
    return [text.slice(0, at), el("span", {class: "vh", text: said}), text.slice(at + said.length)].filter((part) => part !== "");
  }

  function phone(box) {
    let focus = "";     // the organ tapped on the small map or the list ("" for all)
    let shown = null;   // the seq whose small map the page shows
    let offered = [];   // the legal actions on the buttons, by data-index
    let cursor = "";    // the organ of the small map that takes the Tab: the map is one tab stop
    let listView = false, opened = false, busy = false;
    let view = null, side = "";

    box.append(
      el("p", {id: "waiting", class: "waiting", "aria-live": "polite"}),
      el("section", {class: "where", "aria-label": t("the map")},
        el("div", {class: "where-head"},
          el("span", {id: "focus", class: "focus", text: t("All organs")}),
          el("button", {id: "all", type: "button", class: "small", text: t("Show all"), onclick: () => setFocus("")}),
          el("button", {id: "list-view", type: "button", class: "small", "aria-pressed": "false", text: t("List"),
            onclick: () => { listView = !listView; drawWhere(); }})),
        el("div", {id: "minimap", class: "map small-map"}),
        el("ul", {id: "organ-list", class: "organ-list", hidden: true})),
      el("div", {id: "dice-box", class: "dice-box", hidden: true, role: "group", "aria-labelledby": "dice-why"},
        el("p", {id: "dice-told", class: "dice-told"}), el("p", {id: "dice-why", class: "dice-why"}),
        el("div", {id: "dice-rows"}),
        el("div", {class: "row"}, el("button", {id: "dice-send", type: "button", class: "small", text: t("Send the roll")}),
          el("button", {id: "dice-back", type: "button", class: "small", text: t("Back (play nothing)")}))),
      el("p", {id: "result", class: "result", "aria-live": "polite"}),
      el("section", {id: "actions", class: "actions", "aria-label": t("my moves")}),
      el("div", {id: "end", class: "end"}));

    const map = $("minimap");
    map.addEventListener("click", (event) => {
      const organ = event.target.closest("[data-organ]");
      if (organ) pick(organ);
    });
    map.addEventListener("keydown", (event) => {
      const organ = event.target.closest("[data-organ]");
      if (!organ) return;
      if (event.key === "Enter" || event.key === " ") { event.preventDefault(); pick(organ); return; }
      const next = beside(organ, event.key);
      if (next === undefined) return;
      event.preventDefault();
      if (next) rove(next, true);
    });

    function pick(organ) {
      rove(organ, false);
      setFocus(organ.dataset.organ === focus ? "" : organ.dataset.organ);
      $("focus").scrollIntoView({block: "nearest"});
    }

    function rove(organ, move) {  // the organ that takes the Tab (and the focus, moved by the arrow keys)
      for (const g of organs()) g.tabIndex = g === organ ? 0 : -1;
      cursor = organ.dataset.organ;
      if (move) organ.focus();
    }

    function organs() { return [...map.querySelectorAll("[data-organ]")]; }

    function beside(organ, key) {  // the nearest organ that way from this one (null: none; undefined: not an arrow)
      const way = {ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1]}[key];
      if (!way) return undefined;
      const middle = (g) => { const r = g.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; };
      const [x, y] = middle(organ);
      let best = null, score = Infinity;
      for (const g of organs()) {
        const [gx, gy] = middle(g);
        const along = (gx - x) * way[0] + (gy - y) * way[1], across = Math.abs((gx - x) * way[1] + (gy - y) * way[0]);
        if (g === organ || along <= 1) continue;
        if (along + 2 * across < score) { score = along + 2 * across; best = g; }
      }
      return best;
    }

    function drawMap(svgText) {  // the map, its organs named buttons, its counters' names readable: it scrolls
      const left = map.scrollLeft, top = map.scrollTop;
      map.innerHTML = svgText;
      const svg = map.querySelector("svg");
      if (!svg) return;
      svg.setAttribute("role", "group");  // not an image: its organs are buttons
      svg.dataset.whole = svg.getAttribute("viewBox");
      Snits.readable(svg);
      svg.dataset.width = svg.style.width;
      const all = organs();
      for (const g of all) {
        g.setAttribute("role", "button");
        g.tabIndex = g.dataset.organ === cursor ? 0 : -1;
        name(g, 0);
      }
      if (all.length && !all.some((g) => g.tabIndex === 0)) { all[0].tabIndex = 0; cursor = all[0].dataset.organ; }
      map.scrollLeft = left;
      map.scrollTop = top;
    }

    function zoom() {  // an organ picked fills the map's box; none: the whole map at its readable size
      const svg = map.querySelector("svg");
      if (!svg) return;
      const organ = focus && map.querySelector(`[data-organ="${CSS.escape(focus)}"]`);
      if (!organ) {
        svg.setAttribute("viewBox", svg.dataset.whole);
        svg.style.width = svg.dataset.width;
        return;
      }
      const b = organ.querySelector(".hit").getBBox();
      svg.setAttribute("viewBox", `${b.x - 3} ${b.y - 3} ${b.width + 6} ${b.height + 6}`);
      svg.style.width = "100%";
      map.scrollTo(0, 0);
    }

    function openOnMine() {  // the first look: scrolled to where this side's pieces (or, all outside, its moves) are
      const names = mine(view, side);
      let spots = organs().filter((g) => [...g.querySelectorAll("[data-counter]")].some((c) => names.has(c.dataset.counter)));
      if (!spots.length) spots = organs().filter((g) => g.classList.contains("has-moves"));
      if (!spots.length) return;
      const frame = map.getBoundingClientRect();
      const rects = spots.map((g) => g.getBoundingClientRect());
      const x = Math.min(...rects.map((r) => r.left)), y = Math.min(...rects.map((r) => r.top));
      const w = Math.max(...rects.map((r) => r.right)) - x, h = Math.max(...rects.map((r) => r.bottom)) - y;
      map.scrollLeft += x - frame.left - Math.max(0, (frame.width - w) / 2);
      map.scrollTop += y - frame.top - Math.max(0, (frame.height - h) / 2);
      opened = true;
    }

    function drawWhere() {  // the map or the list of organs, as the toggle says
      $("list-view").setAttribute("aria-pressed", String(listView));
      $("list-view").textContent = listView ? t("Map") : t("List");
      map.hidden = listView;
      const list = $("organ-list");
      list.hidden = !listView;
      if (!listView || !view) return;
      const names = mine(view, side);
      const counts = moveCounts();
      list.replaceChildren(...view.organs.filter((o) => counts[o.name] || [...o.snits, ...o.thingies].some((n) => names.has(n)))
        .map((o) => {
          const here = [...o.snits, ...o.thingies].join(", ") || t("nobody");
          const snorg = o.snorg === true ? t("Snorg alive") : o.snorg === "printed" ? t("Snorg printed") : t("Snorg dead");
          const moves = counts[o.name] || 0;
          return el("li", {}, el("button", {type: "button", class: "organ-pick", dataset: {organ: o.name},
            "aria-pressed": String(o.name === focus),
            onclick: () => setFocus(o.name === focus ? "" : o.name)},
          el("strong", {text: o.name}), " " + tn("{n} move", "{n} moves", moves),
          el("span", {class: "organ-here", text: `${here}; ${snorg}`})));
        }));
    }

    function moveCounts() {
      const counts = {};
      for (const b of box.querySelectorAll("#actions .action"))
        for (const o of (b.dataset.organs || "").split("|")) if (o) counts[o] = (counts[o] || 0) + 1;
      return counts;
    }

    function setFocus(organ) {
      focus = organ;
      $("focus").textContent = organ ? t("Only the {organ}", {organ}) : t("All organs");
      for (const g of organs()) {
        g.classList.toggle("picked", g.dataset.organ === organ);
        g.setAttribute("aria-pressed", String(g.dataset.organ === organ));
      }
      for (const b of box.querySelectorAll("#actions .action")) {
        const organs = (b.dataset.organs || "").split("|");
        b.hidden = !!organ && !organs.includes(organ);
      }
      for (const g of box.querySelectorAll("#actions .group"))
        g.hidden = !g.querySelector(".action:not([hidden])");
      for (const b of box.querySelectorAll(".organ-pick")) b.setAttribute("aria-pressed", String(b.dataset.organ === organ));
      zoom();
    }

    function rolls(need) {  // buttons 1-6 for each die the rules need; resolves to the dice, or null (Back)
      $("dice-told").textContent = (need.told || []).join("\n");
      const n = need.dice;
      $("dice-why").textContent = tn("{why}: roll {n} die and tap what it shows.", "{why}: roll {n} dice and tap what each shows.",
        n, {why: need.why});
      const picked = new Array(n).fill(0);
      const send = $("dice-send");
      const rows = [...Array(n).keys()].map((i) => el("div", {class: "die", role: "group",
        "aria-label": n === 1 ? t("the die") : t("die {i} of {n}", {i: i + 1, n})},
        ...[1, 2, 3, 4, 5, 6].map((face) => el("button", {type: "button", class: "face", "aria-pressed": "false",
          dataset: {die: String(i), face: String(face)}, text: String(face),
          onclick: (event) => {
            picked[i] = face;
            for (const b of event.currentTarget.parentNode.children) b.setAttribute("aria-pressed", String(b === event.currentTarget));
            send.disabled = picked.includes(0);
            send.textContent = picked.includes(0) ? t("Send the roll") : t("Send the roll: {dice}", {dice: picked.join(" ")});
          }}))));
      $("dice-rows").replaceChildren(...rows);
      send.disabled = true;
      send.textContent = t("Send the roll");
      $("dice-box").hidden = false;
      $("dice-box").scrollIntoView({block: "nearest"});
      rows[0].firstChild.focus({preventScroll: true});
      return new Promise((done) => {
        const end = (value) => { $("dice-box").hidden = true; send.onclick = null; $("dice-back").onclick = null; done(value); };
        send.onclick = () => end(picked.slice());
        $("dice-back").onclick = () => end(null);
      });
    }

    async function tap(index, button) {  // post the action; with manual dice, ask for each roll the rules need
      let action = {...offered[index].action};
      busy = true;
      box.querySelectorAll(".action").forEach((b) => { b.disabled = true; });
      button.classList.add("sending");
      let answer = await post(action);
      while (answer.need) {  // not refused by the rules: the roll is asked for, in words, not shown as an error
        Companion.showError("");
        const rolled = await rolls(answer.need);
        if (!rolled) break;
        action = {...action, dice: [...(action.dice || []), ...rolled]};
        answer = await post(action);
      }
      busy = false;
      box.querySelectorAll(".action").forEach((b) => { b.disabled = false; });
      button.classList.remove("sending");
      $("result").textContent = answer.ok ? (answer.messages || []).join("\n") : "";
      (answer.ok ? $("result") : $("error")).scrollIntoView({block: "nearest"});  // the result in view, not below
    }

    // A redraw replaces the buttons: the focus goes back to the same one (by its organ, words or id).
    function focusKey(node) {
      if (!node || node === document.body || !node.closest || !box.contains(node)) return null;
      if (node.dataset.organ) return (n) => n.dataset.organ === node.dataset.organ;
      if (node.dataset.text) return Object.assign((n) => n.dataset.text === node.dataset.text, {group: node.dataset.group});
      if (node.id) return (n) => n.id === node.id;
      return null;
    }

    let held = null;  // what has the focus, as focusKey has it
    document.addEventListener("focusin", (event) => { const key = focusKey(event.target); if (key) held = key; });
    document.addEventListener("focusout", (event) => {  // left on purpose (not by a redraw): nothing to give back
      const was = event.target;
      setTimeout(() => {
        const now = document.activeElement;
        if (was.isConnected && !was.disabled && (!now || now === document.body)) held = null;
      }, 0);
    });

    function giveFocusBack() {
      const now = document.activeElement;
      if (!held || (now && now !== document.body && now.isConnected)) return;
      const all = [...box.querySelectorAll("[data-organ], button, input")];
      // a move taken is gone: the next of that counter's, else the first move (never `done`, which a second Enter
      // would take by mistake)
      const moves = all.filter((n) => n.matches("#actions .action:not([hidden]):not(:disabled)"));
      const node = all.find(held) || (held.group && (moves.find((n) => n.dataset.group === held.group) || moves[0]));
      if (node) node.focus({preventScroll: true});
    }

    function name(organ, moves) {  // an organ's name (its <title>): the organ, my moves there, the counters it shows
      let title = organ.querySelector(":scope > title");
      if (!title) title = organ.insertBefore(document.createElementNS("http://www.w3.org/2000/svg", "title"), organ.firstChild);
      const shown = [...organ.querySelectorAll("text")].map((text) => text.textContent.trim()).filter(Boolean).join(", ");
      const counted = moves ? tn("{n} move", "{n} moves", moves) : t("no moves");
      title.textContent = `${organ.dataset.organ}, ${counted}` + (shown ? `: ${shown}` : "");
    }

    async function drawActions(state) {
      const v = state.view;
      const list = $("actions");
      if (!side) {
        offered = [];
        list.replaceChildren();
        $("end").replaceChildren();
        $("waiting").textContent = t("Pick your side above.");
        return;
      }
      const legal = await api("legal?player=" + encodeURIComponent(side));
      offered = legal.actions;
      const at = whereIs(v);
      const groups = new Map();
      offered.forEach((item, index) => {
        const [key, heading, organs, said] = grouping(item.action, at);
        if (!groups.has(key)) groups.set(key, {heading, buttons: []});
        const words = key === "done" ? [Snits.doneWords(state.next, v)]
          : key === "compose" ? [t("compose in the {organs}", {organs: item.action.at.join(", ")})] : label(item.text, said);
        groups.get(key).buttons.push(el("button", {type: "button", class: "action" + (key === "done" ? " done" : ""),
          dataset: {index: String(index), group: key, organs: [...organs].join("|"), text: item.text},
          onclick: (event) => tap(index, event.currentTarget)},
        ...words, item.odds ? el("span", {class: "odds", text: item.odds}) : null));
      });
      const end = groups.get("done");  // `done` after the moves: the last thing to tap in a phase
      groups.delete("done");
      $("end").replaceChildren(...(end ? end.buttons : []));
      list.replaceChildren(...[...groups.values()].map((g) => el("div", {class: "group"},
        el("h3", {text: g.heading}), el("div", {class: "buttons"}, g.buttons))));
      if (busy) box.querySelectorAll(".action").forEach((b) => { b.disabled = true; });
      if (v.phase === "over") $("waiting").textContent = t("The game is over.");
      else if (!offered.length) $("waiting").textContent = t("Not your go: waiting for {side}.", {side: v.to_act});
      else $("waiting").textContent = t("Your go, {phase}: tap a move.", {phase: v.phase_title});
      const counts = moveCounts();
      for (const g of organs()) {
        g.classList.toggle("has-moves", !!counts[g.dataset.organ]);
        name(g, counts[g.dataset.organ] || 0);
      }
    }

    async function draw(state, who) {
      view = state.view;
      if (who !== side) opened = false;
      side = who;
      if (shown !== state.seq || !map.firstElementChild) {
        const response = await fetch(Companion.base + "/board.svg", {cache: "no-store"});
        if (response.ok) { drawMap(await response.text()); shown = state.seq; }
      }
      await drawActions(state);
      drawWhere();
      setFocus(focus);
      if (!opened && side && !focus) openOnMine();
      giveFocusBack();
    }

    return {draw};
  }

  window.SnitsActions = {phone};
})();
