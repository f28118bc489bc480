// The calculators' Web Worker: the pinned Pyodide runtime running the rules
// core (the `calculators` wheel). Python owns every rule and the share-link
// format (calculators/worker.py); this file only starts the runtime, keeps the
// warm-start snapshot, and passes JSON text both ways.
//
//   page -> worker  {seq, type: "run", id, inputs, query} | {seq, type: "open", ids, query}
//   worker -> page  {type: "ready", warm, ms} | {type: "failed", message} | {seq, ...reply}

const BUNDLE = new URL("../../../pyodide/", import.meta.url);
const SNAPSHOTS = "ruleref-pyodide-snapshots";
// The wheel is imported straight from its zip (zipimport): written into the
// file system before Python starts, so a restored snapshot finds it at the
// same path.
const WHEEL_DIR = "/lib/ruleref";

async function fetchBytes(url, init) {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

async function fetchWheel(lock) {
  const bytes = await fetchBytes(new URL(lock.wheel.file, BUNDLE));
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  const hex = Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
  if (hex !== lock.wheel.sha256) throw new Error(`${lock.wheel.file}: sha256 ${hex} does not match the lock`);
  return bytes;
}

async function openSnapshots() {
  try {
    return await caches.open(SNAPSHOTS);
  } catch {
    return null; // no Cache Storage (opaque origin, private mode): always a cold start
  }
}

function pyodideConfig(runtime, lock, wheel, createPyodideModule) {
  const path = `${WHEEL_DIR}/${lock.wheel.file.split("/").pop()}`;
  return {
    indexURL: runtime.href,
    createPyodideModule,
    env: { PYTHONPATH: path },
    fsInit: async (FS) => {
      FS.mkdirTree(WHEEL_DIR);
      FS.writeFile(path, await wheel);
    },
  };
}

// Keep this runtime's memory (Python started, the rules core imported) for
// the next visit; only one snapshot is kept, for the current runtime + wheel.
async function keepSnapshot(pyodide, snapshots, key) {
  try {
    const snapshot = pyodide.makeMemorySnapshot();
    for (const old of await snapshots.keys()) await snapshots.delete(old);
    await snapshots.put(key, new Response(snapshot, { headers: { "Content-Type": "application/octet-stream" } }));
  } catch (error) {
    console.warn("ruleref: no warm-start snapshot kept:", error);
  }
}

async function start() {
  const started = performance.now();
  const lock = JSON.parse(new TextDecoder().decode(
    await fetchBytes(new URL("calculators-lock.json", BUNDLE), { cache: "no-cache" })));
  const runtime = new URL(lock.runtime.path, BUNDLE);
  const wheel = fetchWheel(lock);
  // pyodide.asm.mjs (1.2 MB of JavaScript) is loaded alongside the loader and
  // the snapshot, not after them (loadPyodide's createPyodideModule option).
  const [{ loadPyodide }, asm, snapshots] = await Promise.all([
    import(new URL("pyodide.mjs", runtime)), import(new URL("pyodide.asm.mjs", runtime)), openSnapshots()]);
  // A memory image holds the stdlib and the rules core as they were imported: good only with the same files.
  const key = new URL(`snapshot/${lock.runtime.version}/${lock.runtime.stdlib_sha256}/${lock.wheel.sha256}`, BUNDLE).href;
  const config = pyodideConfig(runtime, lock, wheel, asm.default);

  const stored = snapshots && await snapshots.match(key);
  if (stored) {
    try {
      const pyodide = await loadPyodide({ ...config, _loadSnapshot: stored.arrayBuffer() });
      return { pyodide, warm: true, ms: performance.now() - started, keep: null };
    } catch (error) {
      console.warn("ruleref: warm start failed, starting cold:", error);
      await snapshots.delete(key);
    }
  }
  const pyodide = await loadPyodide({ ...config, _makeSnapshot: Boolean(snapshots) });
  // Import everything a page can ask for, so the snapshot holds it all.
  pyodide.runPython("import calculators, calculators.worker; calculators.all_calculators()");
  const keep = snapshots ? () => keepSnapshot(pyodide, snapshots, key) : null;
  return { pyodide, warm: false, ms: performance.now() - started, keep };
}

const ready = start().then(
  (runtime) => {
    const handle = runtime.pyodide.pyimport("calculators.worker").handle;
    postMessage({ type: "ready", warm: runtime.warm, ms: runtime.ms });
    // After the requests waiting for "ready" are answered: live results first.
    if (runtime.keep) setTimeout(runtime.keep, 0);
    return handle;
  },
  (error) => {
    postMessage({ type: "failed", message: String(error && error.message || error) });
    throw error;
  });

addEventListener("message", async (event) => {
  const { seq, ...request } = event.data;
  let handle;
  try {
    handle = await ready;
  } catch {
    return; // "failed" was already posted; the page keeps its pre-rendered results
  }
  postMessage({ seq, ...JSON.parse(handle(JSON.stringify(request))) });
});
