// The calculators' Web Worker: the pinned Pyodide runtime running the rules
// core (the `calculators` wheel). Python owns every rule and the share-link
// format (calculators/worker.py); this file only starts the runtime and
// passes JSON text both ways.
//
//   page -> worker  {seq, type: "run", id, inputs, query} | {seq, type: "open", ids, query}
//   worker -> page  {type: "ready", start, ms} | {type: "failed", message} | {seq, ...reply}
//                   | {type: "handed-off"}  (the downloads are there for the offline copy)
//
// Python starts from a memory image wherever one will do, fastest first:
//   "warm"      the image this browser kept (Cache Storage), from an earlier visit;
//   "snapshot"  the site's own image, made at build time (build_tools/bundle/snapshot.py);
//   "cold"      Pyodide's full start, then the rules core's imports.
// An image that fails to restore is dropped for the next way down the list.
// Whichever way it started, the browser keeps an image for the next visit.

const BUNDLE = new URL("../../../pyodide/", import.meta.url);
const SNAPSHOTS = "ruleref-pyodide-snapshots";

// One download of each byte: every bundle file this worker downloads (the
// runtime, the wheel, the site's image; Pyodide fetches some itself) is
// handed to the site's offline copy through this cache, once Python is live.
// The service worker checks each against its own list (sha256) before
// keeping it, then empties the cache (build_tools/offline/service-worker.js).
const HANDOFF = `ruleref-handoff ${new URL("../", BUNDLE).pathname}`;
const downloaded = [];
const networkFetch = self.fetch.bind(self);

function download(url, input, init) {
  const answer = networkFetch(input, init);
  if (url.href.startsWith(BUNDLE.href)) {
    answer.then((response) => { if (response.ok) downloaded.push([url.href, response.clone()]); }, () => {});
  }
  return answer;
}

// The runtime files Pyodide fetches as it starts are requested as soon as the
// lock names their folder (requestEarly), alongside the image: Pyodide asks
// for them only once it holds the image, which on a first visit is downloaded,
// checked and unpacked first, and the network would sit idle meanwhile.
// Pyodide's own request for such a file takes the answer on its way, once.
const early = new Map(); // URL -> response promise, not yet taken
const EARLY_FILES = ["pyodide-lock.json", "pyodide.asm.wasm"];
const STDLIB = "python_stdlib.zip";

function requestEarly(runtime, files) {
  for (const file of files) {
    const url = new URL(file, runtime);
    const answer = fetchShipped(url, url.href);
    answer.catch(() => {}); // reported to whoever takes it
    early.set(url.href, answer);
  }
}

// A start from an image does not wait for the stdlib's zip (3.9 MB, a second
// or two of a phone's first visit): the image holds every module the
// calculators use. Pyodide is given an empty stand-in as its stdLibURL; the
// worker downloads the zip once Python is live and puts it in place
// (installStdlib), holding any new import back meanwhile (calculators/worker.py,
// hold_imports).
const STAND_IN = new URL("stdlib-stand-in.zip", BUNDLE).href; // answered here, never requested

self.fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input), location.href);
  if (url.href === STAND_IN) return Promise.resolve(new Response(new Uint8Array(0)));
  let answer = !(input instanceof Request) && !init?.integrity && early.get(url.href);
  if (answer) early.delete(url.href);
  else answer = fetchShipped(url, input, init);
  const shipped = shippedAs(url);
  if (runtimeFolder && shipped.href.startsWith(runtimeFolder)) {
    const file = shipped.pathname.split("/").pop();
    answer.then((response) => response.ok || abandon(new RuntimeFileError(`${file}: HTTP ${response.status}`)),
                (error) => abandon(new RuntimeFileError(`${file}: ${error.message}`)));
  }
  return answer;
};

