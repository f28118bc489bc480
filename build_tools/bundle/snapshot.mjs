// Make the calculators' start-up memory image with the pinned Pyodide, under Node:
//   node snapshot.mjs <runtime folder> <wheel file> <path of the wheel in the page> <target file>
// Pyodide started, the rules core imported: what the page's worker would
// otherwise build in the reader's browser (calculator-worker.js restores it).
// The image is byte-identical from build to build and machine to machine:
// entropy, clocks and the command line are fixed while it is made, and
// Python's hash seed is 0. Whatever reads them later in the page (secrets,
// os.urandom) still gets the browser's own entropy, as those ask at each call.
// Exits 0 with <target file> written, or prints the error and exits 1.

import { readFileSync, writeFileSync } from "node:fs";
import nodeCrypto from "node:crypto";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [runtime, wheel, wheelPath, target] = process.argv.slice(2);

let counter = 0;
function fixedBytes(view) {
  const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  for (let i = 0; i < bytes.length; i++) bytes[i] = (counter++ * 131 + 7) & 255;
  return view;
}
nodeCrypto.randomFillSync = fixedBytes; // Emscripten's entropy under Node
Object.defineProperty(globalThis.crypto, "getRandomValues", { value: fixedBytes, configurable: true });
let tick = 0;
Date.now = () => Date.UTC(2000, 0, 1);
Object.defineProperty(performance, "now", { value: () => (tick += 1), configurable: true });
process.hrtime = Object.assign(() => [0, (tick += 1000)], { bigint: () => BigInt(tick += 1000) });
process.argv = [process.argv[0], "ruleref-snapshot"]; // Emscripten keeps the program's name

try {
  const { loadPyodide } = await import(pathToFileURL(path.join(runtime, "pyodide.mjs")).href);
  const pyodide = await loadPyodide({
    indexURL: runtime + path.sep,
    _makeSnapshot: true,
    env: { HOME: "/home/pyodide", PYTHONPATH: wheelPath, PYTHONHASHSEED: "0" },
    fsInit: (FS) => {
      FS.mkdirTree(path.posix.dirname(wheelPath));
      FS.writeFile(wheelPath, readFileSync(wheel));
    },
  });
  // Everything a page can ask for, as the worker's own cold start imports it.
  pyodide.runPython("import calculators, calculators.worker; calculators.all_calculators()");
  writeFileSync(target, pyodide.makeMemorySnapshot());
} catch (error) {
  console.error(error instanceof Error ? error.message : `the runtime did not start (${String(error)})`);
  process.exit(1);
}
