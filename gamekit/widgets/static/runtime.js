// gamekit widget runtime: prepended to every widget's own module (see gamekit/widgets/base.py and
// gamekit/widgets/README.md). It holds no rule. It finds gamekit (a Web Worker running Pyodide on
// the book's static pages, the kernel in a live notebook), keeps every widget's calls in line,
// and gives every widget the same shell: loading status with progress and "Try again", live
// regions for results and errors, focus kept after an action.

const GAMEKIT_RULES_KEY = "__gamekitRules";
// A load with no byte arriving for this long is given up (the reader can try again).
const STALL_MS = 45000;

// Pages built by the book embed the widgets' state in a script tag of this type; a live notebook
// does not. That tells us whether a kernel will answer.
function isStaticPage() {
  return document.querySelector('script[type="application/vnd.jupyter.widget-state+json"]') !== null;
}

function siteAssets() {
  const root = document.documentElement.dataset.content_root || "./";
  return new URL(root, document.baseURI).href + "gamekit-assets/";
}

// -- the rules on a static page: one worker per page, shared by every widget ---------------------

class PageRules {
  constructor() {
    this.assets = siteAssets();
    this.state = "idle"; // idle | loading | ready | failed
    this.loaded = 0;
    this.total = 0;
    this.message = "";
    this.detail = "";
    this.loadMs = null;
    this.lastCallMs = null;
    this.listeners = new Set();
    this.pending = new Map();
    this.counter = 0;
    this.worker = null;
  }

  subscribe(listener) {
    this.listeners.add(listener);
    listener(this);
    return () => this.listeners.delete(listener);
  }

  notify() {
    for (const listener of this.listeners) listener(this);
  }

  // Start loading (idempotent): the worker fetches and compiles Pyodide off the main thread.
  start() {
    if (this.worker) return;
    this.state = "loading";
    this.loaded = 0;
    this.message = "";
    this.detail = "";
    this.notify();
    let worker;
    // A visit served from this device may have started the worker already, at the top of the page
    // (book/_ext/offline.py, EARLY_RULES): take it over with what it said meanwhile.
    const early = globalThis.gamekitEarlyRules;
    globalThis.gamekitEarlyRules = null;
    if (early && early.assets === this.assets) {
      worker = early.worker;
    } else {
      if (early) early.worker.terminate();
      try {
        worker = new Worker(this.assets + "rules-worker.mjs", { type: "module" });
      } catch (err) {
        this.fail(String(err));
        return;
      }
    }
    this.worker = worker;
    worker.onmessage = (event) => this.receive(event.data || {});
    worker.onerror = (event) => {
      event.preventDefault();
      this.fail(`the rules worker could not start: ${event.message || "network error"}`);
    };
    this.startedEarly = Boolean(early && early.worker === worker); // for the tests
    if (this.startedEarly) {
      for (const message of early.messages) this.receive(message);
      if (early.errors.length) this.fail(`the rules worker could not start: ${early.errors[0]}`);
      if (this.state !== "loading") return;
    }
    worker.postMessage({ type: "load", assets: this.assets });
    this.watch();
  }

  // A load that makes no progress for a long time is a failed load (a connection that died).
  watch() {
    clearTimeout(this.stalled);
    this.stalled = setTimeout(() => {
      if (this.state === "loading") this.fail(`no progress for ${STALL_MS / 1000} s while loading the rules`);
    }, STALL_MS);
  }

  receive(message) {
    if (message.type === "progress") {
      this.loaded = message.loaded;
      this.total = message.total;
      this.watch();
      this.notify();
    } else if (message.type === "ready") {
      clearTimeout(this.stalled);
      this.state = "ready";
      this.loadMs = message.loadMs;
      this.warmMs = message.warmMs;
      this.phases = message.phases;
      this.notify();
    } else if (message.type === "saved") {
      this.snapshotBytes = message.bytes; // the next visit restores the loaded rules (tests wait for it)
    } else if (message.type === "failed") {
      this.fail(message.detail || message.message);
    } else if (message.type === "answer") {
      const resolve = this.pending.get(message.id);
      this.pending.delete(message.id);
      this.lastCallMs = message.ms;
      if (resolve) resolve(message.answer);
    }
  }

  fail(detail) {
    clearTimeout(this.stalled);
    this.state = "failed";
    this.message = "The rules could not be loaded. Check your connection and try again.";
    this.detail = detail;
    if (this.worker) this.worker.terminate();
    this.worker = null;
    for (const resolve of this.pending.values()) resolve({ error: this.message, rule: null, failed: true, detail });
    this.pending.clear();
    this.notify();
  }

