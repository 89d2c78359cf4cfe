// Draws the widgets a book page stores, without the 3.6 MB widget manager.
//
// myst-nb stores each page's widgets in the page: their state in a
// <script type="application/vnd.jupyter.widget-state+json"> and one
// <script type="application/vnd.jupyter.widget-view+json"> where each is displayed. Every gamekit
// widget is an anywidget (model AnyModel, with its front end in the "_esm" trait and its styles in
// "_css") plus the LayoutModel every ipywidget has, and on a static page nothing talks back to a
// kernel. For such pages this file is the whole widget manager: a small model with anywidget's
// interface (get, set, on, off, save_changes, send), the front end imported from a blob: URL, as
// anywidget does, its styles added once, one view drawn per task so that no task is long.
// A page with any other widget gets the full @jupyter-widgets/html-manager (RequireJS, as before),
// loaded on demand from gamekit-assets/.
//
// Loaded (deferred) on the pages with widgets: nb_ipywidgets_js in _config.yml. Holds no rule.
(function () {
  "use strict";
  const STATE = 'script[type="application/vnd.jupyter.widget-state+json"]';
  const VIEW = 'script[type="application/vnd.jupyter.widget-view+json"]';
  const root = new URL(document.documentElement.dataset.content_root || "./", document.baseURI).href;
  const assets = root + "gamekit-assets/";

  const ours = (m) => (m.model_module === "anywidget" && m.model_name === "AnyModel")
    || (m.model_module === "@jupyter-widgets/base" && m.model_name === "LayoutModel");

  const same = (a, b) => a === b || (typeof a === "object" && typeof b === "object" && a !== null && b !== null
    && JSON.stringify(a) === JSON.stringify(b));

  // The part of a Backbone model (what ipywidgets models are) that anywidget exposes to a front end.
  class Model {
    constructor(id, state, manager) {
      this.model_id = id;
      this.attributes = { ...state };
      this.handlers = [];
      this.widget_manager = manager;
    }
    get(key) {
      return this.attributes[key];
    }
    set(key, value) {
      const changes = typeof key === "object" && key !== null ? key : { [key]: value };
      const changed = [];
      for (const [k, v] of Object.entries(changes)) {
        if (same(this.attributes[k], v)) continue;
        this.attributes[k] = v;
        changed.push(k);
      }
      for (const k of changed) this.trigger(`change:${k}`, this, this.attributes[k]);
      if (changed.length) this.trigger("change", this);
    }
    on(name, callback, context) {
      for (const n of String(name).split(/\s+/)) this.handlers.push({ name: n, callback, context });
    }
    off(name, callback, context) {
      this.handlers = this.handlers.filter((h) => !((name == null || h.name === name)
        && (callback == null || h.callback === callback) && (context == null || h.context === context)));
    }
    trigger(name, ...args) {
      for (const h of this.handlers.filter((x) => x.name === name)) h.callback.apply(h.context, args);
    }
    // No kernel on a static page: nothing to save to, nobody to message.
    save_changes() {}
    send() {}
  }

  const modules = new Map();
  function frontEnd(esm) {
    if (!modules.has(esm)) {
      modules.set(esm, (async () => {
        const url = URL.createObjectURL(new Blob([esm], { type: "text/javascript" }));
        try {
          const mod = await import(url);
          let def = mod.default ?? mod;
          if (typeof def === "function") def = await def();
          return def;
        } finally {
          URL.revokeObjectURL(url);
        }
      })());
    }
    return modules.get(esm);
  }

  const styled = new Set();
  function addStyles(css) {
    if (!css || styled.has(css)) return;
    styled.add(css);
    const style = document.createElement("style");
    style.dataset.gamekitWidgets = "";
    style.textContent = css;
    document.head.append(style);
  }

  // A layout trait set from Python (width, margin, ...) is a CSS property of the view.
  function applyLayout(node, layout) {
    if (!layout) return;
    for (const [k, v] of Object.entries(layout.attributes)) {
      if (k.startsWith("_") || v === null || v === undefined || v === "") continue;
      node.style.setProperty(k.replace(/_/g, "-"), v);
    }
  }

  const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

  async function draw(state, tags) {
    const manager = { models: new Map(), get_model: async (id) => manager.models.get(id) };
    for (const [id, m] of Object.entries(state)) manager.models.set(id, new Model(id, m.state || {}, manager));
    const initialized = new Map();
    for (const tag of tags) {
      let view;
      try {
        view = JSON.parse(tag.textContent);
      } catch (err) {
        console.error("gamekit widgets: a widget view that is not JSON", err);
        continue;
      }
      const model = manager.models.get(view.model_id);
      if (!model || !tag.parentElement || model.get("_model_name") !== "AnyModel") continue;
      const area = document.createElement("div");
      area.className = "widget-subarea";
      const el = document.createElement("div");
      el.className = "lm-Widget jupyter-widgets gk-anywidget";
      for (const c of model.get("_dom_classes") || []) el.classList.add(c);
      const layout = String(model.get("layout") || "").replace(/^IPY_MODEL_/, "");
      applyLayout(el, manager.models.get(layout));
      area.append(el);
      tag.parentElement.insertBefore(area, tag);
      try {
        addStyles(model.get("_css"));
        const def = await frontEnd(model.get("_esm") || "");
        if (!initialized.has(model)) initialized.set(model, def.initialize ? await def.initialize({ model, experimental: {} }) : null);
        await def.render({ model, el, experimental: {} });
      } catch (err) {
        console.error("gamekit widgets: a widget could not be drawn", err);
      }
      await nextTask(); // one view per task: the page stays responsive while they draw
    }
  }

  // Any other kind of widget: the full widget manager, as the page would have loaded it.
  function fullManager() {
    const load = (src) => new Promise((resolve, reject) => {
      const s = document.createElement("script");
      s.src = src;
      s.onload = resolve;
      s.onerror = () => reject(new Error(`could not load ${src}`));
      document.head.append(s);
    });
    return load(assets + "require-config.js").then(() => load(assets + "require.js"))
      .then(() => load(assets + "html-manager/embed-amd.js"))
      .catch((err) => console.error("gamekit widgets:", err));
  }

  function start() {
    const tag = document.querySelector(STATE);
    if (!tag) return;
    let saved;
    try {
      saved = JSON.parse(tag.textContent);
    } catch (err) {
      console.error("gamekit widgets: the page's widget state is not JSON", err);
      return;
    }
    const models = Object.values(saved.state || {});
    if (!models.every(ours)) {
      fullManager();
      return;
    }
    draw(saved.state, [...document.querySelectorAll(VIEW)]);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start, { once: true });
  else start();
})();
