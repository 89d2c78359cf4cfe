// Trial a factory investment. Rolls and rules come from gamekit (service factories.trial).
const HEX_COLOURS = { brick: "#b5562c", lumber: "#2e6b34", wool: "#8fc46a", grain: "#e6c24a", ore: "#8a8d99", desert: "#e8d9a8", sea: "#6fa8dc" };

function factorySvg(factory, pending, onHole) {
  const { svg, add } = svgDrawing({ viewBox: "0 0 120 120", width: "120" });
  // The three hexes the holes face, as coloured sectors around the disc.
  const angles = [-90, 30, 150];
  angles.forEach((a, i) => {
    const r = (deg) => (deg * Math.PI) / 180;
    const x1 = 60 + 58 * Math.cos(r(a - 60)), y1 = 60 + 58 * Math.sin(r(a - 60));
    const x2 = 60 + 58 * Math.cos(r(a + 60)), y2 = 60 + 58 * Math.sin(r(a + 60));
    add("path", { d: `M60,60 L${x1},${y1} A58,58 0 0,1 ${x2},${y2} Z`, fill: HEX_COLOURS[factory.faces[i]] || "#ccc", stroke: "#fff" });
  });
  add("circle", { cx: 60, cy: 60, r: 34, fill: "#c0392b", stroke: "#6b1d15", "stroke-width": 2 });
  angles.forEach((a, i) => {
    const x = 60 + 20 * Math.cos((a * Math.PI) / 180), y = 60 + 20 * Math.sin((a * Math.PI) / 180);
    const peg = factory.holes[i];
    const hole = add("circle", { cx: x, cy: y, r: 9, fill: peg === null ? "#3b0f0a" : peg === 0 ? "#d9c9a3" : "#f5e6c4",
      stroke: "#222", class: "gk-hole", "data-testid": `gk-hole-${i}` });
    if (peg) add("text", { x, y: y + 4, "text-anchor": "middle", "font-size": "11", "font-weight": "bold" }, String(peg));
    if (pending && peg === null) {
      hole.setAttribute("fill", "#ffd28a");
      hole.setAttribute("stroke", "#f0a04b");
      hole.setAttribute("stroke-width", "3");
      hole.style.cursor = "pointer";
      hole.addEventListener("click", () => onHole(i));
    }
  });
  return svg;
}

function render({ model, el: root }) {
  const status = el("div", { class: "gk-status", "data-testid": "gk-status" });
  const run = busyRunner(root, status);
  const say = (t) => (status.textContent = t);
  const factories = el("div", { "data-testid": "gk-factories" });
  const supply = el("div", { class: "gk-muted", "data-testid": "gk-supply" });
  const chance = el("div", { class: "gk-chance", "data-testid": "gk-failure" });
  const pendingLine = el("div", { "data-testid": "gk-pending" });
  const history = el("ol", { class: "gk-history", "data-testid": "gk-history" });
  const produceRow = el("div", { class: "gk-row" },
    ...[100, 1000, 10000].map((n) => el("button", { "data-testid": `gk-produce-${n}`, onclick: () => run(() => act(model, { kind: "produce", n }, say)) },
      `${n.toLocaleString("en")} production rolls`)),
    el("button", { "data-testid": "gk-reset", onclick: () => run(() => act(model, { kind: "reset" }, say)) }, "Start again"));
  const production = el("table", { "data-testid": "gk-production" });
  root.append(el("div", { class: "gk-widget gk-fac" }, factories, supply, chance, pendingLine, status, errorLine(model), history,
    el("div", { class: "gk-muted" }, "Production: the same rolls counted under both rules (your colour is red for the colour die)."),
    produceRow, production));

  function draw() {
    const s = model.get("situation"), v = model.get("view");
    factories.replaceChildren(...s.factories.map((f, i) => {
      const pending = s.pending && s.pending.factory === i;
      const box = el("div", { class: `gk-factory${v.derelict[i] ? " derelict" : ""}`, "data-testid": `gk-factory-${i}` },
        factorySvg(f, pending, (hole) => run(() => act(model, { kind: "place", hole }, say))),
        el("div", { class: "gk-faces" }, f.faces.join(" · ")),
        el("div", { class: "gk-muted" }, v.derelict[i] ? "derelict (no numbered peg)" : "producing"));
      const invest = el("button", { "data-testid": `gk-invest-${i}`, onclick: () => run(() => act(model, { kind: "invest", factory: i }, say)) },
        "Invest (1 brick + 1 ore)");
      box.append(invest);
      return box;
    }));
    supply.textContent = `Unplaced numbered pegs: ${s.numbers_left.join(", ") || "none"}; blank pegs: ${s.blanks_left}; ` +
      `spent so far: ${v.cost.brick} brick + ${v.cost.ore} ore.`;
    chance.textContent = `Chance that the next investment fails: ${v.failure_chance.text} ≈ ${(100 * v.failure_chance.value).toFixed(1)} %` +
      (v.expected_investments_all ? ` · expected investments to place all six numbers from here: ${v.expected_investments_all.text}` : "");
    pendingLine.textContent = s.pending ? `Rolled ${s.pending.rolled}: click a free (highlighted) hole of factory ${s.pending.factory + 1} for the ` +
      (s.pending.peg ? `peg ${s.pending.peg}.` : "failed investment's peg.") : "";
    history.replaceChildren(...s.history.map((h) => el("li", {}, h)));
    const resources = [...new Set([...Object.keys(v.expected.basic), ...Object.keys(v.expected.solcher)])];
    const rows = resources.map((r) => el("tr", { "data-testid": `gk-prod-${r}` }, el("td", {}, r),
      ...["basic", "solcher"].flatMap((rule) => {
        const gained = (s.gained[rule] || {})[r] || 0;
        const exact = v.expected[rule][r];
        return [el("td", {}, s.rolls ? (gained / s.rolls).toFixed(4) : "–"), el("td", {}, exact ? `${exact.text} ≈ ${exact.value.toFixed(4)}` : "0")];
      })));
    production.replaceChildren(
      el("tr", {}, el("th", {}, `per roll (${s.rolls.toLocaleString("en")} rolls)`), el("th", {}, "basic: observed"), el("th", {}, "basic: exact"),
        el("th", {}, "Solcher: observed"), el("th", {}, "Solcher: exact")),
      ...(rows.length ? rows : [el("tr", {}, el("td", { colspan: "5" }, "No numbered peg yet: the factories are derelict and produce nothing."))]));
  }

  model.on("change:revision", draw);
  draw();
  return () => model.off("change:revision", draw);
}

export default { render };
