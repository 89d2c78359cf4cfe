// ITC: the grey-market fight. Rolls and exact chances come from gamekit (service itc.fight).
function render({ model, el: root }) {
  const status = el("div", { class: "gk-status", "data-testid": "gk-status" });
  const run = busyRunner(root, status);
  const say = (t) => (status.textContent = t);
  const attackersInput = el("input", { type: "number", min: "1", max: "30", "data-testid": "gk-attackers", "aria-label": "attack markers" });
  const defendersInput = el("input", { type: "number", min: "1", max: "30", "data-testid": "gk-defenders", "aria-label": "defending markers" });
  const setup = el("button", { "data-testid": "gk-setup", onclick: () => run(() => act(model, {
    kind: "setup", attackers: Number.parseInt(attackersInput.value, 10), defenders: Number.parseInt(defendersInput.value, 10) }, say)) }, "New fight");
  const rollOnce = el("button", { "data-testid": "gk-roll", onclick: () => run(() => act(model, { kind: "roll" }, say)) }, "Roll once");
  const toEnd = el("button", { "data-testid": "gk-end", onclick: () => run(() => act(model, { kind: "end" }, say)) }, "Fight to the end");
  const standing = el("div", { class: "gk-result", "data-testid": "gk-standing" });
  const chance = el("div", { "data-testid": "gk-chance" });
  const rolls = el("ol", { class: "gk-history", "data-testid": "gk-rolls" });
  const outcomes = el("table", { "data-testid": "gk-outcomes" });
  root.append(el("div", { class: "gk-widget gk-itc" },
    el("div", { class: "gk-row" }, el("label", {}, "Attack markers ", attackersInput), el("label", {}, "Defenders ", defendersInput), setup),
    el("div", { class: "gk-row" }, rollOnce, toEnd), standing, chance, status, errorLine(model), rolls,
    el("div", { class: "gk-muted" }, "How the fight can end from here, exactly:"), outcomes));

  function draw() {
    const s = model.get("situation"), v = model.get("view");
    attackersInput.value = s.start[0];
    defendersInput.value = s.start[1];
    standing.textContent = `Attackers ${s.attackers} : ${s.defenders} defenders` +
      (v.over ? ` — ${v.winner === "attacker" ? "the attacker takes the grey market" : "the controller keeps the grey market"}` : "");
    chance.textContent = `Attacker's chance from the start (${s.start[0]} against ${s.start[1]}): ${v.p_start.text} ≈ ${(100 * v.p_start.value).toFixed(1)} %` +
      (v.over ? "" : `; from here: ${v.p_attacker.text} ≈ ${(100 * v.p_attacker.value).toFixed(1)} %`);
    rollOnce.disabled = toEnd.disabled = v.over;
    rolls.replaceChildren(...s.rolls.map(([a, d]) => el("li", {},
      `attacker ${a} : ${d} defender — ${a > d ? "a defender falls" : a < d ? "an attacker falls" : "tie, roll again"}`)));
    outcomes.replaceChildren(el("tr", {}, el("th", {}, "Attackers left"), el("th", {}, "Defenders left"), el("th", {}, "Probability")),
      ...v.outcomes.map((o) => el("tr", {}, el("td", {}, String(o.attackers)), el("td", {}, String(o.defenders)),
        el("td", {}, el("span", { class: "gk-bar", style: `width:${(6 * o.value).toFixed(2)}em` }), ` ${(100 * o.value).toFixed(1)} %`))));
  }

  model.on("change:revision", draw);
  draw();
  return () => { model.off("change:revision", draw); };
}

export default { render };
