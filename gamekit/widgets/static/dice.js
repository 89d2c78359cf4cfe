// DiceRoller front end, on the shared runtime (runtime.js, prepended). No rule lives here: rolls
// and their wording come from gamekit (dice.roll), exact distributions and the choices allowed from
// the `dice` and `limits` traits computed by gamekit.

function chart(dist, counts, rolls) {
  const n = dist.outcomes.length;
  const width = 520, height = 190, left = 40, top = 12, bottom = 34;
  const plotW = width - left - 10, plotH = height - top - bottom;
  const exact = dist.weights.map((w) => w / dist.denominator);
  const observed = dist.outcomes.map((o) => (rolls ? (counts[String(o)] || 0) / rolls : 0));
  const peak = Math.max(...exact, ...observed, 1e-9);
  const summary = dist.outcomes.map((o, i) => `${o}: exact ${(100 * exact[i]).toFixed(1)} %` +
    (rolls ? `, yours ${(100 * observed[i]).toFixed(1)} %` : "")).join("; ");
  const { svg, add } = svgDrawing({ viewBox: `0 0 ${width} ${height}`, width: "100%", role: "img",
    "aria-label": `${dist.name}: the share of your ${rolls.toLocaleString("en")} rolls beside the exact probability of each result. ${summary}` });
  const step = plotW / n;
  const barW = Math.max(2, step * 0.36);
  add("line", { x1: left, y1: top + plotH, x2: width - 10, y2: top + plotH, stroke: "currentColor" });
  add("text", { x: left - 4, y: top + 8, "text-anchor": "end" }, peak.toFixed(2));
  add("text", { x: left - 4, y: top + plotH, "text-anchor": "end" }, "0");
  dist.outcomes.forEach((o, i) => {
    const x = left + i * step + step / 2;
    const he = (plotH * exact[i]) / peak, ho = (plotH * observed[i]) / peak;
    const e = add("rect", { x: x - barW, y: top + plotH - he, width: barW, height: he, class: "gk-exact" });
    add("title", {}, `${o}: exact ${exact[i].toFixed(4)}`, e);
    const b = add("rect", { x, y: top + plotH - ho, width: barW, height: ho, class: "gk-observed" });
    add("title", {}, `${o}: observed ${observed[i].toFixed(4)}`, b);
    if (n <= 24 || i % Math.ceil(n / 12) === 0) add("text", { x, y: top + plotH + 14, "text-anchor": "middle" }, String(o));
  });
  add("rect", { x: left, y: height - 12, width: 10, height: 10, class: "gk-key-exact" });
  add("text", { x: left + 14, y: height - 3 }, "exact probability");
  add("rect", { x: left + 130, y: height - 12, width: 10, height: 10, class: "gk-key-observed" });
  add("text", { x: left + 144, y: height - 3 }, "share of your rolls");
  return svg;
}

