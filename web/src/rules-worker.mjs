// The rules of every widget on a page, in one module Web Worker: Pyodide plus gamekit.
//
// The page's main thread never runs Python: widgets (gamekit/widgets/static/runtime.js) post
// requests here and get answers back. This file holds no rule; it only loads the interpreter,
// unpacks gamekit.zip (the library's modules, compiled to bytecode by Pyodide itself when the book
// was built: tools/pyodide_build.mjs), imports every service and calls each once before saying
// "ready", so that the first answer a reader waits for is as quick as the second, and then calls
// gamekit.web.dispatch. Copied to the site as gamekit-assets/rules-worker.mjs by tools/build_assets.py.
//
// Messages in:  {type: "load", assets}            start loading (idempotent)
//               {type: "call", id, service, args}  call a service; waits in line until loaded
// Messages out: {type: "progress", loaded, total} bytes fetched so far of the total
//               {type: "ready", loadMs, warmMs, phases}   warmMs: importing the services and calling each
//                                                  once; phases: ms from the start to each step
//               {type: "saved", bytes}          the loaded interpreter is saved for the next visit
//               {type: "failed", message, detail}
//               {type: "answer", id, answer, ms}   answer = {ok} | {error, rule, detail?}

let loading = null;
let loaded = 0;
let total = 0;

function progress() {
  postMessage({ type: "progress", loaded: Math.min(loaded, total), total });
}

// A fetch that counts the bytes of the rules' files as they arrive (the interpreter's own
// fetches go through it too), so the page can show real progress.
// A file that cannot be fetched ends the load at once: the interpreter itself may not report it
// (a failed wasm download leaves its promise pending), and the reader should not wait forever.
const plainFetch = self.fetch.bind(self);
let failedPosted = false;
function failed(err) {
  if (!failedPosted) {
    failedPosted = true;
    postMessage({ type: "failed", message: String(err && err.message ? err.message : err), detail: String(err && err.stack ? err.stack : err) });
  }
}
function countingFetch(input, init) {
  return plainFetch(input, init).then((response) => {
    if (!response.ok) failed(new Error(`${response.url}: HTTP ${response.status}`));
    if (!response.ok || !response.body) return response;
    const counter = new TransformStream({
      transform(chunk, controller) {
        loaded += chunk.byteLength;
        progress();
        controller.enqueue(chunk);
      },
    });
    return new Response(response.body.pipeThrough(counter), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  }, (err) => {
    failed(new Error(`${typeof input === "string" ? input : input.url}: ${err}`));
    throw err;
  });
}

// The interpreter as it is once loaded and warmed, saved on this device after the first visit
// (Pyodide's memory snapshot, about 30 MB, in Cache Storage under a key that changes with every
// build of gamekit or of the interpreter; not compressed, as unpacking it would cost a third of the
// time it saves): a later visit restores it instead of starting Python, importing and warming again,
// which takes most of the loading time. Anything wrong with a saved snapshot (or no Cache Storage)
// and the rules load the ordinary way.
const SNAPSHOTS = "gamekit-python-snapshot";

async function savedSnapshot(key) {
  try {
    const hit = await (await caches.open(SNAPSHOTS)).match(key);
    if (!hit) return null;
    return new Uint8Array(await hit.arrayBuffer());
  } catch {
    return null;
  }
}

// The snapshot goes to the cache a megabyte at a time, so that a call arriving meanwhile is
// answered between two pieces instead of waiting for 30 MB to be copied.
function inPieces(bytes, size = 1 << 20) {
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) {
        controller.close();
        return;
      }
      controller.enqueue(bytes.slice(at, at + size));
      at += size;
    },
  });
}

async function saveSnapshot(key, bytes) {
  try {
    const cache = await caches.open(SNAPSHOTS);
    for (const old of await cache.keys()) if (old.url !== key) await cache.delete(old);
    await cache.put(key, new Response(inPieces(bytes), { headers: { "Content-Type": "application/octet-stream" } }));
    postMessage({ type: "saved", bytes: bytes.length });
  } catch {
    // no room, or no Cache Storage here: the next visit loads the ordinary way
  }
}

async function forgetSnapshot(key) {
  try {
    await (await caches.open(SNAPSHOTS)).delete(key);
  } catch {
    // nothing saved
  }
}

