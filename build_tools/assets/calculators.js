// Calculators in the page: the forms written at build time
// (build_tools/markdown/calculators.py) go live through one Pyodide Web
// Worker (./ruleref/calculator-worker.js) for the whole visit. This module is
// a thin bridge: it sends form values and location.search as strings, shows
// what Python replies, and puts the share link Python encodes in the URL.
// Pages without calculators load nothing more than this file (and the rule
// index, when a share link opened there names a calculator of another page).

import { renderResult, showErrors } from "./ruleref/calculator-render.js";
import { linkedInputs } from "./ruleref/link-prefill.js";
import { pointElsewhere } from "./ruleref/link-pointer.js";
import { loadIndex, pageRuleset, removedRule, ruleIn, ruleUrl } from "./ruleref/rules.js";

const WORKER = new URL("./ruleref/calculator-worker.js", import.meta.url);

let worker = null;
let runtime = { state: "starting" }; // then {state: "ready", start, ms} or {state: "failed", message}
const STARTS = { cold: "first start", snapshot: "first start, from the site's snapshot", warm: "warm start" };
const pending = new Map();
let counter = 0; // seq 0 is the head's own "open" request (early, below)
// The "open" request the page's <head> sent as it started the worker
// (build_tools/bundle/page_head.py): {ids, query, reply}, until scan() takes it.
let early = null;
// The address bar follows the inputs, at most a few times a second (browsers
// throttle pages that rewrite their URL on every keystroke); until it does,
// `link` holds the query it will show.
const LINK_DELAY_MS = 250;
let link = null; // {path, query, timer}

function pageQuery() {
  return link && link.path === location.pathname ? link.query : location.search;
}

// The rules a result cites are rules of the page's ruleset (the one the
// calculator is placed in); the page is read when the result is shown, as
// instant navigation may have moved to another ruleset since the index loaded.
// A rule a version removed is cited at its tombstone, with that version's label.
function ruleIndex() {
  return loadIndex()
    .then((index) => (rule) => {
      const ruleset = pageRuleset(index);
      const entry = ruleIn(index, ruleset, rule);
      if (entry) return { href: ruleUrl(entry).href, removedIn: null };
      const removed = ruleset ? removedRule(index, ruleset, rule) : undefined;
      return removed ? { href: ruleUrl(removed).href, removedIn: removed.version } : null;
    })
    .catch(() => () => null);
}

// The offline copy waits for this on calculator pages (offline-copy.js): the
// worker hands it what it downloaded ("handed-off"), so nothing comes twice.
function settled() {
  document.documentElement.dataset.rrPython = runtime.state;
  document.dispatchEvent(new CustomEvent("rr-python-settled"));
}

function startWorker() {
  const onMessage = (event) => {
    const { seq, ...reply } = event.data;
    if (seq !== undefined) {
      pending.get(seq)?.(reply);
      pending.delete(seq);
    } else if (reply.type === "ready") {
      runtime = { state: "ready", start: reply.start, ms: reply.ms };
      for (const section of document.querySelectorAll("section.rr-calc[data-state=starting]")) status(section);
    } else if (reply.type === "handed-off") {
      settled();
    } else if (reply.type === "failed") {
      runtime = { state: "failed", message: reply.message };
      for (const section of document.querySelectorAll("section.rr-calc[data-state]")) status(section);
    }
  };
  const onError = (event) => {
    runtime = { state: "failed", message: event.message || "the worker did not start" };
    for (const section of document.querySelectorAll("section.rr-calc[data-state]")) status(section);
    settled();
  };
  // A calculator page starts the worker from its <head> (build_tools/bundle/page_head.py);
  // a page reached by instant navigation may not have.
  const started = window.rulerefCalculators;
  if (started) {
    worker = started.worker;
    const { opened } = started;
    early = { ...opened, reply: new Promise((resolve) => pending.set(opened.seq, resolve)) };
    started.adopt(onMessage, onError);
    return;
  }
  try {
    worker = new Worker(WORKER, { type: "module", name: "ruleref-calculators" });
  } catch (error) { // no (module) workers here: the build's results stand
    worker = { postMessage() {} };
    onError({ message: `no Web Worker: ${error.message}` });
    return;
  }
  worker.addEventListener("message", onMessage);
  worker.addEventListener("error", onError);
}

