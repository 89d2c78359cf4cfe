// ITC: sales markers in a continent. Selling rules and every text come from gamekit (service itc.market).
function render({ model, el: root }) {
  const ui = widgetShell(model, root, { className: "gk-itc", label: "ITC: sales markers in a continent" });
  const title = el("div", { class: "gk-muted", "data-testid": "gk-title" });
  const goods = el("table", { class: "gk-goods", "data-testid": "gk-goods" });
  const markers = el("div", { "data-testid": "gk-markers" });
  const turn = el("div", { class: "gk-row", "data-testid": "gk-turn" });
  const others = el("div", { class: "gk-row", "data-testid": "gk-others" });
  const actions = el("div", { class: "gk-row", "data-testid": "gk-actions" });
  const best = el("div", { class: "gk-muted", "data-testid": "gk-best" });
  const history = el("ol", { class: "gk-history", "data-testid": "gk-history" });
  ui.box.prepend(title, scrollTable(goods, "goods in the continent"), markers, turn, others, actions, best);
  ui.box.append(history);

  function letAct(player, input) {
    const points = wholeNumberText(input.value);
    if (points === null) {
      ui.refuse(model.get("view").points_limits.text);
      return;
    }
    ui.act({ kind: "player", player, points });
  }

  const draw = ui.redraw(() => {
    const s = model.get("situation"), v = model.get("view");
    title.textContent = s.title || "";
    goods.replaceChildren(el("tr", {}, el("th", {}, "Goods (cheapest first)"), el("th", {}, "Cubes"), el("th", {}, "Resale each")),
      ...v.goods.map((g) => {
        const cubes = el("span", { "aria-hidden": "true" });
        for (let i = 0; i < g.count; i++) cubes.append(el("span", { class: "gk-cube", style: `background:${g.swatch}` }));
        return el("tr", { "data-testid": `gk-goods-${g.colour}` }, el("td", {}, g.colour), el("td", {}, cubes, ` ${g.count}`), el("td", {}, g.resale));
      }));
    if (!v.goods.length) goods.append(el("tr", {}, el("td", { colspan: "3" }, "No goods left here.")));
    markers.replaceChildren("Sales markers here: ", ...v.markers.flatMap((m) => {
      const dots = el("span", { "data-testid": `gk-markers-${m.player}`, "aria-hidden": "true" });
      for (let k = 0; k < m.count; k++) dots.append(el("span", { class: "gk-marker", style: `background:${m.swatch}` }));
      return [el("strong", {}, ` ${m.player} `), dots, ` ${m.count}  `];
    }));
    turn.replaceChildren(`Player ${v.turn.player} has `, el("strong", { "data-testid": "gk-points" }, String(v.turn.points)),
      ` ${v.turn.unit} left; profit this turn: `, el("strong", { "data-testid": "gk-profit" }, v.turn.profit));
    others.replaceChildren(...v.others.map((o) => {
      const input = el("input", { type: "text", inputmode: "numeric", value: String(v.points_limits.default),
        "data-testid": `gk-points-${o.player}`, "aria-label": `continent points for ${o.player}` });
      return el("span", {}, el("button", { "data-testid": `gk-player-${o.player}`, onclick: () => letAct(o.player, input) }, o.label), " with ", input, " points");
    }));
    // One button per number of colours present; the rules (in gamekit) decide which are allowed, and
    // a refused sale says which rule forbids it.
    actions.replaceChildren(el("button", { "data-testid": "gk-place", onclick: () => ui.act({ kind: "place" }) }, v.place_label),
      ...v.sell_buttons.map((b) => el("button", { "data-testid": `gk-sell-${b.colours}`, "aria-disabled": b.allowed ? null : "true",
        onclick: () => ui.act({ kind: "sell", colours: b.colours }) }, b.label)));
    best.textContent = v.best_text;
    history.replaceChildren(...(s.history || []).map((h) => el("li", {}, h)));
  });

  model.on("change:revision", draw);
  draw();
  return () => {
    model.off("change:revision", draw);
    ui.dispose();
  };
}

export default { render };