// The site ships the runtime's wasm gzipped (build_tools/bundle/packed_wasm.py):
// 3.5 MB instead of 9.6 MB, for the hosts that do not compress binary files.
// Pyodide asks for pyodide.asm.wasm; it gets the packed file, unpacked as it
// streams in, under the type its streaming compile requires.
let packedWasm = null; // {plain: URL Pyodide asks for, packed: URL of the file shipped}, once the lock has named it

function shippedAs(url) {
  return packedWasm && url.href === packedWasm.plain.href ? packedWasm.packed : url;
}

function fetchShipped(url, input, init) {
  const shipped = shippedAs(url);
  if (shipped === url) return download(url, input, init);
  return download(shipped, shipped.href, init).then((response) => unpackWasm(response, shipped));
}

/** The wasm in a packed file's response. A host that sends the file gzip-encoded
 * has the browser unpack it on the way: those bytes start with wasm's own magic
 * number, not gzip's, and are taken as they are. */
async function unpackWasm(response, url) {
  if (!response.ok) return response; // said as such by whoever asked
  const reader = response.body.getReader();
  const start = [];
  let length = 0;
  let done = false;
  while (length < 2 && !done) {
    const chunk = await reader.read();
    done = chunk.done;
    if (!done) { start.push(chunk.value); length += chunk.value.length; }
  }
  const head = new Uint8Array(2);
  let at = 0;
  for (const chunk of start) for (const byte of chunk.subarray(0, 2 - at)) head[at++] = byte;
  const gzipped = at === 2 && head[0] === 0x1f && head[1] === 0x8b;
  let body = relay(reader, start);
  if (gzipped) {
    const file = url.pathname.split("/").pop();
    body = relay(body.pipeThrough(new DecompressionStream("gzip")).getReader(), [],
                 (error) => abandon(new RuntimeFileError(`${file}: ${error.message}`))); // a packed file cut short
  }
  return new Response(body, { headers: { "Content-Type": "application/wasm" } });
}

