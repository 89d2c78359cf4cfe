// ITC: sales markers in a continent. Selling rules come from gamekit (service itc.market).
const CUBE_COLOURS = { black: "#222", white: "#f8f8f8", red: "#c0392b", green: "#2e8b57", yellow: "#f1c40f", blue: "#2f5fb3" };
const PLAYER_COLOURS = ["#8e44ad", "#e67e22", "#16a085", "#7f8c8d"];

function render({ model, el: root }) {
  const status = el("div", { class: "gk-status", "data-testid": "gk-status" });
  const run = busyRunner(root, status);
  const title = el("div", { class: "gk-muted", "data-testid": "gk-title" });
  const goods = el("table", { class: "gk-goods", "data-testid": "gk-goods" });
  const markers = el("div", { "data-testid": "gk-markers" });
  const turn = el("div", { class: "gk-row", "data-testid": "gk-turn" });
  const actions = el("div", { class: "gk-row", "data-testid": "gk-actions" });
  const best = el("div", { class: "gk-muted", "data-testid": "gk-best" });
  const history = el("ol", { class: "gk-history", "data-testid": "gk-history" });
  const say = (t) => (status.textContent = t);
  root.append(el("div", { class: "gk-widget gk-itc" }, title, goods, markers, turn, actions, best, status, errorLine(model), history));

  function draw() {
    const s = model.get("situation"), v = model.get("view");
    title.textContent = s.title || "";
    const players = Object.keys(s.markers);
    goods.replaceChildren(el("tr", {}, el("th", {}, "Goods (cheapest first)"), el("th", {}, "Cubes"), el("th", {}, "Resale each")));
    for (const colour of v.colours) {
      const n = s.goods[colour] || 0;
      if (!n) continue;
      const cubes = el("span");
      for (let i = 0; i < n; i++) cubes.append(el("span", { class: "gk-cube", style: `background:${CUBE_COLOURS[colour]}` }));
      goods.append(el("tr", { "data-testid": `gk-goods-${colour}` }, el("td", {}, colour), el("td", {}, cubes, ` ${n}`), el("td", {}, v.resale[colour].toLocaleString("en"))));
    }
    if (!Object.keys(s.goods).length) goods.append(el("tr", {}, el("td", { colspan: "3" }, "No goods left here.")));
    markers.replaceChildren("Sales markers here: ");
    players.forEach((p, i) => {
      const dots = el("span", { "data-testid": `gk-markers-${p}` });
      for (let k = 0; k < s.markers[p]; k++) dots.append(el("span", { class: "gk-marker", style: `background:${PLAYER_COLOURS[i % 4]}` }));
      markers.append(el("strong", {}, ` ${p} `), dots, ` ${s.markers[p]}  `);
    });
    turn.replaceChildren(`Player ${s.player} has `, el("strong", { "data-testid": "gk-points" }, String(s.points)),
      ` continent point${s.points === 1 ? "" : "s"} left; profit this turn: `,
      el("strong", { "data-testid": "gk-profit" }, s.profit.toLocaleString("en")));
    for (const p of players) {
      if (p === s.player) continue;
      const pointsInput = el("input", { type: "number", min: "0", max: "8", value: "4", "data-testid": `gk-points-${p}`, "aria-label": `points for ${p}` });
      turn.append(el("span", {}, el("button", { "data-testid": `gk-player-${p}`, onclick: () =>
        run(() => act(model, { kind: "player", player: p, points: Number.parseInt(pointsInput.value, 10) }, say)) }, `let ${p} act`),
        " with ", pointsInput, " points"));
    }
    actions.replaceChildren(el("button", { "data-testid": "gk-place", onclick: () => run(() => act(model, { kind: "place" }, say)) },
      "Place a sales marker (1 point)"));
    // One button per number of colours present; the rules (in gamekit) decide which are allowed, and
    // a refused sale says which rule forbids it.
    const present = v.colours.filter((c) => s.goods[c]).length;
    for (let k = 1; k <= present; k++) {
      const option = v.options[k - 1];
      const label = option ? `Sell ${option.colours.join(", ")} (${option.points} pt): +${option.profit.toLocaleString("en")}` :
        `Sell the ${k} cheapest colour${k === 1 ? "" : "s"}`;
      const button = el("button", { "data-testid": `gk-sell-${k}`, onclick: () => run(() => act(model, { kind: "sell", colours: k }, say)) }, label);
      if (!option) button.classList.add("gk-muted");
      actions.append(button);
    }
    best.textContent = v.best.sale.colours.length
      ? `Best with these points: place ${v.best.place} marker${v.best.place === 1 ? "" : "s"}, then ${v.best.sale.text}.`
      : "With these points and markers nothing can be sold here yet.";
    history.replaceChildren(...(s.history || []).map((h) => el("li", {}, h)));
  }

  model.on("change:revision", draw);
  draw();
  return () => { model.off("change:revision", draw); };
}

export default { render };