async function load(assets) {
  const started = performance.now();
  const manifest = await (await plainFetch(assets + "manifest.json", { cache: "no-cache" })).json();
  const sizes = manifest.load || {};
  total = Object.values(sizes).reduce((a, b) => a + b, 0);
  progress();
  self.fetch = countingFetch;
  const key = manifest.snapshot && self.caches ? `${assets}python-snapshot-${manifest.snapshot}` : null;
  // Three things at once: the interpreter's module, its saved state (if any) and gamekit's files.
  const module = import(assets + "pyodide/pyodide.mjs");
  const saved = key ? savedSnapshot(key) : Promise.resolve(null);
  const files = countingFetch(assets + "gamekit.zip").then((zip) => {
    if (!zip.ok) throw new Error(`gamekit.zip: HTTP ${zip.status}`);
    return zip.arrayBuffer();
  });
  files.catch(() => {}); // awaited below, where a failure fails the load
  const { loadPyodide } = await module;
  const phases = { manifest: performance.now() - started };
  const options = { indexURL: assets + "pyodide/", stdout: () => {}, stderr: () => {} };
  const snapshot = await saved;
  let pyodide = null;
  if (snapshot) {
    try {
      pyodide = await loadPyodide({ ...options, _loadSnapshot: snapshot });
      phases.restored = true;
    } catch (err) {
      await forgetSnapshot(key);
      pyodide = null;
    }
  }
  pyodide ??= await loadPyodide({ ...options, _makeSnapshot: Boolean(key) });
  // pyodide.asm.mjs is imported by the interpreter itself (not fetched): count it once it is there.
  loaded += (sizes["pyodide/pyodide.mjs"] || 0) + (sizes["pyodide/pyodide.asm.mjs"] || 0);
  progress();
  phases.interpreter = performance.now() - started;
  // The files are not part of the memory: gamekit's are unpacked on a restored snapshot too.
  pyodide.unpackArchive(await files, "zip", { extractDir: "/home/pyodide/gamekit-src" });
  phases.gamekit = performance.now() - started;
  self.fetch = plainFetch;
  loaded = total;
  progress();
  const warmStarted = performance.now();
  let fresh = null;
  if (phases.restored) {
    // Everything is imported and remembered already; one call of each service runs the
    // interpreter's code once, so that the browser has compiled it before a reader's first click.
    phases.calls = JSON.parse(pyodide.runPython("import json, gamekit.web\njson.dumps(gamekit.web.warm(deep=False))"));
  } else {
    // Import every service module and call each service once (gamekit.web.warm, which
    // tools/pyodide_build.mjs also ran to choose what to precompile), so that nothing is left to
    // do on a reader's first click; then keep that state for the next visit.
    phases.calls = JSON.parse(pyodide.runPython(
      "import sys, json\nsys.path.insert(0, '/home/pyodide/gamekit-src')\nimport gamekit.web\njson.dumps(gamekit.web.warm())"));
    if (key) {
      try {
        fresh = pyodide.makeMemorySnapshot();
      } catch {
        fresh = null;
      }
    }
  }
  const dispatch = pyodide.pyimport("gamekit.web").dispatch;
  const now = performance.now();
  phases.warm = now - warmStarted;
  // Saved once the worker is quiet after "ready" (whenQuiet): 30 MB to copy into the cache.
  const after = fresh ? () => saveSnapshot(key, fresh) : null;
  return { pyodide, dispatch, loadMs: now - started, warmMs: now - warmStarted, phases, after };
}

function start(assets) {
  if (!loading) {
    loading = load(assets);
    loading.then(
      (rules) => {
        postMessage({ type: "ready", loadMs: rules.loadMs, warmMs: rules.warmMs, phases: rules.phases });
        const after = rules.after;
        rules.after = null; // the snapshot's bytes are not kept once saved
        if (after) whenQuiet(after);
      },
      (err) => failed(err)
    );
  }
  return loading;
}

// An error nobody awaited while loading (the interpreter's own download promises) is a failed
// load too: say so instead of leaving it uncaught.
self.addEventListener("unhandledrejection", (event) => {
  event.preventDefault();
  failed(event.reason);
});

// Calls are answered strictly in the order they came in.
let line = Promise.resolve();
let waiting = 0; // calls in line or running
let lastCall = 0; // when the last one was answered

// Run \`task\` (saving the snapshot) once no call has come for QUIET_MS: a reader who clicks as soon
// as the rules are ready is answered at once, not after the save.
const QUIET_MS = 1500;
function whenQuiet(task) {
  const check = () => {
    if (waiting === 0 && performance.now() - lastCall >= QUIET_MS) task();
    else setTimeout(check, 250);
  };
  setTimeout(check, QUIET_MS);
}

self.onmessage = (event) => {
  const message = event.data || {};
  if (message.type === "load") {
    start(message.assets);
  } else if (message.type === "call") {
    waiting += 1;
    line = line.then(async () => {
      const started = performance.now();
      let rules = null;
      let answer;
      try {
        rules = await start(message.assets);
      } catch (err) {
        answer = { error: "The rules could not be loaded.", rule: null, failed: true, detail: String(err) };
      }
      if (rules) {
        try {
          answer = JSON.parse(rules.dispatch(message.service, JSON.stringify(message.args ?? {})));
        } catch (err) {
          answer = { error: "Something went wrong in the rules engine.", rule: null, detail: String(err) };
        }
      }
      postMessage({ type: "answer", id: message.id, answer, ms: performance.now() - started });
      waiting -= 1;
      lastCall = performance.now();
    });
  }
};
