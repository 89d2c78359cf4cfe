// Trial a factory investment. Rolls, rules and every text come from gamekit (service factories.trial).
// The holes a peg may go into are SVG buttons: focusable, labelled, and worked with Enter or Space.

function factorySvg(factory, index, onHole) {
  const { svg, add } = svgDrawing({ viewBox: "0 0 120 120", width: "120", role: "group",
    "aria-label": `factory ${index + 1}, facing ${factory.faces}` });
  const angles = [-90, 30, 150];
  angles.forEach((a, i) => {
    const r = (deg) => (deg * Math.PI) / 180;
    const x1 = 60 + 58 * Math.cos(r(a - 60)), y1 = 60 + 58 * Math.sin(r(a - 60));
    const x2 = 60 + 58 * Math.cos(r(a + 60)), y2 = 60 + 58 * Math.sin(r(a + 60));
    add("path", { d: `M60,60 L${x1},${y1} A58,58 0 0,1 ${x2},${y2} Z`, fill: factory.fills[i], stroke: "#fff", "aria-hidden": "true" });
  });
  add("circle", { cx: 60, cy: 60, r: 34, fill: "#a8321f", stroke: "#5a170d", "stroke-width": 2, "aria-hidden": "true" });
  factory.holes.forEach((hole, i) => {
    const x = 60 + 20 * Math.cos((angles[i] * Math.PI) / 180), y = 60 + 20 * Math.sin((angles[i] * Math.PI) / 180);
    const attrs = { cx: x, cy: y, r: 11, class: `gk-hole${hole.choose ? " gk-choose" : ""}${hole.peg === null ? " gk-free" : ""}`,
      "data-testid": `gk-hole-${index}-${i}`, "aria-label": `factory ${index + 1}, ${hole.label}` };
    if (hole.choose) Object.assign(attrs, { role: "button", tabindex: "0" });
    else attrs.role = "img";
    const node = add("circle", attrs);
    if (hole.peg) add("text", { x, y: y + 4, "text-anchor": "middle", class: "gk-peg-number", "aria-hidden": "true" }, String(hole.peg));
    if (hole.choose) {
      node.addEventListener("click", () => onHole(i));
      node.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          onHole(i);
        }
      });
    }
  });
  return svg;
}

function render({ model, el: root }) {
  const ui = widgetShell(model, root, { className: "gk-fac", label: "Trial a factory investment" });
  const factories = el("div", { class: "gk-factories", "data-testid": "gk-factories" });
  const supply = el("div", { class: "gk-muted", "data-testid": "gk-supply" });
  const chance = el("div", { class: "gk-chance", "data-testid": "gk-failure" });
  const pendingLine = el("div", { "data-testid": "gk-pending" });
  const history = el("ol", { class: "gk-history", "data-testid": "gk-history" });
  const note = el("div", { class: "gk-muted" });
  const produceRow = el("div", { class: "gk-row" });
  const production = el("table", { "data-testid": "gk-production" });
  ui.box.prepend(factories, supply, chance, pendingLine);
  ui.box.append(history, note, produceRow, scrollTable(production, "production per roll under both rules"));

  const startAgain = () => {
    ui.reset();
    ui.act({ kind: "reset" });
  };

  const draw = ui.redraw(() => {
    const v = model.get("view");
    factories.replaceChildren(...v.factories.map((f, i) => el("div", { class: `gk-factory${f.derelict ? " derelict" : ""}`, "data-testid": `gk-factory-${i}` },
      factorySvg(f, i, (hole) => ui.act({ kind: "place", hole })),
      el("div", { class: "gk-faces" }, f.faces),
      el("div", { class: "gk-muted" }, f.state),
      el("button", { "data-testid": `gk-invest-${i}`, disabled: f.can_invest === false,
        onclick: () => ui.act({ kind: "invest", factory: i }) }, f.invest_label || v.invest_label))));
    supply.textContent = v.supply;
    chance.textContent = v.failure;
    pendingLine.textContent = v.pending;
    history.replaceChildren(...model.get("situation").history.map((h) => el("li", {}, h)));
    note.textContent = v.player_note;
    produceRow.replaceChildren(...v.produce_buttons.map((b) =>
      el("button", { "data-testid": `gk-produce-${b.n}`, onclick: () => ui.act({ kind: "produce", n: b.n }) }, b.label)),
      el("button", { "data-testid": "gk-reset", onclick: startAgain }, "Start again"));
    const rows = v.production.map((row) => el("tr", { "data-testid": `gk-prod-${row.resource}` }, el("td", {}, row.resource),
      el("td", {}, row.basic.observed), el("td", {}, row.basic.exact), el("td", {}, row.solcher.observed), el("td", {}, row.solcher.exact)));
    production.replaceChildren(
      el("tr", {}, el("th", {}, v.production_caption), el("th", {}, "basic: observed"), el("th", {}, "basic: exact"),
        el("th", {}, "Solcher: observed"), el("th", {}, "Solcher: exact")),
      ...(rows.length ? rows : [el("tr", {}, el("td", { colspan: "5" }, "No numbered peg yet: the factories are derelict and produce nothing."))]));
    // A peg waiting for its hole: the reader's focus goes to the first hole they can choose.
    return factories.querySelector(".gk-choose");
  });

  model.on("change:revision", draw);
  draw();
  return () => {
    model.off("change:revision", draw);
    ui.dispose();
  };
}

export default { render };
