// Lesson 6's widget: what the hexes around a settlement produce, turn after turn (service
// lessons.catan_production). No rule and no number lives here: the starting positions, the hexes'
// numbers and pips, the exact chances and expected income, the counts, the running income, its
// band and every label come from gamekit in the view.

function incomeChart(v) {
  const width = 420, height = 190, left = 38, top = 12, bottom = 34, right = 20;
  const plotW = width - left - right, plotH = height - top - bottom;
  const trail = v.trail, band = v.band;
  const last = trail.length ? trail[trail.length - 1] : null;
  const label = `${v.labels.line}. ` + (last ? `${v.labels.running} after ${last[0].toLocaleString("en")} ${v.labels.x}: ` +
    `${last[1].toFixed(3)}; ${v.labels.mean} ${v.exact_mean.toFixed(3)}` : `${v.labels.mean} ${v.exact_mean.toFixed(3)}`);
  const { svg, add } = svgDrawing({ viewBox: `0 0 ${width} ${height}`, width: "100%", role: "img", "aria-label": label });
  const xMax = Math.max(10, last ? last[0] : 10);
  const values = [v.exact_mean, ...trail.map((p) => p[1]), ...band.filter((b) => b[0] >= 10).flatMap((b) => [b[1], b[2]])];
  let lo = Math.max(0, Math.min(...values)), hi = Math.max(...values);
  if (hi - lo < 1e-9) { lo = Math.max(0, lo - 0.5); hi += 0.5; }
  const pad = (hi - lo) * 0.08;
  lo = Math.max(0, lo - pad); hi += pad;
  const X = (n) => left + (plotW * Math.log10(n)) / Math.log10(xMax);
  const Y = (y) => top + plotH - (plotH * (Math.min(Math.max(y, lo), hi) - lo)) / (hi - lo);
  add("line", { x1: left, y1: top + plotH, x2: width - right, y2: top + plotH, class: "gk-axis" });
  add("line", { x1: left, y1: top, x2: left, y2: top + plotH, class: "gk-axis" });
  add("text", { x: left - 4, y: top + 8, "text-anchor": "end" }, hi.toFixed(2));
  add("text", { x: left - 4, y: top + plotH, "text-anchor": "end" }, lo.toFixed(2));
  for (let p = 1; p <= xMax; p *= 10) add("text", { x: X(p), y: top + plotH + 14, "text-anchor": "middle" }, p.toLocaleString("en"));
  if (band.length > 1) {
    const upper = band.map((b) => `${X(b[0]).toFixed(1)},${Y(b[2]).toFixed(1)}`);
    const lower = band.slice().reverse().map((b) => `${X(b[0]).toFixed(1)},${Y(b[1]).toFixed(1)}`);
    add("polygon", { points: [...upper, ...lower].join(" "), class: "gk-band" });
  }
  add("line", { x1: left, y1: Y(v.exact_mean), x2: width - right, y2: Y(v.exact_mean), class: "gk-mean-line" });
  if (trail.length > 1) add("polyline", { points: trail.map((p) => `${X(p[0]).toFixed(1)},${Y(p[1]).toFixed(1)}`).join(" "), class: "gk-running" });
  add("line", { x1: left, y1: height - 7, x2: left + 16, y2: height - 7, class: "gk-running" });
  add("text", { x: left + 20, y: height - 3 }, v.labels.running);
  add("line", { x1: left + 150, y1: height - 7, x2: left + 166, y2: height - 7, class: "gk-mean-line" });
  add("text", { x: left + 170, y: height - 3 }, v.labels.mean);
  return svg;
}

function productionTable(v) {
  const cell = (tag, text, attrs = {}) => el(tag, attrs, text === null || text === undefined ? "" : String(text));
  const row = (r, testid) => el("tr", { "data-testid": testid },
    cell("th", r.hex, { scope: "row" }), cell("td", r.pips), cell("td", r.exact), cell("td", r.produced, { "data-testid": "gk-produced" }),
    cell("td", r.share, { "data-testid": "gk-share" }));
  return el("table", { "data-testid": "gk-production-table" },
    el("caption", {}, v.table_label),
    el("thead", {}, el("tr", {}, ...v.columns.map((c) => cell("th", c, { scope: "col" })))),
    el("tbody", {}, ...v.rows.map((r, i) => row(r, `gk-hex-${i + 1}`))),
    el("tfoot", {}, row(v.total, "gk-total"), row(v.any, "gk-any")));
}