  // A fresh worker: a failed import is remembered by the old one, so it is thrown away.
  retry() {
    if (this.worker) this.worker.terminate();
    this.worker = null;
    this.state = "idle";
    this.start();
  }

  // Call a service; resolves to {ok} or {error, rule}. Calls made while loading wait in line.
  call(service, args) {
    if (this.state === "failed") this.retry();
    this.start();
    const id = ++this.counter;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.worker.postMessage({ type: "call", id, service, args, assets: this.assets });
    });
  }
}

function pageRules() {
  if (!globalThis[GAMEKIT_RULES_KEY]) {
    const rules = new PageRules();
    globalThis[GAMEKIT_RULES_KEY] = rules;
    globalThis.gamekitRules = rules; // for the browser tests and the curious reader
  }
  return globalThis[GAMEKIT_RULES_KEY];
}

// Start loading once the page has painted and the browser is idle, or at the latest when a
// widget scrolls into view, so that a reader who reads first never waits.
function preloadRules(root) {
  const rules = pageRules();
  if (rules.state !== "idle") return;
  const start = () => rules.start();
  // A visit served from this device (the book's service worker answers for the page): nothing to
  // download, the interpreter is restored from its saved state, so load at once.
  if (globalThis.navigator && navigator.serviceWorker && navigator.serviceWorker.controller) {
    start();
    return;
  }
  const whenIdle = () => ("requestIdleCallback" in globalThis ? requestIdleCallback(start, { timeout: 4000 }) : setTimeout(start, 500));
  if (document.readyState === "complete") whenIdle();
  else addEventListener("load", whenIdle, { once: true });
  if ("IntersectionObserver" in globalThis) {
    const seen = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        seen.disconnect();
        start();
      }
    });
    seen.observe(root);
  }
}

// -- calls: the page's worker or the kernel --------------------------------------------------------

let gamekitCallCounter = 0;
const KERNEL_TIMEOUT_MS = 60000;

// Call a gamekit service (gamekit/web); resolves to {ok: result} or {error, rule}, never rejects.
function callRules(model, service, args) {
  if (isStaticPage()) return pageRules().call(service, args);
  const id = `call-${Date.now()}-${++gamekitCallCounter}`;
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      model.off("msg:custom", onMessage);
      resolve({ error: "The kernel did not answer. Is it running?", rule: null });
    }, KERNEL_TIMEOUT_MS);
    function onMessage(msg) {
      if (msg && msg.kind === "answer" && msg.id === id) {
        clearTimeout(timer);
        model.off("msg:custom", onMessage);
        resolve(msg.answer);
      }
    }
    model.on("msg:custom", onMessage);
    model.send({ kind: "call", id, service, args });
  });
}

// -- the shell every widget lives in -----------------------------------------------------------------

// A widget's calls wait in line, one after another, each reading the widget's situation when its
// turn comes. Input changes and resets start a new "epoch": answers to older calls are dropped,
// so no widget can show a result that contradicts its own inputs.
class CallLine {
  constructor() {
    this.epoch = 0;
    this.tail = Promise.resolve();
    this.waiting = 0;
  }

  invalidate() {
    this.epoch += 1;
  }

  enqueue(job, onChange) {
    const epoch = this.epoch;
    const current = () => epoch === this.epoch;
    this.waiting += 1;
    onChange("queued");
    const run = this.tail.then(() => (current() ? job(current) : undefined));
    this.tail = run.then(
      () => undefined,
      () => undefined
    );
    return run.finally(() => {
      this.waiting -= 1;
      onChange();
    });
  }
}

function formatMegabytes(bytes) {
  return (bytes / 1e6).toFixed(1);
}

