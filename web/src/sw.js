// The book's service worker: once a reader has visited, every page (and its widgets' Python) comes
// from a cache on this device, so a second visit re-downloads nothing and the book works offline;
// a new build is never served stale.
//
// Served at the site root as sw.js (copied by tools/build_assets.py) and registered by
// _static/gamekit-offline.js on every page. book/_ext/offline.py writes, after each build:
//   gamekit-build.txt   the build's id (a hash of every file of the site), a few bytes;
//   gamekit-build.json  {build, files: {path: sha256}, precache: [path, ...]}.
// The cache is keyed by the build ("gamekit-book-<build>"). On every navigation the worker asks
// for gamekit-build.txt (no HTTP cache): the same build, and the page and everything it loads come
// from the cache; a new build, and it first makes that build's cache, copying the files whose hash
// did not change (the 9.6 MB interpreter is not fetched again when only a chapter changed) and
// dropping the others, before it answers the navigation; no answer (offline), and the cache it
// has answers. Files of the build that are not cached yet are fetched and cached on first use;
// once the page is quiet (its rules loaded), the page asks for the rest of the book ("precache").
// Holds no rule.

const PREFIX = "gamekit-book-";
const SCOPE = self.registration.scope;
const BUILD_URL = new URL("gamekit-build.txt", SCOPE).href;
const MANIFEST_URL = new URL("gamekit-build.json", SCOPE).href;
const CHECK_MS = 3000;

let active = null; // {build, files, precache, cache, name}
let switching = null;
let precaching = null;

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    await self.clients.claim();
    // The first visit's own downloads are cached as they pass (the page is controlled from now on).
    const build = await siteBuild();
    if (build) await useBuild(build).catch(() => null);
  })());
});

// The site-relative path of a URL of this site, without query (Sphinx adds ?v=... to its files)
// and with "index.html" for a directory; null for anything else.
function sitePath(url) {
  const u = new URL(url);
  u.search = "";
  u.hash = "";
  if (!u.href.startsWith(SCOPE)) return null;
  let path = decodeURIComponent(u.href.slice(SCOPE.length));
  if (path === "" || path.endsWith("/")) path += "index.html";
  return path;
}

async function withTimeout(url, ms) {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), ms);
  try {
    return await fetch(url, { cache: "no-store", signal: abort.signal });
  } finally {
    clearTimeout(timer);
  }
}

// The build the site serves now, or null when the site cannot be asked (offline, or it is slow).
async function siteBuild() {
  try {
    const response = await withTimeout(BUILD_URL, CHECK_MS);
    return response.ok ? (await response.text()).trim() : null;
  } catch {
    return null;
  }
}

// The cache of the build this worker serves (found again after the browser stopped the worker).
async function current() {
  if (active) return active;
  const names = (await caches.keys()).filter((n) => n.startsWith(PREFIX));
  for (const name of names) {
    const cache = await caches.open(name);
    const stored = await cache.match(MANIFEST_URL);
    if (stored) {
      const manifest = await stored.json();
      active = { ...manifest, cache, name };
      return active;
    }
  }
  return null;
}

// Serve `build` from now on: make its cache (unchanged files copied from the old one), drop the old.
function useBuild(build) {
  switching ??= (async () => {
    const old = await current();
    if (old && old.build === build) return old;
    const response = await withTimeout(MANIFEST_URL, 30000);
    if (!response.ok) throw new Error(`gamekit-build.json: HTTP ${response.status}`);
    const manifest = await response.json();
    const name = PREFIX + manifest.build;
    const cache = await caches.open(name);
    if (old && old.name !== name) {
      await Promise.all(Object.entries(manifest.files).map(async ([path, hash]) => {
        if (old.files[path] !== hash) return;
        const url = new URL(path, SCOPE).href;
        const hit = await old.cache.match(url);
        if (hit) await cache.put(url, hit);
      }));
    }
    await cache.put(MANIFEST_URL, new Response(JSON.stringify(manifest), { headers: { "Content-Type": "application/json" } }));
    active = { ...manifest, cache, name };
    for (const other of await caches.keys()) {
      if (other.startsWith(PREFIX) && other !== name) await caches.delete(other);
    }
    return active;
  })().finally(() => {
    switching = null;
  });
  return switching;
}

function offlinePage() {
  const text = "<!DOCTYPE html><html lang=\"en\"><meta charset=\"utf-8\"><title>Offline</title>"
    + "<p>This page has not been saved on this device yet, and the book cannot be reached. "
    + "Pages you have visited, and the whole book once a page has finished loading, work offline.</p></html>";
  return new Response(text, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

// A file of the build: from the cache, else from the site (and cached for next time).
async function serve(request, state, path) {
  const url = new URL(path, SCOPE).href;
  const hit = await state.cache.match(url);
  if (hit) return hit;
  try {
    const response = await fetch(request);
    if (response.ok && !response.redirected && response.type === "basic") await state.cache.put(url, response.clone());
    return response;
  } catch (err) {
    if (request.mode === "navigate") return offlinePage();
    throw err;
  }
}

async function navigate(request, path) {
  const build = await siteBuild();
  let state = await current();
  if (build && (!state || state.build !== build)) state = await useBuild(build).catch(() => null);
  if (state && path in state.files) return serve(request, state, path);
  try {
    return await fetch(request);
  } catch {
    return offlinePage();
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const path = sitePath(request.url);
  if (path === null || path === "sw.js" || path.startsWith("gamekit-build.")) return;
  if (request.mode === "navigate") {
    event.respondWith(navigate(request, path));
    return;
  }
  event.respondWith((async () => {
    const state = (await current()) || (switching && (await switching.catch(() => null)));
    if (state && path in state.files) return serve(request, state, path);
    return fetch(request);
  })());
});

// The rest of the book, fetched once the page has loaded (asked by _static/gamekit-offline.js).
async function precache() {
  let state = await current();
  if (!state) {
    const build = await siteBuild();
    if (!build) return;
    state = await useBuild(build);
  }
  const todo = [];
  for (const path of state.precache) {
    if (!(await state.cache.match(new URL(path, SCOPE).href))) todo.push(path);
  }
  const next = async () => {
    while (todo.length) {
      const path = todo.shift();
      const url = new URL(path, SCOPE).href;
      try {
        const response = await fetch(url);
        if (response.ok && !response.redirected) await state.cache.put(url, response);
      } catch {
        return; // offline again: the rest waits for the next visit
      }
    }
  };
  await Promise.all([next(), next(), next()]);
}

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "precache") {
    precaching ??= precache().finally(() => {
      precaching = null;
    });
    event.waitUntil(precaching.catch(() => null));
    // Tell the page when the book is saved (the browser tests wait for it).
    precaching.then(() => event.source && event.source.postMessage({ type: "precached" }), () => null);
  }
});
