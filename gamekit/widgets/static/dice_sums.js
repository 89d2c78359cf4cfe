// Lesson 1's widget: the sum of several dice, rolled many times (service lessons.dice_sums).
// No rule and no number lives here: outcomes, exact probabilities, shares, the running mean, its
// band and every label come from gamekit in the view.

function barsChart(v) {
  const n = v.outcomes.length;
  const width = 420, height = 190, left = 38, top = 12, bottom = 34;
  const plotW = width - left - 8, plotH = height - top - bottom;
  const peak = Math.max(...v.probabilities, ...v.shares, 1e-9);
  const summary = v.outcomes.map((o, i) => `${o}: ${v.labels.exact} ${(100 * v.probabilities[i]).toFixed(1)} %` +
    (v.rolls ? `, ${v.labels.observed} ${(100 * v.shares[i]).toFixed(1)} %` : "")).join("; ");
  const { svg, add } = svgDrawing({ viewBox: `0 0 ${width} ${height}`, width: "100%", role: "img",
    "aria-label": `${v.labels.bars}. ${summary}` });
  const step = plotW / n;
  const barW = Math.max(1.5, step * 0.38);
  add("line", { x1: left, y1: top + plotH, x2: width - 8, y2: top + plotH, class: "gk-axis" });
  add("text", { x: left - 4, y: top + 8, "text-anchor": "end" }, peak.toFixed(2));
  add("text", { x: left - 4, y: top + plotH, "text-anchor": "end" }, "0");
  v.outcomes.forEach((o, i) => {
    const x = left + i * step + step / 2;
    const he = (plotH * v.probabilities[i]) / peak, ho = (plotH * v.shares[i]) / peak;
    add("rect", { x: x - barW, y: top + plotH - he, width: barW, height: he, class: "gk-exact" });
    add("rect", { x, y: top + plotH - ho, width: barW, height: ho, class: "gk-observed" });
    if (n <= 16 || i % Math.ceil(n / 12) === 0) add("text", { x, y: top + plotH + 14, "text-anchor": "middle" }, String(o));
  });
  add("rect", { x: left, y: height - 12, width: 10, height: 10, class: "gk-key-exact" });
  add("text", { x: left + 14, y: height - 3 }, v.labels.exact);
  add("rect", { x: left + 150, y: height - 12, width: 10, height: 10, class: "gk-key-observed" });
  add("text", { x: left + 164, y: height - 3 }, v.labels.observed);
  return svg;
}

function lineChart(v) {
  const width = 420, height = 190, left = 38, top = 12, bottom = 34;
  const plotW = width - left - 8, plotH = height - top - bottom;
  const trail = v.trail, band = v.band;
  const last = trail.length ? trail[trail.length - 1] : null;
  const label = `${v.labels.line}. ` + (last ? `${v.labels.running} after ${last[0].toLocaleString("en")} ${v.labels.x}: ` +
    `${last[1].toFixed(3)}; ${v.labels.mean} ${v.exact_mean}` : `${v.labels.mean} ${v.exact_mean}`);
  const { svg, add } = svgDrawing({ viewBox: `0 0 ${width} ${height}`, width: "100%", role: "img", "aria-label": label });
  const xMax = Math.max(10, last ? last[0] : 10);
  const values = [v.exact_mean, ...trail.map((p) => p[1]), ...band.filter((b) => b[0] >= 10).flatMap((b) => [b[1], b[2]])];
  let lo = Math.min(...values), hi = Math.max(...values);
  if (hi - lo < 1e-9) { lo -= 1; hi += 1; }
  const pad = (hi - lo) * 0.08;
  lo -= pad; hi += pad;
  const X = (n) => left + (plotW * Math.log10(n)) / Math.log10(xMax);
  const Y = (y) => top + plotH - (plotH * (Math.min(Math.max(y, lo), hi) - lo)) / (hi - lo);
  add("line", { x1: left, y1: top + plotH, x2: width - 8, y2: top + plotH, class: "gk-axis" });
  add("line", { x1: left, y1: top, x2: left, y2: top + plotH, class: "gk-axis" });
  add("text", { x: left - 4, y: top + 8, "text-anchor": "end" }, hi.toFixed(1));
  add("text", { x: left - 4, y: top + plotH, "text-anchor": "end" }, lo.toFixed(1));
  for (let p = 1; p <= xMax; p *= 10) add("text", { x: X(p), y: top + plotH + 14, "text-anchor": "middle" }, p.toLocaleString("en"));
  if (band.length > 1) {
    const upper = band.map((b) => `${X(b[0]).toFixed(1)},${Y(b[2]).toFixed(1)}`);
    const lower = band.slice().reverse().map((b) => `${X(b[0]).toFixed(1)},${Y(b[1]).toFixed(1)}`);
    add("polygon", { points: [...upper, ...lower].join(" "), class: "gk-band" });
  }
  add("line", { x1: left, y1: Y(v.exact_mean), x2: width - 8, y2: Y(v.exact_mean), class: "gk-mean-line" });
  if (trail.length > 1) add("polyline", { points: trail.map((p) => `${X(p[0]).toFixed(1)},${Y(p[1]).toFixed(1)}`).join(" "), class: "gk-running" });
  add("line", { x1: left, y1: height - 7, x2: left + 16, y2: height - 7, class: "gk-running" });
  add("text", { x: left + 20, y: height - 3 }, v.labels.running);
  add("line", { x1: left + 130, y1: height - 7, x2: left + 146, y2: height - 7, class: "gk-mean-line" });
  add("text", { x: left + 150, y: height - 3 }, v.labels.mean);
  add("rect", { x: left + 250, y: height - 12, width: 14, height: 10, class: "gk-band" });
  add("text", { x: left + 268, y: height - 3 }, v.labels.band);
  return svg;
}