// widgetShell(model, root, {className, label}) builds the frame of a widget and returns:
//   box           the element to append the widget's own content to
//   act(action)   send an action to the widget's service (RulesWidget), in line
//   run(job)      run job(current) in line; current() is false once the epoch changed
//   reset()       start a new epoch (answers to earlier calls are dropped)
//   say(text)     announce a result in the widget's polite live region
//   redraw(draw)  wrap a draw function so that focus stays on its control, or the next one
//                 (draw may return an element to focus instead)
//   errorLine     the error region, bound to model "error" and "error_rule"
//   refuse(text)  show text in the error region (input refused before anything is sent; no rule)
//   seedField(input, view, seed, accept)
//                 a seed typed by the reader: a whole number from 0 to view().seed_max goes to
//                 accept(number); anything else is refused with view().seed_text and the field
//                 shows seed() (the seed in use) again
//   dispose()     remove every listener (return it, or call it, from render's cleanup)
function widgetShell(model, root, { className = "", label = "gamekit widget" } = {}) {
  const line = new CallLine();
  const disposers = [];
  const box = el("section", { class: `gk-widget ${className}`, "aria-label": label });
  const loading = el("div", { class: "gk-loading", "data-testid": "gk-loading", hidden: "" });
  const loadingText = el("span", { "data-testid": "gk-loading-text" });
  const bar = el("progress", { max: "1", value: "0", "aria-label": "loading the rules" });
  const retry = el("button", { type: "button", class: "gk-retry", "data-testid": "gk-retry" }, "Try again");
  const details = el("details", { class: "gk-details" }, el("summary", {}, "Technical details"), el("pre", { "data-testid": "gk-detail" }));
  loading.append(loadingText, bar, retry, details);
  const status = el("div", { class: "gk-status", role: "status", "aria-live": "polite", "data-testid": "gk-status" });
  const errors = errorLine(model);
  box.append(loading, status, errors);
  root.append(box);

  const setBusy = () => box.setAttribute("aria-busy", line.waiting > 0 ? "true" : "false");

  if (isStaticPage()) {
    const rules = pageRules();
    preloadRules(box);
    let wasWaiting = false;
    const showLoading = (r) => {
      const waiting = line.waiting > 0;
      loading.hidden = r.state === "ready" || r.state === "idle";
      retry.hidden = details.hidden = r.state !== "failed";
      bar.hidden = r.state !== "loading";
      if (r.state === "loading") {
        bar.max = r.total || 1;
        bar.value = r.loaded;
        loadingText.textContent = r.total
          ? `Loading the rules (Python in your browser, first time only): ${formatMegabytes(r.loaded)} of ${formatMegabytes(r.total)} MB `
          : "Loading the rules (Python in your browser, first time only)… ";
        if (waiting && !wasWaiting) status.textContent = "Your request waits until the rules have loaded.";
      } else if (r.state === "failed") {
        loadingText.textContent = r.message + " ";
        details.querySelector("pre").textContent = r.detail;
        status.textContent = r.message;
      } else if (r.state === "ready" && retrying) {
        // The reader pressed "Try again" here: say it worked, and give focus back to the widget's
        // first control (the button pressed has gone with the loading line).
        retrying = false;
        status.textContent = "The rules have loaded.";
        if (loading.contains(document.activeElement) || document.activeElement === document.body) {
          (focusables(box)[0] || status).focus();
        }
      } else if (r.state === "ready" && wasWaiting && status.textContent.startsWith("Your request waits")) {
        status.textContent = "";
      }
      wasWaiting = waiting && r.state === "loading";
    };
    let retrying = false;
    retry.addEventListener("click", () => {
      retrying = true;
      status.textContent = "Trying again…";
      // The button hides while the rules load again: keep the keyboard on the loading line.
      loadingText.tabIndex = -1;
      loadingText.focus();
      rules.retry();
    });
    disposers.push(rules.subscribe(showLoading));
    const onChange = (what) => {
      setBusy();
      if (what === "queued" && rules.state !== "ready") status.textContent = "Your request waits until the rules have loaded.";
      showLoading(rules);
    };
    line.onChange = onChange;
  } else {
    loading.remove();
    line.onChange = setBusy;
  }

  const run = (job) =>
    line.enqueue(async (current) => {
      try {
        await job(current);
      } catch (err) {
        if (current()) {
          model.set("error", `Something went wrong in this widget: ${err}`);
          model.set("error_rule", "");
          model.save_changes();
        }
      }
    }, line.onChange);

  // A RulesWidget action: the service gets the situation as it is when the action's turn comes.
  const act = (action) =>
    run(async (current) => {
      const answer = await callRules(model, model.get("service"), { situation: model.get("situation"), action });
      // A failed load is shown once, by the loading status with its "Try again" button.
      if (!current() || answer.failed) return;
      if (answer.error) {
        model.set("error", answer.error);
        model.set("error_rule", answer.rule || "");
        status.textContent = "";
      } else {
        // Widgets redraw on "change:revision", set after both, when situation and view agree.
        model.set("situation", answer.ok.situation);
        model.set("view", answer.ok.view);
        model.set("error", "");
        model.set("error_rule", "");
        model.set("revision", model.get("revision") + 1);
        status.textContent = (answer.ok.view && answer.ok.view.announce) || "";
      }
      model.save_changes();
    });

  const say = (text) => {
    status.textContent = text;
  };

  const refuse = (text) => {
    model.set("error", text);
    model.set("error_rule", "");
    model.save_changes();
  };

  const seedField = (input, view, seed, accept) => {
    const onChange = () => {
      const value = wholeNumberText(input.value);
      if (value === null || value < 0 || value > view().seed_max) {
        refuse(view().seed_text);
        input.value = String(seed());
        return;
      }
      accept(value);
    };
    input.addEventListener("change", onChange);
    disposers.push(() => input.removeEventListener("change", onChange));
  };

  const redraw = (draw) => (...args) => {
    const active = document.activeElement;
    const inside = active && box.contains(active);
    const key = inside ? active.getAttribute("data-testid") : null;
    const before = inside ? focusables(box).indexOf(active) : -1;
    // A draw function may return the control that should have focus next (a hole to choose, say).
    const preferred = draw(...args);
    if (!inside) return;
    if (preferred && preferred.isConnected) {
      preferred.focus();
      return;
    }
    const restore = () => {
      if (box.contains(document.activeElement) && !document.activeElement.disabled) return;
      const same = key ? box.querySelector(`[data-testid="${CSS.escape(key)}"]`) : null;
      if (same && !same.disabled && same.getClientRects().length) {
        same.focus();
        if (document.activeElement === same) return;
      }
      const list = focusables(box);
      const next = list[Math.min(Math.max(before, 0), list.length - 1)];
      (next || status).focus();
    };
    restore();
    requestAnimationFrame(restore);
  };

  const reset = () => line.invalidate();
  const dispose = () => {
    reset();
    disposers.forEach((d) => d());
  };
  return { box, act, run, reset, say, refuse, seedField, redraw, errorLine: errors, status, dispose };
}