function ask(message) {
  const seq = ++counter;
  return new Promise((resolve) => {
    pending.set(seq, resolve);
    worker.postMessage({ seq, ...message });
  });
}

// A section is live once it shows a result Python computed for its inputs:
// Python being ready is not enough, as its reply to the page's link (or to
// the reader's change) may still be on its way (a warm start is often ready
// before this script runs).
function status(section, text) {
  const line = section.querySelector(".rr-calc__status");
  if (runtime.state === "failed") {
    section.dataset.state = "failed";
    if ("pending" in section.dataset) { // the link's values are not what the result was computed for
      section.querySelector("form").reset();
      updateVisibility(section);
      delete section.dataset.pending;
    }
    line.textContent = `Live results are unavailable (${runtime.message}); the result shown is for the default inputs.`;
  } else if (section.dataset.state !== "live" && "pending" in section.dataset) {
    line.textContent = runtime.state === "ready"
      ? "Computing the result for the link's inputs…"
      : "Starting Python in your browser to compute the result for the link's inputs…";
  } else if (section.dataset.state !== "live") {
    line.textContent = runtime.state === "ready"
      ? "Python is ready; computing the result… the result shown is for the default inputs."
      : "Starting Python in your browser… the result shown is for the default inputs.";
  } else {
    const start = `${STARTS[runtime.start]} ${(runtime.ms / 1000).toFixed(1)} s`;
    line.textContent = text ?? `Live: computed in your browser as you change the inputs (Python, ${start}).`;
  }
}

function controls(section) {
  return Array.from(section.querySelectorAll(".rr-calc__field"), (field) => ({
    field,
    name: field.dataset.input,
    control: field.querySelector(`[name="${field.dataset.input}"]`),
  }));
}

function formValues(section) {
  const values = {};
  for (const { name, control } of controls(section)) {
    values[name] = control.type === "checkbox" ? String(control.checked) : control.value;
  }
  return values;
}

// An input that matters only for some values of others (its declaration's
// show_if, written into data-show-if at build time) is hidden otherwise.
function updateVisibility(section) {
  const typed = {};
  for (const { name, control, field } of controls(section)) {
    typed[name] = control.type === "checkbox" ? control.checked
      : field.dataset.kind === "integer" ? Number(control.value) : control.value;
  }
  for (const { field } of controls(section)) {
    if (!field.dataset.showIf) continue;
    const rules = JSON.parse(field.dataset.showIf);
    field.hidden = !Object.entries(rules).every(([name, allowed]) => allowed.includes(typed[name]));
  }
}

function fill(section, inputs) {
  for (const { name, control } of controls(section)) {
    if (!(name in inputs)) continue;
    if (control.type === "checkbox") control.checked = inputs[name] === true;
    else control.value = String(inputs[name]);
  }
  updateVisibility(section);
}

async function show(section, result) {
  renderResult(section.querySelector(".rr-calc__result"), result, await ruleIndex());
  delete section.dataset.pending;
  section.dispatchEvent(new CustomEvent("rr-calc-result", { detail: result }));
}

async function recompute(section) {
  updateVisibility(section);
  const seq = (Number(section.dataset.asked) || 0) + 1;
  section.dataset.asked = String(seq);
  const reply = await ask({ type: "run", id: section.dataset.calc, inputs: formValues(section), query: pageQuery() });
  if (Number(section.dataset.asked) !== seq) return; // a newer change is on its way
  if (reply.error) {
    showErrors(section, [reply.error], "Not updated:");
    return;
  }
  await show(section, reply.result);
  showErrors(section, [], "");
  section.dataset.state = "live";
  status(section);
  updateLink(reply.query);
}

// reply.query is the page's query with this calculator's inputs written in by
// Python (calculators/share_link.py).
function updateLink(query) {
  if (link) clearTimeout(link.timer);
  const path = location.pathname;
  const timer = setTimeout(() => {
    link = null;
    if (location.pathname === path) history.replaceState(history.state, "", `${path}${query}${location.hash}`);
  }, LINK_DELAY_MS);
  link = { path, query, timer };
}

