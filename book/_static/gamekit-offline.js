// Every page of the book: register the book's service worker (sw.js at the site root; see
// web/src/sw.js), so that a second visit comes from this device and the book works offline, and
// once the page is quiet (on a page with widgets: once their rules have loaded) ask it to save the
// rest of the book. Where service workers are not available (an insecure origin, a blocked
// registration), the book works online exactly as before. Added to every page by
// book/_ext/offline.py.
(function () {
  "use strict";
  if (!("serviceWorker" in navigator) || !window.isSecureContext || location.protocol === "file:") return;
  const root = new URL(document.documentElement.dataset.content_root || "./", document.baseURI);
  const registered = navigator.serviceWorker
    .register(new URL("sw.js", root).href, { scope: root.href, updateViaCache: "none" })
    .catch(() => null);
  const widgets = document.querySelector('script[type="application/vnd.jupyter.widget-state+json"]') !== null;
  window.gamekitOffline = { saved: false };
  navigator.serviceWorker.addEventListener("message", (event) => {
    if (event.data && event.data.type === "precached") window.gamekitOffline.saved = true;
  });

  function whenQuiet(done, waited = 0) {
    const rules = globalThis.gamekitRules;
    const settled = !widgets || (rules && (rules.state === "ready" || rules.state === "failed"));
    if (settled || waited > 180000) done();
    else setTimeout(() => whenQuiet(done, waited + 1000), 1000);
  }

  function saveTheBook() {
    registered.then((registration) => {
      if (!registration) return;
      navigator.serviceWorker.ready.then((ready) => ready.active && ready.active.postMessage({ type: "precache" }));
    });
  }

  const idle = (f) => ("requestIdleCallback" in window ? requestIdleCallback(f, { timeout: 5000 }) : setTimeout(f, 1000));
  const start = () => idle(() => whenQuiet(saveTheBook));
  if (document.readyState === "complete") start();
  else addEventListener("load", start, { once: true });
})();
