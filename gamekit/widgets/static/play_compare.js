
// -- "What does it change?" (issue 34): a house rule against the printed game ----------------------
// Appended to play.js (gamekit/widgets/play.py). The service play.compare (gamekit/web/house_rules.py)
// plays the tournament's seeded series of games between heuristic computer players, once at the
// chapter's settings and once with the reader's, a few games a call; this part calls it again until
// the games are played or the reader presses Stop (the page and the rules worker stay free between
// calls), shows the progress, and draws the table the service computed (gamekit.tournaments'
// compare_rows). Nothing is counted or computed here.

// Called once by play.js's render: returns the button's row (put under the settings), and dispose.
function playCompare({ model, game, players, options }) {
  const button = el("button", { "data-testid": "gk-compare", "aria-expanded": "false", "aria-controls": `gk-${game}-compare` },
    "What does it change?");
  const gamesSelect = el("select", { id: `gk-${game}-compare-games`, "data-testid": "gk-compare-games" });
  // Plays the chosen number of games from the first (a run under way is ended).
  const again = el("button", { "data-testid": "gk-compare-run" }, "Play them");
  const stop = el("button", { "data-testid": "gk-compare-stop", hidden: "" }, "Stop");
  const close = el("button", { "data-testid": "gk-compare-close" }, "Close");
  const bar = el("progress", { max: "1", value: "0", "data-testid": "gk-compare-progress", "aria-label": "Games played" });
  const progressText = el("span", { "data-testid": "gk-compare-progress-text" });
  const status = el("p", { role: "status", "aria-live": "polite", class: "gk-status", "data-testid": "gk-compare-status" });
  const changes = el("ul", { "data-testid": "gk-compare-changes" });
  const result = el("div", { "data-testid": "gk-compare-result" });
  const heading = el("h4", { id: `gk-${game}-compare-title`, tabindex: "-1" }, "What does it change?");
  const panel = el("section", { id: `gk-${game}-compare`, class: "gk-play-compare", "data-testid": "gk-compare-panel",
    "aria-labelledby": `gk-${game}-compare-title`, hidden: "" },
    heading,
    el("p", { class: "gk-muted" }, "Computer players (heuristic) play the same seeded games twice: as the chapter sets the game, "
      + "and with your settings. Who wins and how long games last, with 95 % intervals."),
    el("div", { class: "gk-row" }, el("label", { for: `gk-${game}-compare-games` }, "Games a setting"), gamesSelect, again, stop, close),
    el("div", { class: "gk-row" }, bar, progressText), status, changes, result);
  const row = el("div", { class: "gk-play-compare-box" }, el("div", { class: "gk-row" }, button), panel);

  let run = 0; // the run under way (a new run or Stop ends the old one's calls)
  let stopping = false;
  let view = null;
  let choicesDrawn = false;

  const drawChoices = (v) => {
    if (choicesDrawn || !v.choices) return;
    gamesSelect.replaceChildren(...v.choices.map((n) => el("option", { value: String(n) }, n.toLocaleString("en-US"))));
    gamesSelect.value = String(v.games);
    choicesDrawn = true;
  };

  const table = (t) => {
    const head = el("tr", {}, ...["Measure", "Chapter's settings", "Your settings", "Change", "Games needed for a clear answer"]
      .map((h) => el("th", { scope: "col" }, h)));
    const cell = (value, range, ...more) => el("td", {}, value, el("br"), el("span", { class: "gk-muted" }, `(${range})`), ...more);
    const rows = t.rows.map((r) => el("tr", {}, el("th", { scope: "row" }, r.measure), cell(r.default, r.default_range),
      cell(r.changed, r.changed_range), cell(r.difference, r.difference_range, el("br"), r.clear === "yes" ? "clear" : "not clear yet"),
      el("td", { class: "gk-play-compare-needed" }, r.games_needed)));
    return scrollTable(el("table", { class: "gk-play-compare-table", "data-testid": "gk-compare-table" },
      el("caption", {}, "Means, with their 95 % intervals in brackets"), head, ...rows), "What the change does");
  };

  const draw = (v, { running }) => {
    view = v;
    bar.max = v.total;
    bar.value = v.done;
    progressText.textContent = v.progress_text;
    stop.hidden = !running;
    changes.replaceChildren(...v.changes.map((c) => el("li", {}, c)));
    const parts = [];
    if (v.table) {
      parts.push(table(v.table), el("p", { "data-testid": "gk-compare-verdict" }, v.table.verdict));
    }
    if (v.unfinished) parts.push(el("p", { class: "gk-muted" }, `${v.unfinished.toLocaleString("en-US")} games were stopped unfinished at the tournament's limit of actions.`));
    if (v.speed) parts.push(el("p", { class: "gk-muted", "data-testid": "gk-compare-speed" }, v.speed));
    parts.push(el("details", {}, el("summary", {}, "The same games in a notebook"), el("pre", { "data-testid": "gk-compare-code" }, v.notebook)));
    result.replaceChildren(...parts);
  };

  const start = async () => {
    const mine = ++run;
    stopping = false;
    result.replaceChildren();
    changes.replaceChildren();
    bar.value = 0;
    stop.hidden = false;
    progressText.textContent = "";
    status.textContent = "Starting…";
    let answer = await callRules(model, "play.compare", {
      action: { kind: "start", game, players: players(), options: options(), games: Number(gamesSelect.value) || undefined },
    });
    while (mine === run) {
      if (answer.error) {
        status.textContent = answer.error;
        stop.hidden = true;
        return;
      }
      const { situation, view: v } = answer.ok;
      if (stopping || v.finished) {
        draw(v, { running: false });
        status.textContent = v.finished ? "Done." : `Stopped.${v.table ? " The table shows the games played so far." : ""}`;
        return;
      }
      draw(v, { running: true });
      status.textContent = v.done ? "" : "Playing…";
      answer = await callRules(model, "play.compare", { situation, action: { kind: "more" } });
    }
  };

  const open = () => {
    panel.hidden = false;
    button.setAttribute("aria-expanded", "true");
    heading.focus();
    start();
  };
  button.addEventListener("click", open);
  again.addEventListener("click", start);
  stop.addEventListener("click", () => {
    stopping = true;
    status.textContent = "Stopping after the games under way…";
    stop.hidden = true;
    again.focus();
  });
  close.addEventListener("click", () => {
    run += 1;
    panel.hidden = true;
    button.setAttribute("aria-expanded", "false");
    button.focus();
  });

  // choices: the game counts the service offers (with the set-up form: play.game's setup view).
  return { row, choices: drawChoices, dispose: () => { run += 1; }, get view() { return view; } };
}
