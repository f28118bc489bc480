// Run build_tools/bundle/compile_zip.py in the pinned Pyodide, under Node:
//   node precompile.mjs <runtime folder> <source zip> <target zip> <prefix in the page>
// The build calls this (build_tools/bundle/stdlib.py); it writes <target zip> and exits 0,
// or prints the error and exits 1.

import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

const [runtime, source, target, prefix] = process.argv.slice(2);
try {
  const { loadPyodide } = await import(pathToFileURL(path.join(runtime, "pyodide.mjs")).href);
  const pyodide = await loadPyodide({ indexURL: runtime + path.sep });
  pyodide.FS.writeFile("/tmp/source.zip", readFileSync(source));
  pyodide.globals.set("SOURCE", "/tmp/source.zip");
  pyodide.globals.set("TARGET", "/tmp/target.zip");
  pyodide.globals.set("PREFIX", prefix);
  pyodide.runPython(readFileSync(new URL("./compile_zip.py", import.meta.url), "utf8"));
  writeFileSync(target, pyodide.FS.readFile("/tmp/target.zip"));
} catch (error) {
  // A Python exception's message ends with its last line ("SyntaxError: …"), which the build quotes.
  console.error(error instanceof Error ? error.message : `the runtime did not start (${String(error)})`);
  process.exit(1);
}
