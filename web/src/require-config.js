// Loaded before require.js on every page with widgets (see nb_ipywidgets_js in _config.yml).
// Points RequireJS at the copies of the widget modules that the book serves itself, so that no
// page asks a CDN for anything. The site root comes from Sphinx (data-content_root, Sphinx >= 7.2),
// which makes this work on nested pages too.
(function () {
  var root = new URL(document.documentElement.dataset.content_root || "./", document.baseURI).href;
  var assets = root + "gamekit-assets/";
  window.require = {
    paths: {
      // anywidget's npm package ships an AMD module as dist/index.js (the version pinned in
      // web/package.json matches the Python package, as the widget model version must).
      anywidget: assets + "anywidget/index",
      // The widget manager finds its fonts next to its own module ids (webpack's public path is
      // taken from module.uri); point both ids at the served copy.
      "@jupyter-widgets/html-manager": assets + "html-manager/embed-amd",
      "@jupyter-widgets/html-manager/dist": assets + "html-manager",
    },
  };
})();