function render({ model, el: root }) {
  const ui = widgetShell(model, root, { className: "gk-dice-sums", label: "The law of large numbers with dice" });
  const v0 = model.get("view");
  const dice = el("select", { "data-testid": "gk-dice", "aria-label": v0.dice_label });
  const seedInput = el("input", { type: "text", inputmode: "numeric", "data-testid": "gk-seed", "aria-label": v0.seed_label });
  const buttons = v0.roll_buttons.map((b) => el("button", { "data-testid": `gk-roll-${b.n}`, onclick: () => ui.act({ kind: "roll", n: b.n }) }, b.label));
  const reset = el("button", { "data-testid": "gk-reset", onclick: () => { ui.reset(); ui.act({ kind: "reset" }); } }, v0.reset_label);
  const title = el("div", { class: "gk-result", "data-testid": "gk-title" });
  const count = el("div", { "data-testid": "gk-count" });
  const summary = el("div", { "data-testid": "gk-summary" });
  // On a phone each chart keeps legible labels and scrolls sideways in its frame.
  const bars = el("div", { class: "gk-picture-scroll", "data-testid": "gk-bars", tabindex: "0", role: "region",
    "aria-label": v0.labels.bars });
  const line = el("div", { class: "gk-picture-scroll", "data-testid": "gk-line", tabindex: "0", role: "region",
    "aria-label": v0.labels.line });
  ui.box.prepend(
    el("div", { class: "gk-row" }, el("label", {}, `${v0.dice_label} `, dice), el("label", {}, `${v0.seed_label} `, seedInput)),
    el("div", { class: "gk-row" }, ...buttons, reset), title, count);
  ui.box.append(el("div", { class: "gk-charts" }, bars, line), summary);

  function setup(changes) {
    ui.reset();
    const s = model.get("situation");
    ui.act({ kind: "setup", dice: s.dice, seed: s.seed, ...changes });
  }

  dice.addEventListener("change", () => setup({ dice: Number(dice.value) }));
  ui.seedField(seedInput, () => model.get("view"), () => model.get("situation").seed, (seed) => setup({ seed }));

  const draw = ui.redraw(() => {
    const s = model.get("situation"), v = model.get("view");
    if (dice.options.length !== v.dice_choices.length) {
      dice.replaceChildren(...v.dice_choices.map((c) => el("option", { value: String(c.value) }, c.label)));
    }
    dice.value = String(s.dice);
    if (document.activeElement !== seedInput) seedInput.value = String(s.seed);
    v.roll_buttons.forEach((b, i) => { buttons[i].disabled = !b.enabled; });
    title.textContent = v.title;
    count.textContent = v.rolls_text;
    summary.textContent = v.mean_text;
    bars.setAttribute("aria-label", v.labels.bars);
    bars.replaceChildren(barsChart(v));
    line.replaceChildren(lineChart(v));
  });
  model.on("change:revision", draw);
  draw();
  return () => {
    model.off("change:revision", draw);
    ui.dispose();
  };
}

export default { render };
