
// -- "Learn by playing" (issue 31): the guided first game -----------------------------------------
// Appended to play.js (gamekit/widgets/play.py). The service (gamekit/web/learn.py) says which rule
// applies now and which moves follow it; this part shows the chapter's own first sentences under
// that rule's label (gamekit-assets/rule-texts.json, written when the book is built by
// book/_ext/rule_links.py), links to the paragraph, lights up the moves of that kind in the list and
// on the board, and offers "Got it", "Skip the guide" and "Resume the guide". No rule here.

let ruleTextsLoaded = null;
function ruleTexts() {
  if (!isStaticPage()) return Promise.resolve({});
  ruleTextsLoaded ??= fetch(siteAssets() + "rule-texts.json")
    .then((r) => (r.ok ? r.json() : {}))
    .catch(() => ({}));
  return ruleTextsLoaded;
}

// Called once by play.js's render: adds the "Learn by playing" button to the set-up form and the
// guide's panel above "Your moves"; returns draw(view, replaying), called after each drawing.
function playLearn({ ui, game, setupRow, table, moves, board, start }) {
  const learnButton = el("button", { "data-testid": "gk-learn" }, "Learn by playing");
  learnButton.addEventListener("click", () => start({ kind: "learn", step: "start", game }));
  setupRow.append(learnButton);

  const heading = el("h3", {}, "Learn by playing");
  const title = el("p", { class: "gk-learn-title", "data-testid": "gk-guide-title" });
  const text = el("p", { class: "gk-learn-text", "data-testid": "gk-guide-text" });
  const where = el("p", { class: "gk-learn-where", "data-testid": "gk-guide-where" });
  const link = el("p", { "data-testid": "gk-guide-link" });
  const said = el("div", { "aria-live": "polite" }, title, text, where, link);
  const next = el("button", { "data-testid": "gk-guide-next" }, "Got it");
  const skip = el("button", { "data-testid": "gk-guide-skip" }, "Skip the guide");
  const resume = el("button", { "data-testid": "gk-guide-resume" }, "Resume the guide");
  const panel = el("section", { class: "gk-learn", "data-testid": "gk-guide", "aria-label": "Guide", hidden: "" },
    heading, said, el("div", { class: "gk-row" }, next, skip, resume));
  moves.before(panel); // beside "Your moves", wherever the board's layout (play_board.js) put them
  let lesson = null;
  next.addEventListener("click", () => lesson && ui.act({ kind: "learn", step: "next", seen: lesson.key }));
  skip.addEventListener("click", () => ui.act({ kind: "learn", step: "skip" }));
  resume.addEventListener("click", () => ui.act({ kind: "learn", step: "resume" }));

  const showRule = (rule) => {
    if (!rule) {
      text.textContent = "";
      link.replaceChildren();
      return;
    }
    const shown = rule;
    Promise.all([ruleTexts(), ruleLinks()]).then(([texts, links]) => {
      if (!lesson || lesson.rule !== shown) return;
      text.textContent = Object.prototype.hasOwnProperty.call(texts, rule) ? texts[rule] : "";
      const href = ruleHref(rule, links);
      link.replaceChildren(href
        ? el("a", { href, "data-testid": "gk-guide-rule" }, `Read the rule in the chapter (${rule})`)
        : el("span", { "data-testid": "gk-guide-rule" }, `The rule: ${rule}`));
    });
  };

  // The moves of the lesson's kind: lit in the list (their folded group opened) and on the board.
  const light = (v) => {
    const wanted = new Set(lesson ? lesson.moves : []);
    // When every move listed is of the lesson's kind, lighting them all would say nothing: the
    // list stays as it is (the board's places are still lit).
    const listedAll = moves.querySelectorAll("[data-action]").length;
    const inList = wanted.size && wanted.size === listedAll ? new Set() : wanted;
    let listed = 0;
    moves.querySelectorAll("[data-action]").forEach((b) => {
      const on = inList.has(b.getAttribute("data-action"));
      b.classList.toggle("gk-learn-move", on);
      if (on) {
        listed += 1;
        const box = b.closest("details");
        if (box) box.open = true;
      }
    });
    let spots = 0;
    (v.places || []).forEach((p) => {
      const spot = board.querySelector(`[data-place="${CSS.escape(p.id)}"]`);
      const on = p.actions.some((a) => wanted.has(a));
      if (spot) spot.classList.toggle("gk-learn-spot", on);
      if (spot && on) spots += 1;
    });
    return { listed, spots };
  };

  const draw = (v, replaying) => {
    const guide = v.guide;
    panel.hidden = !guide || replaying || v.over;
    if (panel.hidden) {
      lesson = null;
      light(v);
      return;
    }
    const was = lesson && lesson.key;
    lesson = guide.on && guide.lesson ? guide.lesson : null;
    next.hidden = !lesson;
    next.textContent = guide.more ? `Got it: next tip (${guide.more} more)` : "Got it";
    skip.hidden = !guide.on;
    resume.hidden = guide.on;
    const { listed, spots } = light(v);
    if (lesson) {
      title.textContent = `New: ${lesson.title}`;
      const n = lesson.moves.length;
      where.textContent = !listed && !spots
        ? `Where to act: any of your ${n.toLocaleString("en")} moves under Your moves.`
        : `Where to act: ${n === 1 ? "the highlighted move" : `the ${n.toLocaleString("en")} highlighted moves`}`
          + (spots && listed ? " (on the board and under Your moves)" : spots ? " on the board (or any move under Your moves)"
            : " under Your moves") + ".";
      if (lesson.key !== was) showRule(lesson.rule);
    } else {
      text.textContent = "";
      link.replaceChildren();
      if (!guide.on) {
        title.textContent = guide.done
          ? `That was your guided start (${guide.guided_turns} turns): from here you play alone. Every rule is in the chapter.`
          : "The guide is off: you play alone.";
        where.textContent = "";
      } else if (v.person_to_move) {
        title.textContent = "Nothing new this time: play on.";
        where.textContent = `Your turn ${Math.min(guide.turns + 1, guide.guided_turns)} of ${guide.guided_turns} with the guide.`;
      } else {
        title.textContent = "The guide waits for your turn.";
        where.textContent = "";
      }
    }
  };
  return { draw };
}
