// A lesson's exit ticket on the book's pages (added to every page by book/_ext/lesson_pages.py; it acts
// only where a lesson shows a "gk-exit-ticket" box). It draws a choice of letters for each question and
// a "Check my answers" button, and says which choices are right. The right letters are not in the
// page: lessons/exit-tickets.json (written at build by tools/student_versions.py) holds, for each
// question, the SHA-256 of "lesson:key:letter"; the chosen letter is hashed the same way and compared.
// No rule and no answer lives here.
(function () {
  "use strict";

  function siteRoot() {
    const root = document.documentElement.dataset.content_root || "./";
    return new URL(root, document.baseURI).href;
  }

  async function sha256(text) {
    const bytes = new TextEncoder().encode(text);
    const digest = await crypto.subtle.digest("SHA-256", bytes);
    return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
  }

  let hashes = null;
  function loadHashes() {
    if (!hashes) hashes = fetch(siteRoot() + "lessons/exit-tickets.json").then((r) => (r.ok ? r.json() : {})).catch(() => ({}));
    return hashes;
  }

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    node.append(...children);
    return node;
  }

  function draw(box) {
    const lesson = box.dataset.lesson;
    let questions;
    try {
      questions = JSON.parse(box.dataset.questions || "[]");
    } catch (err) {
      return;
    }
    const form = el("form", { class: "gk-exit-form", "aria-label": "Your exit ticket" });
    for (const q of questions) {
      const set = el("fieldset", { "data-key": q.key });
      set.append(el("legend", {}, `${q.key}. ${q.question}`));
      for (const letter of q.choices) {
        const id = `gk-exit-${lesson}-${q.key}-${letter}`;
        const input = el("input", { type: "radio", name: `${lesson}-${q.key}`, value: letter, id });
        set.append(el("label", { for: id }, input, ` ${letter} `));
      }
      set.append(el("span", { class: "gk-exit-mark", "data-testid": `gk-exit-${q.key}` }));
      form.append(set);
    }
    const button = el("button", { type: "submit", class: "gk-exit-check" }, "Check my answers");
    const status = el("p", { class: "gk-exit-status", role: "status", "aria-live": "polite" });
    form.append(button, status);
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      if (!(globalThis.crypto && crypto.subtle)) {
        status.textContent = "Checking needs the book served over https (or from this computer).";
        return;
      }
      const right = (await loadHashes())[lesson] || {};
      let count = 0;
      for (const set of form.querySelectorAll("fieldset")) {
        const key = set.dataset.key;
        const chosen = set.querySelector("input:checked");
        const mark = set.querySelector(".gk-exit-mark");
        if (!chosen) {
          mark.textContent = "no answer yet";
          continue;
        }
        const ok = (await sha256(`${lesson}:${key}:${chosen.value}`)) === right[key];
        count += ok ? 1 : 0;
        mark.textContent = ok ? "right" : "not yet: think again";
        mark.dataset.right = String(ok);
      }
      status.textContent = `${count} of ${questions.length} right.`;
    });
    box.replaceChildren(form);
  }

  function start() {
    document.querySelectorAll(".gk-exit-ticket").forEach(draw);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