function render({ model, el: root }) {
  const ui = widgetShell(model, root, { className: "gk-catan-production", label: "What the hexes around a settlement produce" });
  const v0 = model.get("view");
  const start = el("select", { "data-testid": "gk-start", "aria-label": v0.start_label });
  const hexes = v0.hex_labels.map((label, i) => el("select", { "data-testid": `gk-hex-number-${i + 1}`, "aria-label": label }));
  const seedInput = el("input", { type: "text", inputmode: "numeric", "data-testid": "gk-seed", "aria-label": v0.seed_label });
  const turns = el("select", { "data-testid": "gk-turns", "aria-label": v0.turns_label });
  const roll = el("button", { "data-testid": "gk-roll", onclick: () => ui.act({ kind: "roll", n: Number(turns.value) }) }, v0.roll_label);
  const reset = el("button", { "data-testid": "gk-reset", onclick: () => { ui.reset(); ui.act({ kind: "reset" }); } }, v0.reset_label);
  const title = el("div", { class: "gk-result", "data-testid": "gk-title" });
  const count = el("div", { "data-testid": "gk-count" });
  const tableBox = el("div", { "data-testid": "gk-production" });
  const note = el("p", { class: "gk-note", "data-testid": "gk-note" });
  const summary = el("div", { "data-testid": "gk-summary" });
  // On a phone the chart keeps legible labels and scrolls sideways in its frame.
  const line = el("div", { class: "gk-chart gk-picture-scroll", "data-testid": "gk-line", tabindex: "0", role: "region",
    "aria-label": v0.labels.line });
  ui.box.prepend(
    el("div", { class: "gk-row" }, el("label", {}, `${v0.start_label} `, start)),
    el("div", { class: "gk-row" }, ...hexes.map((h, i) => el("label", {}, `${v0.hex_labels[i]} `, h))),
    el("div", { class: "gk-row" }, el("label", {}, `${v0.turns_label} `, turns), roll, reset,
      el("label", {}, `${v0.seed_label} `, seedInput)),
    title, count);
  ui.box.append(tableBox, note, summary, line);

  function setup(changes) {
    ui.reset();
    const s = model.get("situation");
    ui.act({ kind: "setup", start: s.start, numbers: s.numbers, seed: s.seed, ...changes });
  }

  start.addEventListener("change", () => setup({ start: start.value }));
  hexes.forEach((h) => h.addEventListener("change", () => {
    setup({ start: "own", numbers: hexes.map((x) => Number(x.value)).filter((n) => n > 0) });
  }));
  ui.seedField(seedInput, () => model.get("view"), () => model.get("situation").seed, (seed) => setup({ seed }));

  const fill = (select, choices) => {
    if (select.options.length !== choices.length) {
      select.replaceChildren(...choices.map((c) => el("option", { value: String(c.value) }, c.label)));
    }
  };

  const draw = ui.redraw(() => {
    const s = model.get("situation"), v = model.get("view");
    fill(start, v.starts);
    start.value = s.start;
    hexes.forEach((h, i) => {
      fill(h, v.number_choices);
      h.value = String(i < s.numbers.length ? s.numbers[i] : 0);
    });
    const chosen = turns.value;
    fill(turns, v.turn_choices);
    v.turn_choices.forEach((c, i) => { turns.options[i].disabled = !c.enabled; });
    turns.value = chosen || String(v.turn_choices[Math.min(2, v.turn_choices.length - 1)].value);
    roll.disabled = !v.turn_choices.some((c) => c.enabled && String(c.value) === turns.value);
    if (document.activeElement !== seedInput) seedInput.value = String(s.seed);
    title.textContent = v.title;
    count.textContent = v.turns_text;
    tableBox.replaceChildren(scrollTable(productionTable(v), v.table_label));
    note.textContent = v.table_note;
    summary.textContent = v.summary;
    line.replaceChildren(incomeChart(v));
  });
  turns.addEventListener("change", () => {
    const v = model.get("view");
    roll.disabled = !v.turn_choices.some((c) => c.enabled && String(c.value) === turns.value);
  });
  model.on("change:revision", draw);
  model.on("change:error", draw);  // a refused change: the controls show the situation kept
  draw();
  return () => {
    model.off("change:revision", draw);
    model.off("change:error", draw);
    ui.dispose();
  };
}

export default { render };
