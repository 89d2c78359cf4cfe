// gamekit widget runtime: prepended to every widget's own module (see gamekit/widgets/base.py).
// It holds no rule. It only finds gamekit: Pyodide on the book's static pages, the kernel elsewhere.

const GAMEKIT_RUNTIME_KEY = "__gamekitRuntime";

// Pages built by the book embed the widgets' state in a script tag of this type; a live notebook
// does not. That tells us whether a kernel will answer.
function isStaticPage() {
  return document.querySelector('script[type="application/vnd.jupyter.widget-state+json"]') !== null;
}

function siteAssets() {
  const root = document.documentElement.dataset.content_root || "./";
  return new URL(root, document.baseURI).href + "gamekit-assets/";
}

// One interpreter per page, shared by every widget on it, loaded on first use.
function loadRules(onStatus) {
  if (!globalThis[GAMEKIT_RUNTIME_KEY]) {
    globalThis[GAMEKIT_RUNTIME_KEY] = (async () => {
      const started = performance.now();
      const assets = siteAssets();
      const { loadPyodide } = await import(assets + "pyodide/pyodide.mjs");
      const pyodide = await loadPyodide({ indexURL: assets + "pyodide/", stdout: () => {}, stderr: () => {} });
      const zip = await fetch(assets + "gamekit.zip");
      if (!zip.ok) throw new Error(`gamekit.zip: HTTP ${zip.status}`);
      pyodide.unpackArchive(await zip.arrayBuffer(), "zip", { extractDir: "/home/pyodide/gamekit-src" });
      pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide/gamekit-src')");
      const dispatch = pyodide.pyimport("gamekit.web").dispatch;
      const runtime = { pyodide, dispatch, loadMs: performance.now() - started };
      globalThis.gamekitRuntime = runtime; // for the browser test and the curious reader
      return runtime;
    })();
  }
  const pending = globalThis[GAMEKIT_RUNTIME_KEY];
  if (onStatus && !globalThis.gamekitRuntime) {
    onStatus("Loading the rules (Python in your browser, first time only)…");
    pending.then(() => onStatus(""), (err) => onStatus(`The rules could not be loaded: ${err}`));
  }
  return pending;
}

let gamekitCallCounter = 0;

// Call a gamekit service (gamekit/web); resolves to {ok: result} or {error, rule}.
async function callRules(model, service, args, onStatus) {
  if (isStaticPage()) {
    const runtime = await loadRules(onStatus);
    const started = performance.now();
    const answer = JSON.parse(runtime.dispatch(service, JSON.stringify(args)));
    runtime.lastCallMs = performance.now() - started;
    return answer;
  }
  const id = `call-${Date.now()}-${++gamekitCallCounter}`;
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      model.off("msg:custom", onMessage);
      resolve({ error: "The kernel did not answer: is it running?", rule: null });
    }, 30000);
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

// Widgets whose state is a "situation" (gamekit/widgets/base.py RulesWidget): send an action to
// the widget's service, take back the new situation and what to show, or the rule that forbids it.
async function act(model, action, onStatus) {
  const answer = await callRules(model, model.get("service"), { situation: model.get("situation"), action }, onStatus);
  if (answer.error) {
    model.set("error", answer.error);
    model.set("error_rule", answer.rule || "");
  } else {
    // Widgets redraw on "change:revision", set after both, when situation and view agree.
    model.set("situation", answer.ok.situation);
    model.set("view", answer.ok.view);
    model.set("revision", model.get("revision") + 1);
    model.set("error", "");
    model.set("error_rule", "");
  }
  model.save_changes();
  return answer;
}

// The error line of a widget: the message, and the rule's label as a link to it in the book.
function errorLine(model) {
  const node = el("div", { class: "gk-error", "data-testid": "gk-error" });
  const draw = () => {
    const message = model.get("error") || "";
    const rule = model.get("error_rule") || "";
    node.replaceChildren(message);
    if (message && rule) node.append(" (rule ", el("a", { href: `#${rule}` }, rule), ")");
  };
  model.on("change:error", draw);
  model.on("change:error_rule", draw);
  draw();
  return node;
}

// Run an action with the widget's buttons disabled meanwhile (one call at a time).
function busyRunner(root, status) {
  let busy = false;
  return async (job) => {
    if (busy) return;
    busy = true;
    root.querySelectorAll("button").forEach((b) => b.setAttribute("data-busy", "1"));
    try {
      await job();
    } catch (err) {
      status.textContent = `Something went wrong: ${err}`;
    } finally {
      busy = false;
      root.querySelectorAll("button").forEach((b) => b.removeAttribute("data-busy"));
    }
  };
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

// A small helper for building the widgets' DOM.
function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value);
  }
  for (const child of children) node.append(child);
  return node;
}
