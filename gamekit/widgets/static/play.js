// Play a whole game against the computer. Every rule, move, score, text and the computer's choices
// come from gamekit (service play.game: the engine's legal moves, its refusals with their rules, the
// bots); this file only draws the view, sends the reader's choices back, paces the computer's moves,
// and keeps the last game in the browser.

// The pace of the computer's moves, chosen by the reader (kept in this browser): milliseconds per move.
const PACES = [["slow", "Slow", 1500], ["normal", "Normal", 700], ["fast", "Fast", 250], ["instant", "Instant", 0]];
const DEFAULT_PACE = "normal";
// The board's zoom (pure presentation): 1 is "Fit" (the board as wide as its frame); each press of
// Zoom in or Zoom out multiplies or divides by ZOOM_STEP. On a narrow screen the board opens at the
// zoom that draws its smallest text LEGIBLE_PX high (the frame scrolls), and grows if a later board
// has smaller text (a piece's number), until the reader chooses a zoom, which every board keeps.
const ZOOM_STEP = Math.SQRT2;
const ZOOM_MAX = 8;
const LEGIBLE_PX = 11;
const NARROW = "(max-width: 600px)";

// The height in CSS px of the smallest text of an SVG drawing as it is drawn now (its font size
// times the scale of its coordinates on the screen), or null when it has no visible text.
function smallestTextPx(svg) {
  let smallest = null;
  for (const t of svg.querySelectorAll("text")) {
    const ctm = t.getScreenCTM();
    if (!ctm || !t.textContent.trim() || !t.getClientRects().length) continue;
    const px = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(ctm.a, ctm.b);
    if (px > 0 && (smallest === null || px < smallest)) smallest = px;
  }
  return smallest;
}

function storageKey(game) {
  return `gamekit-play-${game}`;
}

// Keep the game in this browser; false when it cannot be kept (storage full or off). Then no older
// game is left on offer as "your last game": it is removed, and the page says so.
function remember(game, situation) {
  try {
    localStorage.setItem(storageKey(game), JSON.stringify(situation));
    return true;
  } catch (err) {
    try {
      localStorage.removeItem(storageKey(game));
    } catch (ignored) {
      /* storage off altogether */
    }
    return false;
  }
}

// The kept game: {situation} when there is one that can be read, {unreadable: why} when there is
// one that cannot, {} when there is none.
function recall(game) {
  let text = null;
  try {
    text = localStorage.getItem(storageKey(game));
  } catch (err) {
    return {};
  }
  if (!text) return {};
  try {
    const situation = JSON.parse(text);
    if (situation && typeof situation.save === "string") return { situation };
    return { unreadable: "it holds no saved game" };
  } catch (err) {
    return { unreadable: "its text is not a saved game" };
  }
}

// A new game's seed when the reader gives none: from the browser's crypto (the game's own random
// events all come from the seeded generator in the engine; this only picks which game).
function freshSeed() {
  return crypto.getRandomValues(new Uint32Array(1))[0] % 1000000000;
}

