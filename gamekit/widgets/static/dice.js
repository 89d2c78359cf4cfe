// DiceRoller front end. Uses callRules/el from runtime.js (prepended). No rule lives here: rolls
// come from gamekit (dice.roll), exact distributions from the `dice` trait computed by gamekit.

function formatRoll(last) {
  if (!last || last.result === undefined) return "–";
  const faces = last.faces || [];
  if (faces.length > 1 && faces.every((f) => typeof f === "number")) return `${faces.join(" + ")} = ${last.result}`;
  if (faces.length && Array.isArray(faces[0])) {
    return faces.map(([a, b]) => `${a} : ${b}`).join(", then ") + ` → ${last.result}`;
  }
  return String(last.result);
}

function chart(dist, counts, rolls) {
  const n = dist.outcomes.length;
  const width = 520, height = 190, left = 40, top = 12, bottom = 34;
  const plotW = width - left - 10, plotH = height - top - bottom;
  const exact = dist.weights.map((w) => w / dist.denominator);
  const observed = dist.outcomes.map((o) => (rolls ? (counts[String(o)] || 0) / rolls : 0));
  const peak = Math.max(...exact, ...observed, 1e-9);
  const { svg, add } = svgDrawing({ viewBox: `0 0 ${width} ${height}`, width: "100%", role: "img",
    "aria-label": "observed frequencies beside the exact distribution" });
  const step = plotW / n;
  const barW = Math.max(2, step * 0.36);
  add("line", { x1: left, y1: top + plotH, x2: width - 10, y2: top + plotH, stroke: "#555" });
  add("text", { x: left - 4, y: top + 8, "text-anchor": "end" }, peak.toFixed(2));
  add("text", { x: left - 4, y: top + plotH, "text-anchor": "end" }, "0");
  dist.outcomes.forEach((o, i) => {
    const x = left + i * step + step / 2;
    const he = (plotH * exact[i]) / peak, ho = (plotH * observed[i]) / peak;
    const e = add("rect", { x: x - barW, y: top + plotH - he, width: barW, height: he, fill: "#f0a04b", class: "gk-exact" });
    add("title", {}, `${o}: exact ${exact[i].toFixed(4)}`, e);
    const b = add("rect", { x, y: top + plotH - ho, width: barW, height: ho, fill: "#4a78b5", class: "gk-observed" });
    add("title", {}, `${o}: observed ${observed[i].toFixed(4)}`, b);
    if (n <= 24 || i % Math.ceil(n / 12) === 0) add("text", { x, y: top + plotH + 14, "text-anchor": "middle" }, String(o));
  });
  add("rect", { x: left, y: height - 12, width: 10, height: 10, fill: "#f0a04b" });
  add("text", { x: left + 14, y: height - 3 }, "exact probability");
  add("rect", { x: left + 130, y: height - 12, width: 10, height: 10, fill: "#4a78b5" });
  add("text", { x: left + 144, y: height - 3 }, "share of your rolls");
  return svg;
}

function render({ model, el: root }) {
  const select = el("select", { "data-testid": "gk-die", "aria-label": "die" });
  const seedInput = el("input", { type: "number", step: "1", "data-testid": "gk-seed", "aria-label": "seed" });
  const buttons = [1, 100, 1000].map((n) =>
    el("button", { "data-testid": `gk-roll-${n}`, onclick: () => roll(n) }, n === 1 ? "Roll" : `Roll ${n.toLocaleString("en")}`)
  );
  const resetButton = el("button", { "data-testid": "gk-reset", onclick: () => reset() }, "Reset");
  const result = el("span", { class: "gk-result", "data-testid": "gk-result" });
  const count = el("span", { "data-testid": "gk-count" });
  const summary = el("div", { "data-testid": "gk-summary" });
  const status = el("div", { class: "gk-status", "data-testid": "gk-status" });
  const error = el("div", { class: "gk-error", "data-testid": "gk-error" });
  const plot = el("div", { "data-testid": "gk-chart" });
  root.append(
    el("div", { class: "gk-widget gk-dice" },
      el("div", { class: "gk-row" }, el("label", {}, "Dice ", select), el("label", {}, "Seed ", seedInput), ...buttons, resetButton),
      el("div", { class: "gk-row" }, "Last roll: ", result, el("span", {}, " · rolls so far: "), count),
      status, error, plot, summary)
  );

  function reset() {
    model.set("counts", {});
    model.set("rolls", 0);
    model.set("last", {});
    model.set("rng_state", []);
    model.save_changes();
  }

  let busy = false;
  async function roll(n) {
    if (busy) return;
    busy = true;
    buttons.forEach((b) => (b.disabled = true));
    try {
      const state = model.get("rng_state");
      const answer = await callRules(
        model,
        "dice.roll",
        { die: model.get("die"), n, seed: model.get("seed"), rng_state: state && state.length ? state : null },
        (text) => (status.textContent = text)
      );
      if (answer.error) {
        model.set("error", answer.error);
      } else {
        const counts = { ...model.get("counts") };
        for (const [k, c] of Object.entries(answer.ok.counts)) counts[k] = (counts[k] || 0) + c;
        model.set("counts", counts);
        model.set("rolls", model.get("rolls") + n);
        model.set("last", { result: answer.ok.result, faces: answer.ok.faces });
        model.set("rng_state", answer.ok.rng_state);
        model.set("error", "");
      }
      model.save_changes();
    } catch (err) {
      status.textContent = `The rules could not be loaded: ${err}`;
    } finally {
      busy = false;
      buttons.forEach((b) => (b.disabled = false));
    }
  }

  function draw() {
    const dice = model.get("dice");
    const key = model.get("die");
    if (select.options.length !== Object.keys(dice).length) {
      select.replaceChildren(...Object.entries(dice).map(([k, d]) => el("option", { value: k }, d.name)));
    }
    select.value = key;
    seedInput.value = model.get("seed");
    const rolls = model.get("rolls");
    result.textContent = formatRoll(model.get("last"));
    count.textContent = rolls.toLocaleString("en");
    error.textContent = model.get("error") || "";
    const dist = dice[key];
    if (!dist) return;
    plot.replaceChildren(chart(dist, model.get("counts"), rolls));
    const numeric = dist.outcomes.every((o) => typeof o === "number");
    if (numeric && dist.mean !== null) {
      const counts = model.get("counts");
      const total = dist.outcomes.reduce((s, o) => s + o * (counts[String(o)] || 0), 0);
      const [p, q] = dist.mean.split("/").map(Number);
      const exactMean = q ? p / q : p;
      summary.textContent = `Exact mean ${dist.mean}${q ? ` ≈ ${exactMean.toFixed(3)}` : ""}` +
        (rolls ? `; mean of your rolls ${(total / rolls).toFixed(3)}` : "");
    } else {
      summary.textContent = "";
    }
  }

  select.addEventListener("change", () => {
    model.set("die", select.value);
    reset();
  });
  seedInput.addEventListener("change", () => {
    const value = Number.parseInt(seedInput.value, 10);
    if (Number.isNaN(value)) return;
    model.set("seed", value);
    reset();
  });
  const events = ["change:dice", "change:die", "change:seed", "change:counts", "change:rolls", "change:last", "change:error"];
  events.forEach((e) => model.on(e, draw));
  draw();
  return () => events.forEach((e) => model.off(e, draw));
}

export default { render };