// Controls a keyboard user can reach, in document order.
function focusables(container) {
  return [...container.querySelectorAll("button, input, select, textarea, a[href], [tabindex]:not([tabindex='-1'])")].filter(
    (node) => !node.disabled && !node.hidden && node.getClientRects().length > 0
  );
}

// Where each rule label leads in the built book (gamekit-assets/rule-links.json, written by
// book/_ext/rule_links.py), fetched once, and only on a static page; {} when unknown.
let ruleLinksLoaded = null;
function ruleLinks() {
  if (!isStaticPage()) return Promise.resolve({});
  ruleLinksLoaded ??= fetch(siteAssets() + "rule-links.json")
    .then((r) => (r.ok ? r.json() : {}))
    .catch(() => ({}));
  return ruleLinksLoaded;
}

// The link to a rule: on this page if it is here, else on its own page; null if nobody knows it.
function ruleHref(rule, links) {
  if (document.getElementById(rule)) return `#${rule}`;
  const target = Object.prototype.hasOwnProperty.call(links, rule) ? links[rule] : null;
  return target ? new URL(target, siteAssets() + "../").href : null;
}

// The error line of a widget: the message, and the rule's label as a link to it in the book (plain
// text where the rule's page is unknown, as in JupyterLab: never a dead link).
function errorLine(model) {
  const node = el("div", { class: "gk-error", role: "status", "aria-live": "polite", "data-testid": "gk-error" });
  let drawn = 0;
  const draw = () => {
    const message = model.get("error") || "";
    const rule = model.get("error_rule") || "";
    const epoch = ++drawn;
    node.replaceChildren(message);
    if (!(message && rule)) return;
    const label = el("span", { "data-testid": "gk-error-rule" }, rule);
    node.append(" (rule ", label, ")");
    const link = (links) => {
      const href = ruleHref(rule, links);
      if (href && epoch === drawn) label.replaceWith(el("a", { href, "data-testid": "gk-error-rule" }, rule));
    };
    if (document.getElementById(rule)) link({});
    else ruleLinks().then(link);
  };
  model.on("change:error", draw);
  model.on("change:error_rule", draw);
  draw();
  return node;
}

// A whole number typed by the reader: the text, or null when it is not digits only (the range is
// checked by the service, which says what is allowed).
function wholeNumberText(text) {
  const trimmed = String(text).trim();
  // Any length: a number too large for the service's range is refused by it, with the range.
  return /^-?\d{1,40}$/.test(trimmed) ? Number.parseInt(trimmed, 10) : null;
}

// An SVG drawing: returns the <svg> element and add(tag, attrs, text) that appends a child to it.
function svgDrawing(attrs) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  const add = (tag, childAttrs, text, parent = svg) => {
    const node = document.createElementNS(ns, tag);
    for (const [k, v] of Object.entries(childAttrs)) node.setAttribute(k, v);
    if (text !== undefined) node.textContent = text;
    parent.append(node);
    return node;
  };
  for (const [k, v] of Object.entries(attrs)) svg.setAttribute(k, v);
  return { svg, add };
}

// A small helper for building the widgets' DOM. Buttons are type="button".
function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  if (tag === "button") node.type = "button";
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children) if (child !== undefined && child !== null) node.append(child);
  return node;
}

// A table that scrolls inside the widget on a narrow screen instead of widening the page.
function scrollTable(table, label) {
  return el("div", { class: "gk-scroll", tabindex: "0", role: "region", "aria-label": label }, table);
}