function download(name, text) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const link = el("a", { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// The settings' values as typed: on/off, or the text of a number, a cost or a list (the service
// reads the words and says what it expects when they are not of its form).
function settingValues(box) {
  const options = {};
  box.querySelectorAll("[data-setting]").forEach((input) => {
    const name = input.getAttribute("data-setting");
    if (input.getAttribute("data-kind") === "bool") options[name] = input.checked;
    else {
      const value = wholeNumberText(input.value);
      options[name] = value === null ? input.value : value;
    }
  });
  return options;
}

// The settings as the service describes them (gamekit/web/house_rules.py): a group per section of
// the chapter, each setting with its name, its printed value (or the Assumption's default), what a
// value is, and a link to its rule in the chapter.
function drawSettings(game, groups) {
  const reset = el("button", { "data-testid": "gk-settings-reset" }, "Back to the printed game");
  const nodes = groups.map((g, gi) => {
    const legendId = `gk-${game}-group-${gi}`;
    return el("fieldset", { class: "gk-play-group-settings", "data-testid": "gk-settings-group" },
      el("legend", { id: legendId }, g.title, el("span", { class: "gk-muted" }, ` (${g.page})`)),
      ...g.settings.map((s) => {
        const id = `gk-${game}-setting-${s.name}`;
        const aboutId = `${id}-about`;
        const input = s.input === "bool"
          ? el("input", { id, type: "checkbox", "data-setting": s.name, "data-kind": s.input, checked: s.value || undefined,
            "aria-describedby": aboutId })
          : el("input", { id, type: "text", inputmode: s.kind === "printed" && s.about.startsWith("a whole") ? "numeric" : undefined,
            size: String(Math.max(6, Math.min(28, s.value.length + 2))), value: s.value, "data-setting": s.name, "data-kind": s.input,
            "data-printed": s.kind === "printed" ? s.printed : undefined, "aria-describedby": aboutId });
        const rule = el("span", { "data-testid": "gk-setting-rule" }, s.rule ? `rule ${s.rule}` : "");
        if (s.rule) {
          ruleLinks().then((links) => {
            const href = ruleHref(s.rule, links);
            if (href) rule.replaceWith(el("a", { href, "data-testid": "gk-setting-rule" }, `rule ${s.rule}`));
          });
        }
        const said = s.kind === "printed" ? `Printed: ${s.printed} (${s.about}); ` : `Assumption: ${s.about}; `;
        return el("div", { class: `gk-play-setting gk-play-setting-${s.kind}`, "data-testid": `gk-setting-${s.name}` },
          el("label", { for: id }, s.label), input,
          el("span", { id: aboutId, class: "gk-muted" }, said, rule));
      }));
  });
  reset.addEventListener("click", () => {
    for (const g of groups) for (const s of g.settings) {
      const input = nodes.length && document.getElementById(`gk-${game}-setting-${s.name}`);
      if (!input) continue;
      if (s.input === "bool") input.checked = s.default === "on";
      else input.value = s.kind === "printed" ? s.printed : s.default;
    }
  });
  return groups.length ? [...nodes, el("div", { class: "gk-row" }, reset)] : [];
}

function render({ model, el: root }) {
  const ui = widgetShell(model, root, { className: "gk-play", label: "Play a whole game" });
  const game = model.get("game_name");
  let skipping = false;
  let timer = null;
  let shownTo = null; // the person whose hidden things were last uncovered (pass the device)

  // -- set-up ---------------------------------------------------------------------------------
  const setup = el("form", { class: "gk-play-setup", "data-testid": "gk-setup", "aria-label": "Set up a game" });
  const playersSelect = el("select", { id: `gk-${game}-players`, "data-testid": "gk-players" });
  const seatsBox = el("div", { class: "gk-play-seats", role: "group", "aria-label": "Seats" });
  // The seed: empty (or "random") gives each new game a fresh one from the browser's crypto; a seed
  // typed in plays that game again (the seed in use is shown on the table).
  const seedInput = el("input", { id: `gk-${game}-seed`, type: "text", inputmode: "numeric", "data-testid": "gk-seed", size: "10",
    placeholder: "random", "aria-describedby": `gk-${game}-seed-note` });
  const seedNote = el("span", { id: `gk-${game}-seed-note`, class: "gk-muted" }, "empty: a new random game; a game's seed: that game again");
  const settingsBox = el("details", { class: "gk-play-settings" },
    el("summary", {}, "Settings: the printed numbers and the chapter's assumptions (house rules)"));
  const startButton = el("button", { "data-testid": "gk-start" }, "Start the game");
  const resume = el("button", { "data-testid": "gk-resume", hidden: "" }, "Continue your last game");
  const keptNote = el("p", { class: "gk-muted", "data-testid": "gk-kept-note", hidden: "" });
  const openInput = el("input", { type: "file", accept: ".json,application/json", "data-testid": "gk-open", id: `gk-${game}-open` });
  setup.append(
    el("div", { class: "gk-row" }, el("label", { for: `gk-${game}-players` }, "Players"), playersSelect,
      el("label", { for: `gk-${game}-seed` }, "Seed"), seedInput, seedNote),
    seatsBox, settingsBox, el("div", { class: "gk-row" }, startButton, resume), keptNote,
    el("div", { class: "gk-row" }, el("label", { for: `gk-${game}-open` }, "Open a saved game"), openInput));
  // "What does it change?" (play_compare.js, appended to this module): after the settings.
  const compare = playCompare({ model, game, players: () => Number(playersSelect.value), options: () => settingValues(settingsBox) });
  settingsBox.after(compare.row);
  setup.addEventListener("submit", (e) => e.preventDefault());

  const seatSelects = () => [...seatsBox.querySelectorAll("select")];
  const drawSeats = (form) => {
    const n = Number(playersSelect.value);
    const old = seatSelects().map((s) => s.value);
    seatsBox.replaceChildren(...Array.from({ length: n }, (_, p) => {
      const id = `gk-${game}-seat-${p}`;
      const select = el("select", { id, "data-testid": `gk-seat-${p}` },
        ...form.seat_kinds.map((k) => el("option", { value: k.value }, k.label)));
      select.value = old[p] || (p === 0 ? "person" : "heuristic");
      return el("span", { class: "gk-play-seat" }, el("label", { for: id }, `Player ${p + 1}`), select);
    }));
  };
  const drawSetup = (form) => {
    playersSelect.replaceChildren(...Array.from({ length: form.max_players - form.min_players + 1 }, (_, i) =>
      el("option", { value: String(form.min_players + i) }, String(form.min_players + i))));
    playersSelect.value = String(model.get("players") || form.min_players);
    const given = model.get("seed");
    if (!seedInput.value && given !== null && given !== undefined) seedInput.value = String(given);
    drawSeats(form);
    settingsBox.replaceChildren(settingsBox.firstChild, ...drawSettings(game, form.groups || []));
    if (form.compare) compare.choices(form.compare);
    const kept = recall(game);
    resume.hidden = !kept.situation;
    keptNote.hidden = !kept.unreadable;
    keptNote.textContent = kept.unreadable
      ? `The game kept in this browser cannot be read (${kept.unreadable}), so it cannot be continued; it stays until a new game replaces it.`
      : "";
  };
  playersSelect.addEventListener("change", () => drawSeats(model.get("view").setup || setupForm));
  let setupForm = null;

  const startGame = () => {
    const typed = seedInput.value.trim();
    const seed = typed === "" || typed.toLowerCase() === "random" ? freshSeed() : wholeNumberText(typed);
    if (seed === null) {
      model.set("error", "The seed is a whole number, or empty for a new random game.");
      model.save_changes();
      return;
    }
    const options = settingValues(settingsBox);
    ui.reset();
    stopBots();
    shownTo = null;
    ui.act({ kind: "start", game, players: Number(playersSelect.value), seats: seatSelects().map((s) => s.value), seed, options });
  };
  startButton.addEventListener("click", startGame);
  resume.addEventListener("click", () => {
    const saved = recall(game).situation;
    if (!saved) return;
    ui.reset();
    ui.act({ kind: "open", game, save: saved.save, seats: saved.seats, learn: saved.learn });
  });
  openInput.addEventListener("change", async () => {
    const file = openInput.files && openInput.files[0];
    if (!file) return;
    openInput.value = "";
    // The service's stated limit, checked before the file is read (a file of many megabytes would
    // hold the page while it is read and sent); the service checks it again.
    const limit = setupForm && setupForm.save_limit_bytes;
    if (limit && file.size > limit) {
      ui.refuse(`This file is ${(file.size / 1e6).toFixed(1)} MB: ${setupForm.save_limit_text}`);
      return;
    }
    const text = await file.text();
    ui.reset();
    stopBots();
    // The game's own name goes with it: another game's save is refused here, the kept game kept.
    ui.act({ kind: "open", game, save: text, seats: seatSelects().map((s) => s.value) });
  });

  // -- the table ------------------------------------------------------------------------------
  const table = el("div", { class: "gk-play-table", "data-testid": "gk-table" });
  const status = el("p", { class: "gk-play-status", "data-testid": "gk-turn" });
  // Focused when the game ends (tabindex -1: by script only), so the winner is read out and an Enter
  // pressed as the last computer move lands does not start a new game.
  const result = el("div", { role: "region", "aria-label": "Result", class: "gk-result", "data-testid": "gk-result", tabindex: "-1" });
  const players = el("table", { class: "gk-play-players", "data-testid": "gk-players-table" });
  // The others' moves since yours, one line each (the whole log is below the board).
  const othersList = el("ol", {});
  const others = el("div", { class: "gk-play-others", role: "region", "aria-label": "What the others did", "data-testid": "gk-others",
    tabindex: "0" },
    el("h4", {}, "The others' last moves"), othersList);
  // The board scrolls in its own frame (a region the keyboard can scroll too) when zoomed, so the
  // page never gets wider than the screen.
  const board = el("div", { class: "gk-play-board", "data-testid": "gk-board", role: "region", tabindex: "0",
    "aria-label": "The board (scrolls when zoomed)" });
  const zoomIn = el("button", { "data-testid": "gk-zoom-in" }, "Zoom in");
  const zoomOut = el("button", { "data-testid": "gk-zoom-out" }, "Zoom out");
  const zoomFit = el("button", { "data-testid": "gk-zoom-fit" }, "Fit");
  const zoomText = el("span", { class: "gk-muted", "data-testid": "gk-zoom-text" });
  const boardKey = el("span", { class: "gk-play-key", "data-testid": "gk-board-key" });
  const zoomBar = el("div", { class: "gk-row gk-play-zoom", role: "group", "aria-label": "Board zoom", "data-testid": "gk-zoom" },
    zoomIn, zoomOut, zoomFit, zoomText, boardKey);
  let zoom = null; // null until the first board is laid out
  let zoomChosen = false; // the reader pressed a zoom button: their zoom stays, board after board
  const cover = el("div", { class: "gk-play-cover", "data-testid": "gk-cover", hidden: "" });
  const coverText = el("p", {});
  const coverButton = el("button", { "data-testid": "gk-uncover" });
  cover.append(coverText, coverButton);
  const privateBox = el("div", { class: "gk-play-private", "data-testid": "gk-private" });
  // tabindex -1: after a move the focus rests on the region itself (a move button there would let
  // a second Enter play a move the reader never chose); Tab goes on to the moves.
  const moves = el("div", { role: "region", "aria-label": "Your moves", class: "gk-play-moves", "data-testid": "gk-moves", tabindex: "-1" });
  const seedShown = el("p", { class: "gk-muted", "data-testid": "gk-seed-shown" });
  const houseRules = el("p", { class: "gk-play-house-rules", "data-testid": "gk-house-rules", hidden: "" });
  const keepNote = el("p", { class: "gk-muted", "data-testid": "gk-keep-note", hidden: "" });
  const hintButton = el("button", { "data-testid": "gk-hint", onclick: () => ui.act({ kind: "hint" }) }, "Hint");
  const undoButton = el("button", { "data-testid": "gk-undo", onclick: () => ui.act({ kind: "undo" }) }, "Undo my last move");
  const skipButton = el("button", { "data-testid": "gk-skip", hidden: "" }, "Skip to my turn");
  const hint = el("p", { class: "gk-muted", "data-testid": "gk-hint-text" });
  const paceSelect = el("select", { id: `gk-${game}-pace`, "data-testid": "gk-pace" },
    ...PACES.map(([value, label]) => el("option", { value }, label)));
  try {
    paceSelect.value = localStorage.getItem("gamekit-play-pace") || DEFAULT_PACE;
  } catch (err) {
    paceSelect.value = DEFAULT_PACE;
  }
  if (!paceSelect.value) paceSelect.value = DEFAULT_PACE;
  paceSelect.addEventListener("change", () => {
    try {
      localStorage.setItem("gamekit-play-pace", paceSelect.value);
    } catch (err) {
      /* the pace is kept for this page only */
    }
  });
  const paceMs = () => (PACES.find(([value]) => value === paceSelect.value) || PACES[1])[2];
  const logList = el("ol", { class: "gk-history", "data-testid": "gk-log" });
  const replayBack = el("button", { "data-testid": "gk-replay-back" }, "Step back");
  const replayForward = el("button", { "data-testid": "gk-replay-forward" }, "Step forward");
  const replayExit = el("button", { "data-testid": "gk-replay-exit" }, "Back to the game");
  const replayText = el("span", { "data-testid": "gk-replay-text" });
  const saveButton = el("button", { "data-testid": "gk-save" }, "Save the game to a file");
  const newButton = el("button", { "data-testid": "gk-new" }, "New game");
  const endRow = el("div", { class: "gk-row" }, saveButton, newButton);
  table.append(status, seedShown, houseRules, keepNote, result, others, el("div", { class: "gk-row" }, skipButton, hintButton, undoButton,
    el("label", { for: `gk-${game}-pace` }, "Computer's pace"), paceSelect), hint, moves, cover, privateBox,
    scrollTable(players, "players"), zoomBar, board,
    el("details", { class: "gk-play-log", open: "" }, el("summary", {}, "Log"),
      el("div", { class: "gk-row", role: "group", "aria-label": "Replay" }, replayBack, replayText, replayForward, replayExit), logList),
    endRow);
  ui.box.prepend(setup, table);
  const tableBoard = playBoard({ ui, model, table, moves, board, zoomBar }); // the board is the table (play_board.js)
  // The guided first game (play_learn.js, appended to this module).
  const learn = playLearn({ ui, game, setupRow: startButton.parentNode, table, moves, board,
    start: (action) => { ui.reset(); stopBots(); shownTo = null; ui.act(action); } });

  const stopBots = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  skipButton.addEventListener("click", () => {
    skipping = true;
    ui.say("Skipping to your turn…");
    scheduleBots();
  });
  // The replay's buttons stay focusable at either end (aria-disabled, not disabled): Enter pressed
  // again and again on one of them does nothing more there, and never reaches a move.
  const off = (b) => b.getAttribute("aria-disabled") === "true";
  replayBack.addEventListener("click", () => {
    const v = model.get("view");
    const step = v.replay === null || v.replay === undefined ? v.steps : v.replay;
    if (!off(replayBack) && step > 0) ui.act({ kind: "replay", step: step - 1 });
  });
  replayForward.addEventListener("click", () => {
    const v = model.get("view");
    if (!off(replayForward) && v.replay !== null && v.replay !== undefined && v.replay < v.steps) ui.act({ kind: "replay", step: v.replay + 1 });
  });
  replayExit.addEventListener("click", () => ui.act({ kind: "view" }));
  const saveGame = () => {
    const s = model.get("situation");
    if (s && s.save) download(model.get("view").save_name || `${game}.json`, s.save);
  };
  const newGame = () => {
    stopBots();
    ui.reset();
    model.set("view", { setup: setupForm });
    model.set("revision", model.get("revision") + 1);
    model.save_changes();
  };
  saveButton.addEventListener("click", saveGame);
  newButton.addEventListener("click", newGame);
  coverButton.addEventListener("click", () => {
    shownTo = model.get("view").to_move;
    draw();
  });

  // -- the board's zoom (presentation only: the targets are circles in the board's own
  // coordinates, so they scale with it and stay where their moves lie) ------------------------
  const showZoom = () => {
    const svg = board.querySelector("svg");
    zoomBar.hidden = !svg;
    if (!svg) return;
    const z = zoom ?? 1;
    svg.style.width = `${(z * 100).toFixed(2)}%`;
    board.classList.toggle("gk-play-zoomed", z > 1);
    // At a limit the button stays focusable (a keyboard reader's focus is not lost) but says so.
    zoomOut.setAttribute("aria-disabled", String(z <= 1));
    zoomFit.setAttribute("aria-disabled", String(z <= 1));
    zoomIn.setAttribute("aria-disabled", String(z >= ZOOM_MAX));
    zoomText.textContent = z <= 1 ? "Whole board" : `Zoom ${z.toFixed(1)}×`;
  };
  // On a narrow screen, the zoom at which the board's smallest text is legible (1 elsewhere).
  const legibleZoom = (svg) => {
    if (!window.matchMedia(NARROW).matches) return 1;
    const px = smallestTextPx(svg);
    if (px === null) return null; // not laid out yet (a hidden page): decide at the next drawing
    return Math.min(ZOOM_MAX, Math.max(1, Math.ceil(((zoom ?? 1) * LEGIBLE_PX / px) * 100) / 100));
  };
  const setZoom = (z, announce = true) => {
    const svg = board.querySelector("svg");
    if (!svg) return;
    const next = Math.min(ZOOM_MAX, Math.max(1, z));
    // The point at the middle of the frame stays in the middle.
    const before = svg.getBoundingClientRect();
    const frame = board.getBoundingClientRect();
    const fx = before.width ? (frame.left + board.clientWidth / 2 - before.left) / before.width : 0.5;
    const visibleTop = Math.max(frame.top, 0);
    const visibleBottom = Math.min(frame.top + board.clientHeight, window.innerHeight);
    const fy = before.height ? ((visibleTop + visibleBottom) / 2 - before.top) / before.height : 0.5;
    zoom = next;
    showZoom();
    const after = svg.getBoundingClientRect();
    board.scrollLeft = Math.max(0, fx * after.width - board.clientWidth / 2);
    board.scrollTop = Math.max(0, fy * after.height - board.clientHeight / 2);
    if (announce) ui.say(zoom <= 1 ? "The whole board fits its frame." : `Board zoomed to ${zoom.toFixed(1)}×: scroll the board to move around it.`);
  };
  const choose = (z) => {
    zoomChosen = true;
    setZoom(z);
  };
  zoomIn.addEventListener("click", () => choose((zoom ?? 1) * ZOOM_STEP));
  zoomOut.addEventListener("click", () => choose((zoom ?? 1) / ZOOM_STEP));
  zoomFit.addEventListener("click", () => choose(1));

  const scheduleBots = () => {
    stopBots();
    const v = model.get("view");
    if (!v || !v.bot_to_move) {
      skipping = false;
      return;
    }
    timer = setTimeout(() => {
      timer = null;
      ui.act({ kind: "bot" });
    }, skipping ? 0 : paceMs());
  };

  const drawPlayers = (v) => {
    players.replaceChildren(el("tr", {}, el("th", { scope: "col" }, "Player"), el("th", { scope: "col" }, "Score"), el("th", { scope: "col" }, "Holdings")),
      ...v.players.map((p, i) => el("tr", { class: p.to_move ? "gk-play-mover" : "", "data-testid": `gk-player-${i}` },
        el("th", { scope: "row" }, p.colour && p.colour.fill ? el("span", { class: "gk-play-swatch", style: `background:${p.colour.fill}`, "aria-hidden": "true" }) : "",
          p.name + (p.colour && p.colour.name ? `, ${p.colour.name}` : "") + (p.to_move ? " (to move)" : "")),
        el("td", {}, p.score), el("td", {}, p.details.join("; ")))));
  };

  const needsCoverNow = (v) => v.persons > 1 && v.person_to_move && shownTo !== v.to_move;

  // The result screen: who won, every score, why the game ended (the engine's words), what next.
  const drawResult = (v) => {
    const o = v.outcome;
    if (!o) return [el("h3", {}, "Result"), el("p", {}, v.result)];
    const scores = el("table", { class: "gk-play-scores", "data-testid": "gk-result-scores" },
      el("tr", {}, el("th", { scope: "col" }, "Player"), el("th", { scope: "col" }, "Score")),
      ...o.scores.map((p) => el("tr", { class: p.winner ? "gk-play-winner" : "" },
        el("th", { scope: "row" }, p.winner ? `${p.name}: winner` : p.name), el("td", {}, p.score))));
    return [
      el("h3", {}, "Result"),
      el("p", { class: "gk-play-headline", "data-testid": "gk-result-headline" }, o.headline),
      scrollTable(scores, "final scores"),
      el("p", { "data-testid": "gk-result-reason" }, o.reason ? `Why it ended: ${o.reason}.` : ""),
      o.house_rules ? el("p", { class: "gk-play-house-rules", "data-testid": "gk-result-house-rules" }, o.house_rules) : "",
      el("p", { class: "gk-muted" }, `Game seed ${v.seed}: type it in the Seed field of a new game to play the same game again.`),
      el("div", { class: "gk-row", role: "group", "aria-label": "What next" },
        el("button", { "data-testid": "gk-result-replay", onclick: () => ui.act({ kind: "replay", step: 0 }) }, "Replay the game from the start"),
        el("button", { "data-testid": "gk-result-new", onclick: newGame }, "New game"),
        el("button", { "data-testid": "gk-result-save", onclick: saveGame }, "Save the game to a file")),
    ];
  };

  const draw = ui.redraw(() => {
    const v = model.get("view") || {};
    // The control the reader used (read before the drawing replaces anything): see the end.
    const was = document.activeElement;
    const wasMove = !was || was === moves ? null : moves.contains(was) ? moves : board.contains(was) ? board : null;
    const wasResult = Boolean(was && was !== result && result.contains(was));
    if (v.setup) setupForm = v.setup;
    const playing = Boolean(v.players);
    setup.hidden = playing;
    table.hidden = !playing;
    if (!playing) {
      if (setupForm) drawSetup(setupForm);
      return startButton;
    }
    const s = model.get("situation");
    if (s && s.save && (v.replay === null || v.replay === undefined)) {
      const kept = remember(game, s);
      keepNote.hidden = kept;
      keepNote.textContent = kept ? "" : "This game is too large to keep in this browser (its storage is full or off): "
        + "save it to a file to continue it later. No older game is kept in its place.";
    }
    const replaying = v.replay !== null && v.replay !== undefined;
    status.textContent = replaying ? `Replay: after ${v.replay} of ${v.steps} actions. ${v.status}` : v.status;
    const showResult = Boolean(v.over && !replaying);
    result.replaceChildren(...(showResult ? drawResult(v) : []));
    result.hidden = !showResult;
    endRow.hidden = showResult; // the result screen has its own Save and New game
    seedShown.textContent = showResult ? "" : `Game seed ${v.seed}`;
    seedShown.hidden = showResult;
    houseRules.textContent = v.house_rules_text || "";
    houseRules.hidden = showResult || !v.house_rules_text;
    drawPlayers(v);
    boardKey.textContent = v.key || "";
    others.hidden = !(v.others && v.others.length) || replaying;
    othersList.replaceChildren(...(v.others || []).map((line) => el("li", {}, line)));
    // The new drawing replaces the old one at the same zoom and the same place in its frame.
    const [left, top] = [board.scrollLeft, board.scrollTop];
    board.innerHTML = v.board || "";
    const svg = board.querySelector("svg");
    if (svg) {
      svg.setAttribute("width", "100%");
      svg.removeAttribute("height");
      if (!needsCoverNow(v)) tableBoard.drawPlaces(svg, v);
      tableBoard.drawLast(svg, v);
      showZoom();
      if (zoom === null) {
        // The first board opens with its middle in the middle of the frame.
        zoom = legibleZoom(svg);
        showZoom();
        board.scrollLeft = (board.scrollWidth - board.clientWidth) / 2;
      } else {
        board.scrollLeft = left;
        board.scrollTop = top;
        const legible = zoomChosen ? null : legibleZoom(svg);
        // (2% of slack: the same board measured again never creeps.)
        if (legible !== null && legible > zoom * 1.02) setZoom(legible, false);
      }
    } else {
      tableBoard.drawLast(null, v);
      showZoom();
    }
    const needsCover = v.persons > 1 && v.person_to_move && shownTo !== v.to_move;
    cover.hidden = !needsCover;
    if (needsCover) {
      coverText.textContent = `Pass the device to Player ${v.to_move + 1}. The others look away.`;
      coverButton.textContent = `I am Player ${v.to_move + 1}: show my cards`;
    }
    privateBox.hidden = needsCover || !v.private;
    privateBox.replaceChildren(...(v.private ? [el("h4", {}, v.private.title), ...v.private.lines.map((l) => el("p", {}, l))] : []));
    tableBoard.drawMoves(v, needsCover || replaying);
    hintButton.hidden = !v.person_to_move || replaying;
    hintButton.disabled = needsCover;
    undoButton.hidden = replaying || (v.over && !v.can_undo); // no dead control on the result screen
    undoButton.disabled = !v.can_undo;
    skipButton.hidden = !v.bot_to_move || replaying;
    hint.textContent = v.hint ? `Hint: ${v.hint.action}. ${v.hint.reason}.` : "";
    logList.replaceChildren(...v.log.map((e) => el("li", { value: String(e.step) }, e.text)));
    const count = (n) => n.toLocaleString("en-US");
    replayText.textContent = replaying ? `step ${count(v.replay)} of ${count(v.steps)}` : `${count(v.steps)} action${v.steps === 1 ? "" : "s"}`;
    replayForward.setAttribute("aria-disabled", String(!replaying || v.replay >= v.steps));
    replayBack.setAttribute("aria-disabled", String((replaying ? v.replay : v.steps) <= 0));
    replayExit.hidden = !replaying;
    learn.draw(v, replaying);
    if (replaying) stopBots();
    else scheduleBots();
    // Where the focus goes: never onto a move the reader did not choose. After a move (a button of
    // "Your moves" or a spot of the board) it rests on the region it was in; any other control that
    // is still there keeps it; a control that went away hands it to its natural next place.
    if (needsCover) return coverButton;
    if (showResult && !wasResult) return result;
    if (wasMove) return wasMove;
    if (was === replayExit || (wasResult && replaying)) return replaying ? replayForward : replayBack;
    const visible = (node) => node && node.isConnected && !node.hidden && !node.disabled && node.getClientRects().length > 0;
    if (visible(was) && ui.box.contains(was)) return was;
    if (v.person_to_move) return moves;
    return visible(skipButton) ? skipButton : replaying ? replayBack : moves;
  });

  model.on("change:revision", draw);
  draw();
  return () => {
    stopBots();
    compare.dispose();
    model.off("change:revision", draw);
    tableBoard.dispose();
    ui.dispose();
  };
}

export default { render };