function render({ model, el: root }) {
  const ui = widgetShell(model, root, { className: "gk-dice", label: "Dice roller" });
  const select = el("select", { "data-testid": "gk-die", "aria-label": "die" });
  const seedInput = el("input", { type: "text", inputmode: "numeric", "data-testid": "gk-seed", "aria-label": "seed" });
  const limits = model.get("limits");
  const buttons = limits.rolls.map((n) =>
    el("button", { "data-testid": `gk-roll-${n}`, onclick: () => roll(n) }, n === 1 ? "Roll" : `Roll ${n.toLocaleString("en")}`)
  );
  const resetButton = el("button", { "data-testid": "gk-reset", onclick: () => reset() }, "Reset");
  const result = el("span", { class: "gk-result", "data-testid": "gk-result" });
  const count = el("span", { "data-testid": "gk-count" });
  const summary = el("div", { "data-testid": "gk-summary" });
  // On a phone the chart keeps legible labels and scrolls sideways in its frame.
  const plot = el("div", { class: "gk-picture-scroll", "data-testid": "gk-chart", tabindex: "0", role: "region",
    "aria-label": "Chart of the rolls so far" });
  ui.box.prepend(
    el("div", { class: "gk-row" }, el("label", {}, "Dice ", select), el("label", {}, "Seed ", seedInput), ...buttons, resetButton),
    el("div", { class: "gk-row" }, "Last roll: ", result, el("span", {}, " · rolls so far: "), count)
  );
  ui.box.append(plot, summary);

  function clear() {
    model.set("counts", {});
    model.set("rolls", 0);
    model.set("last", {});
    model.set("rng_state", []);
    model.set("error", "");
    model.save_changes();
  }

  // The rolls of each die, kept while another die is shown: arrowing through the list of dice (each
  // step is a change) loses nothing, and coming back to a die shows its rolls again.
  const kept = new Map();
  const snapshot = () => ({ counts: model.get("counts"), rolls: model.get("rolls"), last: model.get("last"),
    rng_state: model.get("rng_state") });
  const rollsText = (n) => `${n.toLocaleString("en")} roll${n === 1 ? "" : "s"}`;

  // A reset takes effect at once, also while the rules load: rolls asked for before it are dropped.
  function reset() {
    ui.reset();
    kept.clear();
    clear();
    ui.say("Reset: no rolls yet.");
  }

  function roll(n) {
    ui.run(async (current) => {
      const state = model.get("rng_state");
      const answer = await callRules(model, "dice.roll",
        { die: model.get("die"), n, seed: model.get("seed"), rng_state: state && state.length ? state : null });
      if (!current() || answer.failed) return;
      if (answer.error) {
        model.set("error", answer.error);
      } else {
        const counts = { ...model.get("counts") };
        for (const [k, c] of Object.entries(answer.ok.counts)) counts[k] = (counts[k] || 0) + c;
        model.set("counts", counts);
        model.set("rolls", model.get("rolls") + n);
        model.set("last", { result: answer.ok.result, faces: answer.ok.faces, text: answer.ok.text });
        model.set("rng_state", answer.ok.rng_state);
        model.set("error", "");
        ui.say(`${n === 1 ? "Rolled" : `Rolled ${n.toLocaleString("en")} times; the last roll`} ${answer.ok.text}. ` +
          `${rollsText(model.get("rolls"))} so far.`);
      }
      model.save_changes();
    });
  }

  const draw = ui.redraw(() => {
    const dice = model.get("dice");
    const key = model.get("die");
    if (select.options.length !== Object.keys(dice).length) {
      select.replaceChildren(...Object.entries(dice).map(([k, d]) => el("option", { value: k }, d.name)));
    }
    select.value = key;
    if (document.activeElement !== seedInput) seedInput.value = String(model.get("seed"));
    const rolls = model.get("rolls");
    const last = model.get("last");
    result.textContent = last && last.text !== undefined ? last.text : "–";
    count.textContent = rolls.toLocaleString("en");
    const dist = dice[key];
    if (!dist) return;
    plot.replaceChildren(chart(dist, model.get("counts"), rolls));
    if (dist.mean !== null) {
      const counts = model.get("counts");
      const total = dist.outcomes.reduce((s, o) => s + o * (counts[String(o)] || 0), 0);
      const [p, q] = dist.mean.split("/").map(Number);
      const exactMean = q ? p / q : p;
      summary.textContent = `Exact mean ${dist.mean}${q ? ` ≈ ${exactMean.toFixed(3)}` : ""}` +
        (rolls ? `; mean of your rolls ${(total / rolls).toFixed(3)}` : "");
    } else {
      summary.textContent = "";
    }
  });

  select.addEventListener("change", () => {
    ui.reset();
    kept.set(model.get("die"), snapshot());
    const back = kept.get(select.value);
    model.set("die", select.value);
    if (back) {
      for (const [k, v] of Object.entries(back)) model.set(k, v);
      model.set("error", "");
      model.save_changes();
    } else {
      clear();
    }
    const name = model.get("dice")[select.value].name;
    ui.say(back && back.rolls ? `${name} chosen: ${rollsText(back.rolls)} so far.` : `${name} chosen: no rolls yet.`);
  });
  seedInput.addEventListener("change", () => {
    const value = wholeNumberText(seedInput.value);
    if (value === null || value < 0 || value > limits.seed_max) {
      ui.refuse(`${limits.seed_text} The seed stays ${model.get("seed")}.`);
      seedInput.value = String(model.get("seed"));
      return;
    }
    ui.reset();
    kept.clear();
    model.set("seed", value);
    clear();
    ui.say(`Seed ${value}: no rolls yet.`);
  });
  const events = ["change:dice", "change:die", "change:seed", "change:counts", "change:rolls", "change:last"];
  events.forEach((e) => model.on(e, draw));
  draw();
  return () => {
    events.forEach((e) => model.off(e, draw));
    ui.dispose();
  };
}

export default { render };
