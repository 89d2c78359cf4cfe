// ITC: the grey-market fight. Rolls, exact chances and every text come from gamekit (service itc.fight).
function render({ model, el: root }) {
  const ui = widgetShell(model, root, { className: "gk-itc", label: "ITC: the fight for the grey market" });
  const attackersInput = el("input", { type: "text", inputmode: "numeric", "data-testid": "gk-attackers", "aria-label": "attack markers" });
  const defendersInput = el("input", { type: "text", inputmode: "numeric", "data-testid": "gk-defenders", "aria-label": "defending markers" });
  const setup = el("button", { "data-testid": "gk-setup", onclick: () => newFight() }, "New fight");
  const rollOnce = el("button", { "data-testid": "gk-roll", onclick: () => ui.act({ kind: "roll" }) }, "Roll once");
  const toEnd = el("button", { "data-testid": "gk-end", onclick: () => ui.act({ kind: "end" }) }, "Fight to the end");
  const standing = el("div", { class: "gk-result", "data-testid": "gk-standing" });
  const chance = el("div", { "data-testid": "gk-chance" });
  const earlier = el("div", { class: "gk-muted", "data-testid": "gk-rolls-hidden" });
  const rolls = el("ol", { class: "gk-history", "data-testid": "gk-rolls" });
  const outcomes = el("table", { "data-testid": "gk-outcomes" });
  ui.box.prepend(
    el("div", { class: "gk-row" }, el("label", {}, "Attack markers ", attackersInput), el("label", {}, "Defenders ", defendersInput), setup),
    el("div", { class: "gk-row" }, rollOnce, toEnd), standing, chance);
  ui.box.append(earlier, rolls, el("div", { class: "gk-muted" }, "How the fight can end from here, exactly:"),
    scrollTable(outcomes, "how the fight can end"));

  // Inputs as typed at the click; the service checks the range and says what is allowed.
  function newFight() {
    const a = wholeNumberText(attackersInput.value), d = wholeNumberText(defendersInput.value);
    if (a === null || d === null) {
      ui.refuse(model.get("view").limits.text);
      draw();
      return;
    }
    ui.reset();
    ui.act({ kind: "setup", attackers: a, defenders: d });
  }

  // When a fight ends, the rolling buttons go: the next step is a new fight.
  let wasOver = null;
  const draw = ui.redraw(() => {
    const s = model.get("situation"), v = model.get("view");
    const endedNow = wasOver === false && v.over;
    wasOver = v.over;
    if (!attackersInput.matches(":focus")) attackersInput.value = s.start[0];
    if (!defendersInput.matches(":focus")) defendersInput.value = s.start[1];
    standing.textContent = v.standing;
    chance.textContent = v.chance;
    rollOnce.disabled = toEnd.disabled = v.over;
    earlier.textContent = v.rolls_hidden ? `(${v.rolls_hidden} earlier roll${v.rolls_hidden === 1 ? "" : "s"} not shown)` : "";
    rolls.replaceChildren(...v.rolls.map((r) => el("li", {}, r.text)));
    outcomes.replaceChildren(el("tr", {}, el("th", {}, "Attackers left"), el("th", {}, "Defenders left"), el("th", {}, "Probability")),
      ...v.outcomes.map((o) => el("tr", {}, el("td", {}, String(o.attackers)), el("td", {}, String(o.defenders)),
        el("td", {}, el("span", { class: "gk-bar", style: `width:${(6 * o.value).toFixed(2)}em`, "aria-hidden": "true" }), ` ${o.percent}`))));
    return endedNow ? setup : null;
  });

  model.on("change:revision", draw);
  draw();
  return () => {
    model.off("change:revision", draw);
    ui.dispose();
  };
}

export default { render };
