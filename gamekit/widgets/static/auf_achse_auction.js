// Auf Achse: auction a public contract. Who bids next, the allowed offers, costs, cash, the bots'
// answers and every text come from gamekit (service auf_achse.auction); this file holds no rule.
function render({ model, el: root }) {
  const ui = widgetShell(model, root, { className: "gk-auf-achse", label: "Auf Achse: auction a public contract" });
  const seat = el("select", { "data-testid": "gk-seat" });
  const seatLabel = el("span", {});
  const contract = el("select", { "data-testid": "gk-contract" });
  const contractLabel = el("span", {});
  // The reader's choices in the two selects stay as chosen until "New auction" uses them (a redraw
  // never snaps them back to the auction being shown).
  const chosen = { seat: null, contract: null };
  seat.addEventListener("change", () => { chosen.seat = seat.value; });
  contract.addEventListener("change", () => { chosen.contract = contract.value; });
  const newAuction = el("button", { "data-testid": "gk-new",
    onclick: () => {
      const action = { kind: "new", seat: seat.value, contract: contract.value };
      chosen.seat = chosen.contract = null;
      ui.reset();
      ui.act(action);
    } });
  const title = el("div", { class: "gk-title", "data-testid": "gk-title" });
  const costs = el("table", { "data-testid": "gk-costs" });
  const players = el("table", { "data-testid": "gk-players" });
  const turn = el("div", { class: "gk-turn", "data-testid": "gk-turn" });
  const note = el("div", { class: "gk-muted", "data-testid": "gk-note" });
  const bids = el("div", { class: "gk-row", "data-testid": "gk-bids" });
  const pass = el("button", { "data-testid": "gk-pass", onclick: () => ui.act({ kind: "pass" }) });
  const example = el("button", { "data-testid": "gk-example", onclick: () => ui.act({ kind: "example" }) });
  const result = el("div", { class: "gk-result", "data-testid": "gk-result" });
  const earlier = el("div", { class: "gk-muted", "data-testid": "gk-history-hidden" });
  const history = el("ol", { class: "gk-history", "data-testid": "gk-history" });
  const bidButtons = [];

  ui.box.prepend(
    el("div", { class: "gk-row" }, el("label", {}, seatLabel, " ", seat), el("label", {}, contractLabel, " ", contract), newAuction),
    title, scrollTable(costs, "cost table"), scrollTable(players, "players"), turn, note, bids,
    el("div", { class: "gk-row" }, pass, example), result);
  ui.box.append(earlier, history);

  const draw = ui.redraw(() => {
    const v = model.get("view");
    seatLabel.textContent = v.seat_label;
    if (seat.options.length !== v.seats.length) {
      seat.replaceChildren(...v.seats.map((s) => el("option", { value: s.value }, s.label)));
    }
    seat.value = chosen.seat ?? v.seat;
    contractLabel.textContent = v.contract_label;
    if (contract.options.length !== v.contracts.length) {
      contract.replaceChildren(...v.contracts.map((c) => el("option", { value: c.value }, c.label)));
    }
    contract.value = chosen.contract ?? v.contract;
    newAuction.textContent = v.new_label;
    title.textContent = v.title;
    costs.replaceChildren(el("caption", {}, v.table_caption), el("tr", {}, ...v.table_head.map((h) => el("th", { scope: "col" }, h))),
      ...v.table.map((row) => el("tr", {}, ...row.map((cell) => el("td", {}, cell)))));
    players.replaceChildren(el("tr", {}, ...v.players_head.map((h) => el("th", { scope: "col" }, h))),
      ...v.players.map((p) => el("tr", { "data-testid": `gk-player-${p.colour}` },
        el("th", { scope: "row" }, el("span", { class: "gk-swatch", "data-colour": p.colour, "aria-hidden": "true" }), ` ${p.name}`),
        el("td", {}, p.cash), el("td", {}, p.status))));
    turn.textContent = v.turn;
    note.textContent = v.rule_note;
    while (bidButtons.length < v.bids.length) {
      const index = bidButtons.length;
      const button = el("button", { onclick: () => ui.act({ kind: "bid", offer: model.get("view").bids[index].offer }) });
      bidButtons.push(button);
    }
    bids.replaceChildren(...v.bids.map((b, i) => {
      const button = bidButtons[i];
      button.textContent = b.label;
      button.setAttribute("data-testid", `gk-bid-${b.offer}`);
      button.disabled = !b.enabled;
      return button;
    }));
    pass.textContent = v.pass_label;
    pass.disabled = !v.can_pass;
    pass.hidden = !v.can_pass;
    example.textContent = v.example_label;
    example.hidden = !v.example_label;
    result.textContent = v.result;
    earlier.textContent = v.history_hidden ? `(${v.history_hidden} earlier step${v.history_hidden === 1 ? "" : "s"} not shown)` : "";
    history.replaceChildren(...v.history.map((h) => el("li", {}, h)));
  });

  model.on("change:revision", draw);
  draw();
  return () => {
    model.off("change:revision", draw);
    ui.dispose();
  };
}

export default { render };