async function copyLink(section) {
  const shared = new URL(location.href);
  shared.search = pageQuery();
  shared.hash = section.id;
  try {
    await navigator.clipboard.writeText(shared.href);
    status(section, "Link copied: it opens this calculator with these inputs.");
  } catch {
    status(section, `Copy this link: ${shared.href}`);
  }
}

// The link's values go into the form at once, before Python has started; the
// result the build wrote (for the default inputs) is hidden until Python's
// result for them arrives (data-pending).
function prefill(sections) {
  const linked = linkedInputs(location.search, sections);
  for (const section of sections) {
    const values = linked[section.dataset.calc];
    if (!values) continue;
    // Form strings; fill() takes typed inputs, and a checkbox's are booleans.
    fill(section, Object.fromEntries(Object.entries(values).map(([name, value]) =>
      [name, value === "true" ? true : value === "false" ? false : value])));
    section.dataset.pending = "";
  }
}

function nextTask() {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Python's reading of the page's link for calculators ``ids``: the head's early
 *  request when it asked the same, else a new one. */
function open(ids) {
  const asked = early;
  early = null;
  if (asked && asked.query === location.search && asked.ids.join(" ") === ids.join(" ")) return asked.reply;
  return ask({ type: "open", ids, query: location.search });
}

async function scan() {
  const sections = Array.from(document.querySelectorAll("section.rr-calc:not([data-state])"));
  const pointed = pointElsewhere(sections);
  if (!sections.length) return;
  prefill(sections);
  if (!worker) startWorker();
  for (const section of sections) {
    section.dataset.state = "starting";
    status(section);
    const form = section.querySelector("form");
    form.addEventListener("submit", (event) => event.preventDefault());
    form.addEventListener("input", () => recompute(section));
    const copy = section.querySelector(".rr-calc__copy");
    copy.hidden = false;
    copy.addEventListener("click", () => copyLink(section));
  }
  ruleIndex();
  // The link's inputs (if any) for every calculator of this page, validated by Python.
  const reply = await open(sections.map((s) => s.dataset.calc));
  if (reply.error) { // a calculator of the page unknown to the rules core: the build's results stand
    runtime = { state: "failed", message: reply.error.message };
    for (const section of sections) status(section);
    return;
  }
  // What is wrong with the link as a whole is said once: at the calculator the link points to, or the first.
  // Python names each key of a calculator that is not on this page; one that
  // the site has elsewhere is said by its pointer instead (its keys start
  // "<calculator id>.", which a report quotes as written).
  const named = sections.find((section) => `#${section.id}` === location.hash) ?? sections[0];
  const elsewhere = await pointed;
  const linkErrors = reply.errors.filter((error) => !elsewhere.some((id) => error.field.startsWith(`${id}.`)));
  // The calculator the link points to first; each in a task of its own, so that a page of several
  // keeps a phone's main thread free between them (five at once took 0.1 s under 4x throttling).
  for (const section of [named, ...sections.filter((other) => other !== named)]) {
    if (section !== named) await nextTask();
    if (section.dataset.asked) continue; // the reader changed an input meanwhile: that result is on its way
    const opened = reply.calculators[section.dataset.calc];
    fill(section, opened.result.inputs);
    await show(section, opened.result);
    const errors = [...opened.errors, ...(section === named ? linkErrors : [])];
    showErrors(section, errors, "Some values in this link were not used (the defaults are kept):");
    section.dataset.state = "live";
    status(section);
  }
}

// The page's calculators go live as soon as this module runs (the page is
// parsed), not once Material's bundle has run: on a calculator page this
// module comes first and the bundle is deferred (build_tools/bundle/page_head.py),
// so a phone shows the link's result without waiting 0.2-0.4 s for it.
// Material's instant navigation swaps pages without a reload: document$
// emits for each page (first for this one, scanned already), and the one
// worker keeps serving. The bundle makes document$ once it has run, by
// DOMContentLoaded at the latest.
function followPageSwaps() {
  let swapped = false;
  window.document$?.subscribe(() => {
    if (swapped) scan();
    swapped = true;
  });
}

scan();
if (window.document$) followPageSwaps();
else document.addEventListener("DOMContentLoaded", followPageSwaps, { once: true });