/** A stream of ``chunks``, then of what ``reader`` still holds; ``failed(error)`` hears a read that fails. */
function relay(reader, chunks, failed = () => {}) {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
    },
    async pull(controller) {
      try {
        const chunk = await reader.read();
        if (chunk.done) controller.close();
        else controller.enqueue(chunk.value);
      } catch (error) {
        failed(error);
        controller.error(error);
      }
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

// Pyodide reports a runtime file it cannot fetch or compile as a console
// warning and then waits for ever. Such a failure ends the start instead (see
// attempt()): no way of starting can do without the file, so the page hears
// "failed" within seconds, naming it, rather than "Starting Python…" for good.
class RuntimeFileError extends Error {}
let runtimeFolder = null; // pyodide/<version>/, once the lock has named it
let abandon = () => {};
for (const name of ["instantiate", "instantiateStreaming"]) {
  const original = WebAssembly[name].bind(WebAssembly);
  WebAssembly[name] = (...args) => original(...args).catch((error) => {
    // A wasm that does not compile is a bad file; other errors may be a bad image's, which the next way survives.
    abandon(error instanceof WebAssembly.CompileError ? new RuntimeFileError(`pyodide.asm.wasm: ${error.message}`) : error);
    throw error;
  });
}

/** ``loadPyodide(config)``, or the first runtime failure seen while it runs. */
function attempt(loadPyodide, config) {
  const failed = new Promise((_, reject) => { abandon = reject; });
  return Promise.race([loadPyodide(config), failed]).finally(() => { abandon = () => {}; });
}

async function handOff() {
  try {
    const cache = await caches.open(HANDOFF);
    for (const [url, response] of downloaded.splice(0)) await cache.put(url, response);
  } catch (error) {
    console.warn("ruleref: the offline copy will download the runtime itself:", error);
  }
  postMessage({ type: "handed-off" });
}

async function fetchBytes(url, init) {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** A file the lock names, refused unless its bytes have the lock's sha256. */
async function fetchLocked(entry) {
  const bytes = await fetchBytes(new URL(entry.file, BUNDLE));
  const hex = await sha256(bytes);
  if (hex !== entry.sha256) throw new Error(`${entry.file}: sha256 ${hex} does not match the lock`);
  return bytes;
}

async function gunzip(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The site's memory image, unpacked. A host that labels .gz files
 * "Content-Encoding: gzip" has the browser unpack it on the way: those bytes
 * are taken when they are the image the lock names (image_sha256). */
async function siteImage(entry) {
  const bytes = await fetchBytes(new URL(entry.file, BUNDLE));
  const hex = await sha256(bytes);
  if (hex === entry.sha256) return gunzip(bytes);
  if (hex === entry.image_sha256) return bytes;
  throw new Error(`${entry.file}: sha256 ${hex} is neither the lock's file nor its image`);
}

async function openSnapshots() {
  try {
    return await caches.open(SNAPSHOTS);
  } catch {
    return null; // no Cache Storage (opaque origin, private mode): no image kept between visits
  }
}

/** The stdlib's zip, checked against the lock, written where Pyodide keeps it; then imports go through. */
async function installStdlib(pyodide, runtime, lock, worker, zipPath) {
  const response = await fetch(new URL(STDLIB, runtime));
  if (!response.ok) throw new Error(`${STDLIB}: HTTP ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const hex = await sha256(bytes);
  if (hex !== lock.runtime.stdlib_sha256) throw new Error(`${STDLIB}: sha256 ${hex} does not match the lock`);
  pyodide.FS.writeFile(zipPath, bytes);
  worker.release_imports();
}

function pyodideConfig(runtime, lock, wheel, createPyodideModule) {
  const path = lock.wheel.mount;
  return {
    indexURL: runtime.href,
    createPyodideModule,
    env: { PYTHONPATH: path },
    // The wheel is imported straight from its zip (zipimport), at the path the images were made with.
    fsInit: async (FS) => {
      FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
      FS.writeFile(path, await wheel);
    },
  };
}

// Keep one image for the next visit: the current runtime + stdlib + wheel's,
// with its sha256, checked before it is restored (storage can be damaged).
// It is kept without its empty pages: most of Python's memory is zeros (19 of
// the 31 MB with Pyodide 314), and a warm start reads and hashes every byte
// kept. Layout: IMAGE_MAGIC, the image's length (uint32, little-endian), a
// bitmap of the PAGE-byte pages kept (page i: bit i % 8 of byte i / 8), then
// those pages in order (the last one as long as the image leaves it).
const DIGEST = "X-Ruleref-Sha256";
const IMAGE_LAYOUT = "rrpages1";
const IMAGE_MAGIC = new TextEncoder().encode(IMAGE_LAYOUT);
const IMAGE_HEAD = IMAGE_MAGIC.length + 4; // the magic, then the image's length
const PAGE = 4096;

async function keepImage(snapshots, key, image) {
  try {
    for (const old of await snapshots.keys()) await snapshots.delete(old);
    const kept = withoutEmptyPages(image);
    const headers = { "Content-Type": "application/octet-stream", [DIGEST]: await sha256(kept) };
    await snapshots.put(key, new Response(kept, { headers }));
  } catch (error) {
    console.warn("ruleref: no warm-start snapshot kept:", error);
  }
}

async function keptImage(stored) {
  const kept = new Uint8Array(await stored.arrayBuffer());
  const hex = await sha256(kept);
  if (hex !== stored.headers.get(DIGEST)) throw new Error(`sha256 ${hex} is not the one it was kept with`);
  return withEmptyPages(kept);
}

function withoutEmptyPages(image) {
  const bytes = image.byteOffset % 4 === 0 ? image : image.slice(); // whole words to test, below
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length >> 2);
  const pages = Math.ceil(bytes.length / PAGE);
  const bitmap = new Uint8Array(Math.ceil(pages / 8));
  const full = [];
  let size = IMAGE_HEAD + bitmap.length;
  for (let page = 0; page < pages; page++) {
    const start = page * PAGE, end = Math.min(start + PAGE, bytes.length);
    if (isEmpty(bytes, words, start, end)) continue;
    bitmap[page >> 3] |= 1 << (page & 7);
    full.push(bytes.subarray(start, end));
    size += end - start;
  }
  const kept = new Uint8Array(size);
  kept.set(IMAGE_MAGIC);
  new DataView(kept.buffer).setUint32(IMAGE_MAGIC.length, bytes.length, true);
  kept.set(bitmap, IMAGE_HEAD);
  let at = IMAGE_HEAD + bitmap.length;
  for (const page of full) { kept.set(page, at); at += page.length; }
  return kept;
}

function isEmpty(bytes, words, start, end) {
  const wordsEnd = end >> 2; // start is a multiple of PAGE, so of 4
  for (let word = start >> 2; word < wordsEnd; word++) if (words[word] !== 0) return false;
  for (let at = wordsEnd << 2; at < end; at++) if (bytes[at] !== 0) return false;
  return true;
}

/** The image ``withoutEmptyPages`` kept; refused, as not one, when its parts do not add up. */
function withEmptyPages(kept) {
  const refuse = (why) => { throw new Error(`not a kept image: ${why}`); };
  if (kept.length < IMAGE_HEAD || IMAGE_MAGIC.some((byte, at) => kept[at] !== byte)) refuse("no header");
  const length = new DataView(kept.buffer, kept.byteOffset).getUint32(IMAGE_MAGIC.length, true);
  const pages = Math.ceil(length / PAGE);
  const bitmap = kept.subarray(IMAGE_HEAD, IMAGE_HEAD + Math.ceil(pages / 8));
  if (bitmap.length < Math.ceil(pages / 8)) refuse("cut short");
  const image = new Uint8Array(length);
  let at = IMAGE_HEAD + bitmap.length;
  for (let page = 0; page < pages; page++) {
    if (!(bitmap[page >> 3] & (1 << (page & 7)))) continue;
    const start = page * PAGE, end = Math.min(start + PAGE, length);
    if (at + end - start > kept.length) refuse("cut short");
    image.set(kept.subarray(at, at + end - start), start);
    at += end - start;
  }
  if (at !== kept.length) refuse(`${kept.length - at} bytes beyond its pages`);
  return image;
}

/** The images to try, in order: [{start, image: () => Promise<bytes>, drop}]. The first one's
 * bytes are on their way at once (alongside the runtime's scripts); the site's image is
 * downloaded only when it is first, or once the kept one has failed. */
async function images(lock, snapshots, key) {
  const found = [];
  const stored = snapshots && await snapshots.match(key);
  if (stored) found.push({ start: "warm", image: () => keptImage(stored), drop: () => snapshots.delete(key) });
  if (lock.snapshot) found.push({ start: "snapshot", image: () => siteImage(lock.snapshot), drop: () => {} });
  if (found.length) {
    const first = found[0].image();
    first.catch(() => {}); // reported when it is awaited
    found[0].image = () => first;
  }
  return found;
}

async function start() {
  const started = performance.now();
  const lock = JSON.parse(new TextDecoder().decode(
    await fetchBytes(new URL("calculators-lock.json", BUNDLE), { cache: "no-cache" })));
  const runtime = new URL(lock.runtime.path, BUNDLE);
  runtimeFolder = runtime.href;
  if (lock.runtime.packed_wasm) {
    packedWasm = { plain: new URL("pyodide.asm.wasm", runtime), packed: new URL(lock.runtime.packed_wasm, runtime) };
  }
  // With a site image the stdlib waits until Python is live; without, Pyodide needs it first.
  requestEarly(runtime, lock.snapshot ? EARLY_FILES : [...EARLY_FILES, STDLIB]);
  const wheel = fetchLocked(lock.wheel);
  // An image holds the stdlib and the rules core as they were imported: good only with the same files
  // (and kept in this worker's layout: an image kept by an earlier one is not looked for).
  const key = new URL(`snapshot/${IMAGE_LAYOUT}/${lock.runtime.version}/${lock.runtime.stdlib_sha256}/${lock.wheel.sha256}`, BUNDLE).href;
  const snapshots = await openSnapshots();
  const tries = images(lock, snapshots, key);
  tries.catch(() => {}); // reported when it is awaited
  // pyodide.asm.mjs (1.2 MB of JavaScript) is loaded alongside the loader and
  // the image, not after them (loadPyodide's createPyodideModule option).
  const [{ loadPyodide }, asm] = await Promise.all([
    import(new URL("pyodide.mjs", runtime)), import(new URL("pyodide.asm.mjs", runtime))]);
  const config = pyodideConfig(runtime, lock, wheel, asm.default);

  for (const { start, image, drop } of await tries) {
    try {
      const bytes = new Uint8Array(await image());
      const pyodide = await attempt(loadPyodide, { ...config, _loadSnapshot: bytes, stdLibURL: STAND_IN });
      const worker = pyodide.pyimport("calculators.worker");
      const zipPath = worker.hold_imports();
      const stdlib = installStdlib(pyodide, runtime, lock, worker, zipPath);
      const keep = snapshots && start !== "warm" ? () => keepImage(snapshots, key, bytes) : null;
      return { pyodide, start, ms: performance.now() - started, keep, stdlib };
    } catch (error) {
      if (error instanceof RuntimeFileError) throw error;
      console.warn(`ruleref: the ${start === "warm" ? "kept" : "site's"} snapshot did not restore:`, error);
      await drop();
    }
  }
  const pyodide = await attempt(loadPyodide, { ...config, _makeSnapshot: Boolean(snapshots) });
  await wheel; // a wheel that did not arrive, said as such (an image holds the rules core; this start needs it)
  // Import everything a page can ask for, so the image holds it all.
  pyodide.runPython("import calculators, calculators.worker; calculators.all_calculators()");
  const keep = snapshots ? () => keepImage(snapshots, key, pyodide.makeMemorySnapshot()) : null;
  return { pyodide, start: "cold", ms: performance.now() - started, keep, stdlib: Promise.resolve() };
}

const ready = start().then(
  (runtime) => {
    const handle = runtime.pyodide.pyimport("calculators.worker").handle;
    const stdlib = runtime.stdlib;
    stdlib.catch((error) => console.error("ruleref: imports beyond the snapshot will fail:", error));
    postMessage({ type: "ready", start: runtime.start, ms: runtime.ms });
    // After the requests waiting for "ready" are answered: live results first.
    setTimeout(async () => {
      if (runtime.keep) await runtime.keep();
      await stdlib.catch(() => {});
      await handOff();
    }, 0);
    return { handle, stdlib };
  },
  (error) => {
    postMessage({ type: "failed", message: String(error && error.message || error) });
    handOff(); // what did arrive is still good for the offline copy
    throw error;
  });

/** Python's reply to ``request``; one that needed an import held back is asked again once the stdlib is in place. */
async function answer({ handle, stdlib }, request) {
  try {
    return handle(JSON.stringify(request));
  } catch (error) {
    if (error.type !== "ImportsHeld") throw error;
    try {
      await stdlib;
    } catch (failed) {
      return JSON.stringify({ error: { field: "Python", message: failed.message } });
    }
    return handle(JSON.stringify(request));
  }
}

addEventListener("message", async (event) => {
  const { seq, ...request } = event.data;
  let python;
  try {
    python = await ready;
  } catch {
    return; // "failed" was already posted; the page keeps its pre-rendered results
  }
  postMessage({ seq, ...JSON.parse(await answer(python, request)) });
});
