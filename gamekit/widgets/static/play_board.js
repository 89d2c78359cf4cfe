// The board is the table (issue 31): every place of the board drawn over the engine's picture as a
// control (role button, a label in words, Enter or Space to press it, the arrow keys to go from place
// to place), each move of "Your moves" lit on the board when hovered or focused and the other way
// round, and "Your moves" in short groups. The service says where each place lies and which moves
// lie there (gamekit/web/play_board.py); a place where no legal move lies is pressed all the same,
// and the engine's refusal of the move meant there (with its rule) is shown beside the board. No
// rule here: which moves are legal, and why one is not, come from the service.

const SVG_NS = "http://www.w3.org/2000/svg";
// The group holding the first move shows this many of its moves; the rest, and every other long
// group, are folded (the service marks a group "fold" and may split it into "parts").
const FIRST_SHOWN = 4;
// A board this many times wider than tall comes under "Your moves" (at the table's full width),
// not beside them.
const WIDE_BOARD = 1.6;

function playBoard({ ui, model, table, moves, board, zoomBar }) {
  const openGroups = new Set(); // the folded groups the reader opened stay open
  let nodes = new Map(); // place id -> its SVG element
  let places = [];
  let current = null; // the place that holds the board's one tab stop (arrow keys move it)
  let returnTo = null; // the place a chooser was opened from
  let pressed = false; // the last action sent was a press on a place with no legal move

  const chooser = el("div", { class: "gk-play-chooser", role: "group", "data-testid": "gk-chooser", hidden: "" });
  // What the engine said to the last press on the board, beside the board (the widget's error line
  // says it too, to a screen reader: this copy is not a live region, so it is not read twice).
  const says = el("p", { class: "gk-play-says", "data-testid": "gk-board-says", hidden: "" });
  // The computer's move just shown, in words above the board, its place marked on the board (the
  // words are the accessible part: the live announcement says them too; the mark is drawn beside).
  const lastLine = el("p", { class: "gk-play-last-line", "data-testid": "gk-last-move", hidden: "" });
  board.after(chooser, says);
  // The table in three parts, so that "Your moves" and the board are in view together: what to do
  // (the turn, the controls, "Your moves"), the board (with its zoom, chooser and answer), and the
  // rest (the players, your hidden things, the log). Side by side on a wide screen (the board
  // staying in view while the page scrolls), one under the other on a narrow one (play.css).
  const parts = [...table.children];
  const cut = parts.indexOf(moves) + 1;
  const main = el("div", { class: "gk-play-main" }, zoomBar, lastLine, board, chooser, says);
  const stage = el("div", { class: "gk-play-stage" },
    el("div", { class: "gk-play-top" }, ...parts.slice(0, cut)), main,
    el("div", { class: "gk-play-rest" }, ...parts.slice(cut).filter((n) => !main.contains(n))));
  table.replaceChildren(stage);

  const showSays = () => {
    const message = model.get("error") || "";
    const rule = model.get("error_rule") || "";
    says.hidden = !(message && pressed);
    if (says.hidden) return;
    says.replaceChildren(message);
    if (!rule) return;
    const label = el("span", { "data-testid": "gk-board-rule" }, rule);
    says.append(" (rule ", label, ")");
    const link = (links) => {
      const href = ruleHref(rule, links);
      if (href && label.isConnected) label.replaceWith(el("a", { href, "data-testid": "gk-board-rule" }, rule));
    };
    if (document.getElementById(rule)) link({});
    else ruleLinks().then(link);
  };
  model.on("change:error", showSays);
  model.on("change:error_rule", showSays);

  // -- lighting: a move and its places -------------------------------------------------------
  const lightPlaces = (ids, on) => {
    for (const id of ids) {
      const node = nodes.get(id);
      if (node) node.classList.toggle("gk-lit", on);
    }
  };
  const lightMoves = (id, on) => {
    moves.querySelectorAll("[data-places]").forEach((b) => {
      if (!b.getAttribute("data-places").split("|").includes(id)) return;
      b.classList.toggle("gk-lit", on);
      // a move inside a folded group: its group's summary is lit instead
      let box = b.closest("details");
      let outer = null;
      while (box) {
        if (!box.open) outer = box;
        box = box.parentElement && box.parentElement.closest("details");
      }
      if (outer) outer.querySelector(":scope > summary").classList.toggle("gk-lit", on);
    });
  };
  // Lit while hovered or focused (the mouse leaving a focused control leaves it lit).
  const hoverLinks = (node, on, off) => {
    node.addEventListener("mouseenter", on);
    node.addEventListener("focus", on);
    node.addEventListener("mouseleave", () => node === document.activeElement || off());
    node.addEventListener("blur", () => node.matches(":hover") || off());
  };

  // -- "Your moves" --------------------------------------------------------------------------
  const drawMoves = (v, hidden) => {
    chooser.hidden = true;
    if (v.press_choice && !hidden) {
      // A press where moves of several kinds could be meant: which one? (the engine then says why not)
      const c = v.press_choice;
      const node = nodes.get(c.place);
      const buttons = c.kinds.map((kind, i) => el("button", { "data-testid": `gk-choice-${i}`, "data-meant": kind,
        onclick: () => { pressed = true; chooser.hidden = true; ui.act({ kind: "press", place: c.place, meant: kind }); } }, kind));
      const cancel = el("button", { "data-testid": "gk-choice-cancel", onclick: () => closeChooser() }, "Cancel");
      chooser.setAttribute("aria-label", `Which move at ${c.label}`);
      chooser.replaceChildren(el("p", {}, `${c.label}: no move is possible here now. Which did you mean? The rules will say why not.`),
        el("div", { class: "gk-row" }, ...buttons, cancel));
      chooser.hidden = false;
      returnTo = null;
      // after this drawing has placed the focus (on the board the press came from)
      setTimeout(() => {
        if (node && node.isConnected) returnTo = node;
        if (!chooser.hidden && buttons[0].isConnected) buttons[0].focus();
      }, 0);
    }
    if (hidden || !v.moves.length) {
      moves.replaceChildren(el("p", { class: "gk-muted" }, v.over ? "The game is over." : hidden ? "" : "Waiting for the other players."));
      return null;
    }
    let first = null;
    const groups = v.moves.map((g, gi) => {
      let mi = 0;
      const button = (m) => {
        const b = el("button", { "data-testid": `gk-move-${gi}-${mi++}`, "data-action": m.action,
          "data-places": m.places && m.places.length ? m.places.join("|") : undefined,
          onclick: () => { pressed = false; ui.act({ kind: "move", text: m.action }); } }, m.label);
        if (m.places && m.places.length) hoverLinks(b, () => lightPlaces(m.places, true), () => lightPlaces(m.places, false));
        first ??= b;
        return b;
      };
      const row = (list, label) => el("div", { class: "gk-row gk-play-group", role: "group", "aria-label": label }, ...list.map(button));
      const folded = (key, title, count, content, open) => {
        const box = el("details", { class: "gk-play-fold", open: open || openGroups.has(key) || undefined },
          el("summary", {}, count === null ? title : `${title} (${count.toLocaleString("en")})`), content);
        box.addEventListener("toggle", () => (box.open ? openGroups.add(key) : openGroups.delete(key)));
        return box;
      };
      const orBoard = g.on_board ? el("span", { class: "gk-muted" }, " or press its place on the board") : null;
      if (!g.fold) return el("div", { class: "gk-play-kind" }, el("h4", {}, g.title, orBoard), row(g.moves, g.title));
      const whole = (list) => (g.parts
        ? el("div", {}, ...g.parts.map((p) => {
          const wanted = new Set(list.map((m) => m.action));
          const mine = p.moves.filter((m) => wanted.has(m.action));
          return mine.length ? folded(`${g.title}/${p.title}`, p.title, mine.length, row(mine, `${g.title}: ${p.title}`)) : null;
        }))
        : row(list, g.title));
      if (gi === 0) {
        // The group of the first move keeps its first moves in view (the keyboard's next move).
        const shown = g.moves.slice(0, FIRST_SHOWN);
        const rest = g.moves.slice(FIRST_SHOWN);
        return el("div", { class: "gk-play-kind" }, el("h4", {}, `${g.title} (${g.moves.length.toLocaleString("en")})`, orBoard),
          row(shown, g.title), folded(`${g.title}/more`, `${rest.length.toLocaleString("en")} more`, null, whole(rest)));
      }
      return el("div", { class: "gk-play-kind" }, folded(g.title, g.title, g.moves.length, whole(g.moves)), orBoard);
    });
    moves.replaceChildren(...groups);
    return first;
  };

  // -- the places on the board ---------------------------------------------------------------
  const centre = (p) => (p.shape.r !== undefined ? [p.shape.cx, p.shape.cy] : [p.shape.x + p.shape.w / 2, p.shape.y + p.shape.h / 2]);
  const setCurrent = (id) => {
    if (current && nodes.get(current)) nodes.get(current).setAttribute("tabindex", "-1");
    current = id;
    if (nodes.get(id)) nodes.get(id).setAttribute("tabindex", "0");
  };
  // The nearest place in an arrow's direction (straight ahead counts more than off to the side).
  const nearest = (from, dx, dy) => {
    const [x0, y0] = centre(from);
    let best = null;
    let bestScore = Infinity;
    for (const p of places) {
      if (p === from) continue;
      const [x, y] = centre(p);
      const ahead = (x - x0) * dx + (y - y0) * dy;
      if (ahead <= 0.5) continue;
      const aside = Math.abs((x - x0) * dy - (y - y0) * dx);
      const score = ahead + 2 * aside;
      if (score < bestScore) [best, bestScore] = [p, score];
    }
    return best;
  };
  const choose = (p, node) => {
    returnTo = node;
    const buttons = p.actions.map((a, i) => el("button", { "data-testid": `gk-choice-${i}`, "data-action": a,
      onclick: () => { pressed = false; chooser.hidden = true; ui.act({ kind: "move", text: a }); } }, (p.labels || p.actions)[i]));
    const cancel = el("button", { "data-testid": "gk-choice-cancel", onclick: () => closeChooser() }, "Cancel");
    chooser.setAttribute("aria-label", `Moves at ${p.label}`);
    chooser.replaceChildren(el("p", {}, `${p.label}: ${p.actions.length} moves. Choose one.`),
      el("div", { class: "gk-row" }, ...buttons, cancel));
    chooser.hidden = false;
    buttons[0].focus();
    ui.say(`${p.label}: ${p.actions.length} moves to choose from, below the board.`);
  };
  const closeChooser = () => {
    chooser.hidden = true;
    if (returnTo && returnTo.isConnected) returnTo.focus();
  };
  chooser.addEventListener("keydown", (e) => {
    if (e.key === "Escape") {
      e.preventDefault();
      closeChooser();
    }
  });
  const press = (p, node) => {
    setCurrent(p.id);
    if (p.actions.length === 1) {
      pressed = false;
      chooser.hidden = true;
      ui.act({ kind: "move", text: p.actions[0] });
    } else if (p.actions.length > 1) choose(p, node);
    else {
      // No legal move lies here: the engine says why (its refusal names the rule).
      pressed = true;
      chooser.hidden = true;
      ui.act({ kind: "press", place: p.id });
    }
  };

  const drawPlaces = (svg, v) => {
    const box = (svg.getAttribute("viewBox") || "").split(/[\s,]+/).map(Number);
    stage.classList.toggle("gk-play-wide-board", box.length === 4 && box[2] > WIDE_BOARD * box[3]);
    nodes = new Map();
    places = v.places || [];
    says.hidden = true;
    if (!places.length) return;
    if (svg.getAttribute("role") === "img") {
      // A picture may not hold buttons: with places to press it is a labelled group instead.
      svg.setAttribute("role", "group");
      if (!svg.hasAttribute("aria-label") && !svg.hasAttribute("aria-labelledby")) {
        svg.setAttribute("aria-label", (svg.querySelector("title") || {}).textContent || "The board");
      }
    }
    // The legal places numbered in the order of their first move (gk-target-0 holds the first move).
    const order = new Map();
    v.moves.flatMap((g) => g.moves).forEach((m, i) => order.has(m.action) || order.set(m.action, i));
    const rank = (p) => Math.min(...p.actions.map((a) => order.get(a) ?? Infinity));
    const legal = places.filter((p) => p.actions.length).sort((a, b) => rank(a) - rank(b));
    const testids = new Map(legal.map((p, i) => [p.id, `gk-target-${i}`]));
    const layer = document.createElementNS(SVG_NS, "g");
    layer.setAttribute("class", "gk-play-places");
    const marks = [];
    for (const p of places) {
      const round = p.shape.r !== undefined;
      const node = document.createElementNS(SVG_NS, round ? "circle" : "rect");
      const shape = round ? { cx: p.shape.cx, cy: p.shape.cy, r: p.shape.r }
        : { x: p.shape.x, y: p.shape.y, width: p.shape.w, height: p.shape.h, rx: 3 };
      const label = p.actions.length === 1 ? (p.labels || p.actions)[0]
        : p.actions.length ? `${p.label}: ${p.actions.length} moves` : `${p.label}: no move here`;
      for (const [k, value] of Object.entries({ ...shape, role: "button", tabindex: "-1", "aria-label": label,
        class: p.actions.length ? "gk-play-target" : "gk-play-place", "data-place": p.id,
        "data-testid": testids.get(p.id) || `gk-place-${p.id}` })) node.setAttribute(k, value);
      const title = document.createElementNS(SVG_NS, "title");
      title.textContent = p.actions.length ? label : `${p.label}: no move here (press to see why)`;
      node.append(title);
      node.addEventListener("click", () => press(p, node));
      node.addEventListener("focus", () => {
        setCurrent(p.id);
        node.scrollIntoView({ block: "nearest", inline: "nearest" }); // in the zoomed board's frame too
      });
      hoverLinks(node, () => lightMoves(p.id, true), () => lightMoves(p.id, false));
      layer.append(node);
      nodes.set(p.id, node);
      if (p.mark && p.actions.length) {
        const [x, y] = centre(p);
        const mark = document.createElementNS(SVG_NS, "text");
        for (const [k, value] of Object.entries({ x, y: y + 3, "text-anchor": "middle", "font-size": "9", "font-weight": "bold",
          class: "gk-play-mark", "aria-hidden": "true" })) mark.setAttribute(k, value);
        mark.textContent = p.mark;
        marks.push(mark);
      }
    }
    layer.addEventListener("keydown", (e) => {
      const here = places.find((p) => p.id === current);
      if (!here) return;
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        press(here, nodes.get(here.id));
        return;
      }
      const step = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[e.key];
      let next = null;
      if (step) next = nearest(here, ...step);
      else if (e.key === "Home") next = legal[0] || places[0];
      else if (e.key === "End") next = legal[legal.length - 1] || places[places.length - 1];
      if (!next) return;
      e.preventDefault();
      setCurrent(next.id);
      nodes.get(next.id).focus();
    });
    svg.append(layer);
    // The board's own words (city names, numbers) stay readable above the places; a press on a
    // word reaches the place under it.
    svg.querySelectorAll(":scope > text").forEach((word) => {
      word.style.pointerEvents = "none";
      svg.append(word);
    });
    marks.forEach((mark) => svg.append(mark));
    setCurrent((legal[0] || places[0]).id);
  };

  // -- the computer's last move: its line in words and its mark on the board -------------------
  // A ring around each place the move acted on, in the mover's colour inside a dark outline (the
  // board is a light sheet in both modes), under the places to press (it never takes a click).
  const drawLast = (svg, v) => {
    const last = v.last_move;
    lastLine.hidden = !last;
    if (!last) return;
    const fill = (last.colour && last.colour.fill) || "#4f5560";
    lastLine.replaceChildren(el("span", { class: "gk-play-swatch", style: `background:${fill}`, "aria-hidden": "true" }),
      `Last move: ${last.text}`);
    if (!svg || !last.places.length) return;
    const mark = document.createElementNS(SVG_NS, "g");
    const where = last.places.map((p) => p.label).join(", ");
    for (const [k, value] of Object.entries({ class: "gk-play-last", role: "img", "data-testid": "gk-last-mark",
      "aria-label": `Last move, at ${where}: ${last.text}`, "data-places": last.places.map((p) => p.id).join("|") })) mark.setAttribute(k, value);
    const title = document.createElementNS(SVG_NS, "title");
    title.textContent = `Last move: ${last.text}`;
    mark.append(title);
    for (const p of last.places) {
      for (const [cls, colour] of [["gk-play-last-outline", "#1f2328"], ["gk-play-last-ring", fill]]) {
        const round = p.shape.r !== undefined;
        const ring = document.createElementNS(SVG_NS, round ? "circle" : "rect");
        const pad = 7;
        const shape = round ? { cx: p.shape.cx, cy: p.shape.cy, r: p.shape.r + pad }
          : { x: p.shape.x - pad, y: p.shape.y - pad, width: p.shape.w + 2 * pad, height: p.shape.h + 2 * pad, rx: 4 };
        for (const [k, value] of Object.entries({ ...shape, class: cls, stroke: colour, fill: "none" })) ring.setAttribute(k, value);
        mark.append(ring);
      }
    }
    const layer = svg.querySelector(":scope > .gk-play-places");
    if (layer) svg.insertBefore(mark, layer);
    else svg.append(mark);
  };

  const dispose = () => {
    model.off("change:error", showSays);
    model.off("change:error_rule", showSays);
  };
  return { drawMoves, drawPlaces, drawLast, dispose };
}
