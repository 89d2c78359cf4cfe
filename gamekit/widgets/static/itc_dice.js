// ITC: choose two dice, roll, keep one. Rules and rolls come from gamekit (service itc.dice).
function render({ model, el: root }) {
  const status = el("div", { class: "gk-status", "data-testid": "gk-status" });
  const run = busyRunner(root, status);
  const chooseRow = el("div", { class: "gk-row" });
  const rolledRow = el("div", { class: "gk-row", "data-testid": "gk-rolled" });
  const effect = el("div", { "data-testid": "gk-effect" });
  const table = el("table", { "data-testid": "gk-expectations" });
  const rollButton = el("button", { "data-testid": "gk-roll", onclick: () => run(() => act(model, { kind: "roll" }, (t) => (status.textContent = t))) }, "Roll the two dice");
  const againButton = el("button", { "data-testid": "gk-again", onclick: () => run(() => act(model, { kind: "again" })) }, "Next turn");
  const pairs = [["blue", "green"], ["blue", "red"], ["green", "red"]];
  const names = { blue: "blue d6 (transport)", green: "green d8 (continents)", red: "red d6 (cards + leftover)" };
  const pairButtons = pairs.map((pair) =>
    el("button", { "data-testid": `gk-choose-${pair.join("-")}`, onclick: () => run(() => act(model, { kind: "choose", dice: pair })) },
      `${pair[0]} + ${pair[1]}`));
  chooseRow.append("Choose two dice: ", ...pairButtons, rollButton, againButton);
  root.append(el("div", { class: "gk-widget gk-itc" }, chooseRow, rolledRow, effect, status, errorLine(model),
    el("div", { class: "gk-muted" }, "Exact expectations (points of the kept die; the red die's cards separately):"), table));

  function describe(e) {
    if (e.colour === "blue") return `${e.value} transport point${e.value === 1 ? "" : "s"}`;
    if (e.colour === "green") return `${e.value} continent point${e.value === 1 ? "" : "s"}`;
    return `draw ${e.value} transport card${e.value === 1 ? "" : "s"} and ${e.leftover} leftover point${e.leftover === 1 ? "" : "s"} (transport or continents)`;
  }

  function draw() {
    const s = model.get("situation"), v = model.get("view");
    pairButtons.forEach((b, i) => b.classList.toggle("gk-on", JSON.stringify(pairs[i]) === JSON.stringify(s.chosen)));
    rollButton.disabled = !(s.chosen && s.chosen.length === 2) || Object.keys(s.rolled || {}).length > 0;
    rolledRow.replaceChildren();
    for (const [colour, face] of Object.entries(s.rolled || {})) {
      const keep = el("button", { "data-testid": `gk-keep-${colour}`, onclick: () => run(() => act(model, { kind: "keep", colour })) },
        `keep ${colour}: ${describe(v.options[colour])}`);
      keep.disabled = Boolean(s.kept);
      rolledRow.append(el("span", { class: `gk-die ${colour}${s.kept === colour ? " kept" : ""}`, "data-testid": `gk-die-${colour}` }, String(face)), keep);
    }
    effect.textContent = v.effect ? `You keep the ${v.effect.colour} die: ${describe(v.effect)}.` :
      (Object.keys(s.rolled || {}).length ? "Keep one of the two dice." : "");
  }

  function drawTable() {
    const rows = model.get("expectations").map((r) => {
      const means = r.dice.map((c) => `${c} ${r.mean_points[c].text} ≈ ${r.mean_points[c].value.toFixed(2)}`).join(", ");
      return el("tr", {}, el("td", {}, r.dice.join(" + ")), el("td", {}, means),
        el("td", {}, `${r.best_points.text} ≈ ${r.best_points.value.toFixed(3)}`),
        el("td", {}, r.mean_cards.value ? `${r.mean_cards.text} (kept: ${r.best_cards.text})` : "–"));
    });
    table.replaceChildren(el("tr", {}, el("th", {}, "Dice"), el("th", {}, "Mean points of each die"),
      el("th", {}, "Keeping the die with more points"), el("th", {}, "Red die's cards")), ...rows);
  }

  model.on("change:revision", draw);
  model.on("change:expectations", drawTable);
  draw();
  drawTable();
  return () => { model.off("change:revision", draw); model.off("change:expectations", drawTable); };
}

export default { render };
