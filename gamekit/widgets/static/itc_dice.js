// ITC: choose two dice, roll, keep one. Rules, rolls and every text come from gamekit (service itc.dice).
function render({ model, el: root }) {
  const ui = widgetShell(model, root, { className: "gk-itc", label: "ITC: choose two dice, roll, keep one" });
  const chooseRow = el("div", { class: "gk-row", role: "group", "aria-label": "choose two dice" });
  const rolledRow = el("div", { class: "gk-row", "data-testid": "gk-rolled" });
  const effect = el("div", { "data-testid": "gk-effect" });
  const table = el("table", { "data-testid": "gk-expectations" });
  const rollButton = el("button", { "data-testid": "gk-roll", onclick: () => ui.act({ kind: "roll" }) }, "Roll the two dice");
  const againButton = el("button", { "data-testid": "gk-again", onclick: () => ui.act({ kind: "again" }) }, "Next turn");
  ui.box.prepend(chooseRow, rolledRow, effect);
  const caption = el("div", { class: "gk-muted" });
  ui.box.append(caption, scrollTable(table, "exact expectations of each pair of dice"));

  // Focus follows the turn: after Roll the reader keeps a die, after Keep they start the next turn;
  // it never lands on a button that would throw the roll away.
  let before = null;
  const draw = ui.redraw(() => {
    const v = model.get("view");
    const rolledNow = before && !before.can_keep && v.can_keep;
    const keptNow = before && before.can_keep && !v.can_keep && v.rolled.length > 0;
    before = v;
    chooseRow.replaceChildren("Choose two dice: ", ...v.pairs.map((pair) =>
      el("button", { "data-testid": `gk-choose-${pair.key}`, class: pair.chosen ? "gk-on" : "", "aria-pressed": String(pair.chosen),
        onclick: () => ui.act({ kind: "choose", dice: pair.dice }) }, pair.label)), rollButton, againButton);
    rollButton.disabled = !v.can_roll;
    rolledRow.replaceChildren(...v.rolled.flatMap((die) => [
      el("span", { class: `gk-die ${die.kept ? "kept" : ""}`, "data-colour": die.colour, "data-testid": `gk-die-${die.colour}`,
        "aria-label": `${die.colour} die: ${die.face}` }, String(die.face)),
      el("button", { "data-testid": `gk-keep-${die.colour}`, disabled: !v.can_keep, onclick: () => ui.act({ kind: "keep", colour: die.colour }) },
        die.keep),
    ]));
    effect.textContent = v.effect;
    if (rolledNow) return rolledRow.querySelector("button:not([disabled])");
    if (keptNow) return againButton;
    return null;
  });

  function drawTable() {
    const layout = model.get("expectations_table");
    caption.textContent = layout.caption;
    table.replaceChildren(el("tr", {}, ...layout.headings.map((h) => el("th", {}, h))),
      ...model.get("expectations").map((r) => el("tr", {}, ...r.cells.map((c) => el("td", {}, c)))));
  }

  model.on("change:revision", draw);
  model.on("change:expectations", drawTable);
  draw();
  drawTable();
  return () => {
    model.off("change:revision", draw);
    model.off("change:expectations", drawTable);
    ui.dispose();
  };
}

export default { render };
