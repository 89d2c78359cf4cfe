// Transportspelet: roll and move. Every rule, choice, text and number comes from gamekit (service
// transportspelet.move); this file only draws the view and sends the reader's choices back.

function mapSvg(map) {
  const { svg, add } = svgDrawing({ viewBox: `0 0 ${map.width} ${map.height}`, width: "100%", role: "img",
    "aria-label": map.alt, class: "gk-map", "data-testid": "gk-map" });
  map.routes.forEach((r) => add("line", { x1: r.x1, y1: r.y1, x2: r.x2, y2: r.y2, stroke: r.colour, "aria-hidden": "true" }));
  // Pieces first, names on top (with a halo), so a piece never hides a city's name; the reader's
  // pieces are circles, the other player's squares (told apart without colour), see the key below.
  map.cities.forEach((c) => add("circle", { cx: c.x, cy: c.y, r: 3, class: "gk-city", "aria-hidden": "true" }));
  map.pieces.forEach((p) => {
    if (p.mine) add("circle", { cx: p.x, cy: p.y, r: 5, fill: p.colour, class: "gk-piece", "aria-hidden": "true" });
    else add("rect", { x: p.x - 4, y: p.y - 4, width: 8, height: 8, fill: p.colour, class: "gk-piece", "aria-hidden": "true" });
  });
  map.cities.forEach((c) => add("text", { x: c.x + 5, y: c.y - 4, class: "gk-city-name", "aria-hidden": "true" }, c.name));
  return svg;
}

function pieceKey(keys) {
  return keys.map((k) => {
    const { svg, add } = svgDrawing({ viewBox: "0 0 12 12", width: "12", height: "12", "aria-hidden": "true" });
    if (k.mine) add("circle", { cx: 6, cy: 6, r: 5, fill: k.colour, class: "gk-piece" });
    else add("rect", { x: 1.5, y: 1.5, width: 9, height: 9, fill: k.colour, class: "gk-piece" });
    return el("li", {}, svg, " ", k.label);
  });
}

function render({ model, el: root }) {
  const ui = widgetShell(model, root, { className: "gk-ts", label: "Roll and move: two transports at once" });
  const money = el("div", { "data-testid": "gk-money" });
  const mapBox = el("div", { "data-testid": "gk-map-box", class: "gk-picture-scroll", tabindex: "0", role: "region",
    "aria-label": "the map (scrolls sideways on a narrow screen)" });
  const keys = el("div", { class: "gk-keys gk-muted" });
  const pieceCaption = el("div", { class: "gk-muted" });
  const pieceList = el("ul", { class: "gk-piece-key", "data-testid": "gk-piece-key" });
  const transports = el("div", { "data-testid": "gk-transports" });
  const diceRow = el("div", { class: "gk-row", "data-testid": "gk-dice" });
  const telegrams = el("ul", { "data-testid": "gk-telegrams" });
  const rollButton = el("button", { "data-testid": "gk-roll", onclick: () => ui.act({ kind: "roll" }) }, "Roll");
  const assignRow = el("div", { class: "gk-row", role: "group", "aria-label": "assign the dice", "data-testid": "gk-assign" });
  const chooseLabel = el("label", { for: "gk-ts-choice" });
  const choice = el("select", { id: "gk-ts-choice", "data-testid": "gk-choice",
    onchange: () => { chooseButton.disabled = !choice.value; } });
  const chooseButton = el("button", { "data-testid": "gk-choose", onclick: () => ui.act({ kind: "act", action: choice.value }) });
  const chooseRow = el("div", { class: "gk-row" }, chooseLabel, choice, chooseButton);
  const result = el("div", { class: "gk-result", "data-testid": "gk-result" });
  const telegramLine = el("div", { "data-testid": "gk-telegram-chance" });
  const arrivalCaption = el("div", { class: "gk-muted" });
  const arrival = el("table", { "data-testid": "gk-arrival" });
  const history = el("ol", { class: "gk-history", "data-testid": "gk-history" });
  const again = el("button", { "data-testid": "gk-new", onclick: () => {
    ui.reset();
    ui.act({ kind: "start", seed: model.get("view").new_game.seed });
  } });
  ui.box.prepend(money, chooseRow, el("div", { class: "gk-row" }, rollButton), assignRow, diceRow, telegrams, result);
  ui.box.append(transports, mapBox, keys, pieceCaption, pieceList, telegramLine, arrivalCaption, scrollTable(arrival, "chances of arriving"), history, again);

  const draw = ui.redraw(() => {
    const v = model.get("view");
    money.textContent = v.money;
    rollButton.textContent = v.roll_label;
    rollButton.disabled = !v.can_roll;
    assignRow.replaceChildren(...v.assign.map((a, i) =>
      el("button", { "data-testid": `gk-assign-${i}`, onclick: () => ui.act({ kind: "act", action: a.action }) }, a.label)));
    chooseLabel.textContent = v.choices_caption;
    chooseRow.hidden = v.choices.length === 0;
    choice.replaceChildren(...(v.choices_placeholder ? [el("option", { value: "", selected: "" }, v.choices_placeholder)] : []),
      ...v.choices.map((c) => el("option", { value: c.action }, c.label)));
    chooseButton.disabled = !choice.value;
    chooseButton.textContent = v.choose_label;
    diceRow.replaceChildren(v.dice_caption, ...v.dice.map((d) => el("span", { class: "gk-die", "aria-label": d.label }, String(d.face))));
    telegrams.replaceChildren(...v.telegrams.map((t) => el("li", {}, t)));
    result.textContent = v.result;
    transports.replaceChildren(...v.transports.map((t, i) => el("div", { class: "gk-transport", "data-testid": `gk-transport-${i}` },
      el("div", {}, t.title), el("div", { class: "gk-muted" }, t.status),
      ...t.telegrams.map((x) => el("div", { class: "gk-muted" }, x)))));
    mapBox.replaceChildren(mapSvg(v.map));
    keys.replaceChildren(...v.mode_keys.map((k) => el("span", {}, el("span", { class: "gk-swatch", style: `background:${k.colour}` }), k.mode)));
    pieceCaption.textContent = v.piece_caption || "";
    pieceList.replaceChildren(...pieceKey(v.piece_keys || []));
    telegramLine.textContent = v.telegram_line;
    arrivalCaption.textContent = v.arrival_caption;
    arrival.replaceChildren(el("tr", {}, ...v.arrival_headings.map((h) => el("th", {}, h))),
      ...v.arrival_rows.map((r) => el("tr", {}, el("td", {}, r.label), ...r.cells.map((c) => el("td", {}, c)))));
    history.replaceChildren(...v.history.map((h) => el("li", {}, h)));
    again.textContent = v.new_game.label;
    if (v.assign.length) return assignRow.querySelector("button");
    if (v.can_roll) return rollButton;
    if (v.choices.length) return choice;
    return null;
  });

  model.on("change:revision", draw);
  draw();
  return () => {
    model.off("change:revision", draw);
    ui.dispose();
  };
}

export default { render };
