// Build a trade connection. Every placement, rule, text, colour and allowed choice comes from gamekit
// (service trade-feud.connection). The edges where the chosen piece is allowed now are marked on the
// board and are SVG buttons (focusable, labelled, Enter or Space); the others can still be clicked
// to read why they are refused, but are no tab stops (the allowed placements are also listed as
// ordinary buttons). Every edge shows its number, as the buttons name them.

function onActivate(node, handler) {
  node.addEventListener("click", handler);
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      handler();
    }
  });
}

// A free edge as a thin band (a vertical line alone has an empty bounding box), drawn short of the
// intersections so that neighbouring bands do not overlap.
function band(e, half) {
  const dx = e.x2 - e.x1, dy = e.y2 - e.y1;
  const length = Math.hypot(dx, dy) || 1;
  const nx = (-dy / length) * half, ny = (dx / length) * half;
  const ax = e.x1 + dx * 0.2, ay = e.y1 + dy * 0.2, bx = e.x2 - dx * 0.2, by = e.y2 - dy * 0.2;
  return [[ax + nx, ay + ny], [bx + nx, by + ny], [bx - nx, by - ny], [ax - nx, ay - ny]]
    .map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" ");
}

function boardSvg(board, onEdge) {
  const { svg, add } = svgDrawing({ viewBox: board.viewBox, width: "100%", role: "group", "aria-label": board.label,
    class: "gk-tf-board", "data-testid": "gk-tf-board" });
  const picture = add("g", { role: "img", "aria-label": board.label });
  for (const h of board.hexes) add("polygon", { points: h.points, fill: h.fill, class: "gk-tf-hex" }, undefined, picture);
  if (board.pirate) add("circle", { cx: board.pirate.x, cy: board.pirate.y, r: board.pirate.r, class: "gk-tf-pirate" }, undefined, picture);
  for (const e of board.edges) {
    if (e.owner < 0) continue;
    const attrs = { x1: e.x1, y1: e.y1, x2: e.x2, y2: e.y2 };
    add("line", { ...attrs, class: "gk-tf-outline" }, undefined, picture);
    add("line", { ...attrs, stroke: e.fill, class: `gk-tf-piece gk-tf-${e.piece}${e.connection ? " gk-tf-linked" : ""}`,
      "data-testid": `gk-tf-piece-${e.edge}` }, undefined, picture);
  }
  for (const n of board.nodes) {
    add("rect", { x: n.x - 7, y: n.y - 7, width: 14, height: 14, fill: n.fill, class: "gk-tf-settlement" }, undefined, picture);
  }
  for (const e of board.edges) {
    const x = (e.x1 + e.x2) / 2, y = (e.y1 + e.y2) / 2;
    add("text", { x: x.toFixed(1), y: (y + 3.5).toFixed(1), "text-anchor": "middle",
      class: `gk-tf-number${e.legal ? " gk-tf-legal-number" : ""}`, "aria-hidden": "true" }, String(e.edge));
  }
  for (const e of board.edges) {
    if (e.owner >= 0) continue;
    const cls = `gk-tf-free${e.legal ? " gk-tf-allowed" : ""}${e.returned ? " gk-tf-returned" : ""}`;
    const attrs = { points: band(e, 9), class: cls, "data-testid": `gk-tf-edge-${e.edge}` };
    if (e.legal) Object.assign(attrs, { role: "button", tabindex: "0", "aria-label": e.label });
    else Object.assign(attrs, { "aria-hidden": "true" });
    onActivate(add("polygon", attrs), () => onEdge(e.edge));
  }
  return svg;
}

function render({ model, el: root }) {
  const ui = widgetShell(model, root, { className: "gk-tf", label: "Build a trade connection" });
  const playerRow = el("div", { class: "gk-row", role: "group", "data-testid": "gk-tf-players" });
  const pieceRow = el("div", { class: "gk-row", role: "group", "data-testid": "gk-tf-pieces" });
  const boardBox = el("div", { class: "gk-tf-boardbox gk-picture-scroll", tabindex: "0", role: "region",
    "aria-label": "the board (scrolls sideways on a narrow screen)" });
  const boardKey = el("div", { class: "gk-muted", "data-testid": "gk-tf-key" });
  const tokens = el("div", { class: "gk-result", "data-testid": "gk-tf-tokens" });
  const connections = el("div", { "data-testid": "gk-tf-connections" });
  const legalCaption = el("div", { class: "gk-muted", "data-testid": "gk-tf-legal-caption" });
  const legal = el("div", { class: "gk-row", "data-testid": "gk-tf-legal" });
  const note = el("div", { class: "gk-muted" });
  const history = el("ol", { class: "gk-history", "data-testid": "gk-history" });
  const reset = el("button", { "data-testid": "gk-reset", onclick: () => { ui.reset(); ui.act({ kind: "reset" }); } });
  ui.box.prepend(playerRow, pieceRow, boardBox, boardKey);
  // After a placement the control used is gone: focus goes on to the first allowed placement.
  // After choosing a player or a piece it stays on that button.
  let placed = false;
  const place = (action) => {
    placed = true;
    ui.act(action);
  };
  ui.box.append(tokens, connections, legalCaption, legal, note, history, el("div", { class: "gk-row" }, reset));

  const draw = ui.redraw(() => {
    const v = model.get("view");
    playerRow.setAttribute("aria-label", v.players_caption);
    playerRow.replaceChildren(el("span", {}, v.players_caption), ...v.players.map((p) =>
      el("button", { "data-testid": `gk-tf-player-${p.player}`, "aria-pressed": p.pressed ? "true" : "false",
        onclick: () => ui.act({ kind: "player", player: p.player }) },
      el("span", { class: "gk-tf-swatch", style: `background:${p.fill}`, "aria-hidden": "true" }), p.label)));
    pieceRow.setAttribute("aria-label", v.pieces_caption);
    pieceRow.replaceChildren(el("span", {}, v.pieces_caption), ...v.pieces.map((p) =>
      el("button", { "data-testid": `gk-tf-piece-${p.piece}`, "aria-pressed": p.pressed ? "true" : "false",
        onclick: () => ui.act({ kind: "piece", piece: p.piece }) }, p.label)));
    boardBox.replaceChildren(boardSvg(v.board, (edge) => place({ kind: "place", edge })));
    boardKey.textContent = v.board.key || "";
    tokens.textContent = v.tokens;
    connections.replaceChildren(...v.connections.map((c, i) => el("div", {
      class: `gk-tf-connection${i === v.latest ? " gk-tf-latest" : ""}`, "data-testid": `gk-tf-connection-${i}` },
    el("strong", {}, c.title), el("div", { "data-testid": `gk-tf-contributed-${i}` }, c.contributed),
    el("div", { "data-testid": `gk-tf-token-${i}` }, c.token), el("div", { "data-testid": `gk-tf-returned-${i}` }, c.returned),
    el("div", { class: "gk-muted" }, c.fixed))));
    legalCaption.textContent = v.legal_caption;
    legal.replaceChildren(...v.legal.map((p) => el("button", { "data-testid": `gk-tf-legal-${p.piece}-${p.edge}`,
      onclick: () => place({ kind: "place", edge: p.edge, piece: p.piece }) }, p.label)));
    note.textContent = v.cost_note;
    history.replaceChildren(...model.get("situation").history.map((h) => el("li", {}, h)));
    reset.textContent = v.reset_label;
    const after = placed;
    placed = false;
    return after ? legal.querySelector("button") : null;
  });

  model.on("change:revision", draw);
  draw();
  return () => {
    model.off("change:revision", draw);
    ui.dispose();
  };
}

export default { render };
