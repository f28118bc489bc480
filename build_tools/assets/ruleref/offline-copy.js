// The offline copy as a page sees it: registers sw.js, follows its saving
// progress, notices a new version waiting, and reports one state at a time.
//
//   state.kind    "checking" | "unsupported" | "saving" | "ready" | "missing" | "ask" | "failed"
//                 ask: the copy is over the site's offline budget and waits for the reader's yes
//   state.update  null | "waiting" (a new version is installed and waits for the reader's go-ahead)
//                 | "failed" (saving the new version failed; the copy in use still works) | "retrying"
//   bytes/totalBytes (saved so far, all of it), reason (why saving failed: the file and what went
//   wrong), updateReason (why saving the new version failed), updateChanges (the versions of the
//   texts the waiting version holds and this copy does not: {title, version, rules, href}, newest first)

const STATUS_TIMEOUT_MS = 5000;
// How long a calculator page's offline copy waits for its Python to start.
const PYTHON_WAIT_MS = 30000;

export function watchOfflineCopy(root, onChange) {
  let state = { kind: "checking", update: null };
  const set = (patch) => {
    state = { ...state, ...patch };
    onChange(state);
  };
  // Absent, or present and undefined (a private window in some browsers, service workers blocked).
  const container = navigator.serviceWorker;
  if (!container) {
    queueMicrotask(() => set({ kind: "unsupported" })); // after the caller holds the returned actions
    return { save() {}, acceptUpdate() {}, retryUpdate() {} };
  }
  let registration = null;

  async function refresh() {
    if (!registration) return;
    const worker = registration.active;
    if (worker) {
      const status = await ask(worker);
      if (status) {
        const kind = status.complete ? "ready" : status.ask ? "ask" : "missing";
        set({ kind, version: status.version, totalBytes: status.totalBytes });
      }
    } // an installing worker reports its own progress, or nothing when it waits for the reader's yes
    if (registration.waiting && container.controller) await waiting(registration.waiting);
    else if (state.update === "waiting") set({ update: null });
  }

  // A new version waits for the reader: say what it changed in the rules, from the two builds'
  // lists (what the waiting one holds that this copy's does not). A copy whose build had no list
  // cannot say what it holds: the prompt then names no change rather than guess.
  async function waiting(worker) {
    const [next, current] = await Promise.all([ask(worker), registration.active ? ask(registration.active) : null]);
    const held = new Set((current?.changes || []).map((change) => change.key));
    const changes = next?.changes && current?.changes ? next.changes.filter((change) => !held.has(change.key)) : [];
    set({
      update: "waiting",
      updateChanges: changes.map(({ title, version, rules, url }) => ({ title, version, rules, href: new URL(url, root).href })),
    });
  }

  function follow(worker) {
    if (!worker) return;
    worker.addEventListener("statechange", () => {
      if (worker.state === "installed" && container.controller) waiting(worker);
      else if (worker.state === "activated") refresh();
      else if (worker.state === "redundant" && !registration.active) set({ kind: "failed" });
    });
  }

  // The installing worker reports its downloads. An update's progress only
  // matters once it is installed; its failure, with why, is the reader's to see.
  container.addEventListener("message", (event) => {
    const message = event.data;
    if (!message || message.type !== "ruleref-offline") return;
    if (message.update) {
      if (message.state === "failed") set({ update: "failed", updateReason: message.reason });
      return;
    }
    if (message.state === "saving") {
      set({ kind: "saving", bytes: message.bytes, totalBytes: message.totalBytes });
    } else if (message.state === "saved") {
      refresh(); // ready if this worker is the active one; an installing one reports on activation
    } else if (message.state === "failed") {
      set({ kind: "failed", reason: message.reason });
    }
  });
  container.startMessages();

  // A new version took over (this tab's reader or another tab accepted it):
  // this page's HTML belongs to the old one, so load the page again, or the
  // page the reader asked for with the update (What's new).
  let controlled = Boolean(container.controller);
  let destination = null;
  container.addEventListener("controllerchange", () => {
    if (controlled && destination) window.location.assign(destination);
    else if (controlled) window.location.reload();
    controlled = true;
    refresh();
  });

  async function register() {
    let fresh;
    try {
      fresh = await container.register(new URL("sw.js", root).href, { scope: root.href });
    } catch (error) {
      set({ kind: "failed", reason: String(error && error.message || error) });
      return;
    }
    if (!fresh) { // no registration and no error: a browser policy that blocks service workers
      set({ kind: "unsupported" });
      return;
    }
    if (fresh !== registration) {
      registration = fresh;
      registration.addEventListener("updatefound", () => follow(registration.installing));
    }
    follow(registration.installing);
    await refresh();
  }

  // Register after the page has loaded: the first visit's download must not
  // compete with the page's own files. On a calculator page, also after its
  // Python has started (or failed): the service worker then takes the runtime
  // the page just downloaded from the HTTP cache instead of fetching it again.
  const afterLoad = () => {
    const calculatorPage = document.querySelector("section.rr-calc");
    if (!calculatorPage || document.documentElement.dataset.rrPython) register();
    else {
      let started = false;
      const once = () => { if (!started) { started = true; register(); } };
      document.addEventListener("rr-python-settled", once, { once: true });
      setTimeout(once, PYTHON_WAIT_MS);
    }
  };
  if (document.readyState === "complete") afterLoad();
  else window.addEventListener("load", afterLoad, { once: true });

  return {
    save() {
      set({ kind: "saving", reason: undefined });
      // The reader asked for an offline copy (perhaps again, after the browser
      // evicted it): ask the browser to keep this site's storage under pressure.
      navigator.storage?.persist?.();
      if (registration && registration.active) registration.active.postMessage({ type: "fill" });
      else register(); // a failed first install leaves no worker: register again, it resumes the download
    },
    // to: the page to open in the new version (else this one, reloaded).
    acceptUpdate(to = null) {
      destination = to;
      if (registration && registration.waiting) registration.waiting.postMessage({ type: "skip-waiting" });
    },
    // Fetch sw.js again: the browser installs the new version afresh, and the
    // download resumes from what the failed attempt saved.
    async retryUpdate() {
      if (!registration) return;
      set({ update: "retrying" });
      try {
        await registration.update();
      } catch (error) {
        set({ update: "failed", updateReason: `sw.js: ${error && error.message || error}` });
        return;
      }
      if (!registration.installing && !registration.waiting) set({ update: null }); // the host has no new version now
    },
  };
}

function ask(worker) {
  const channel = new MessageChannel();
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), STATUS_TIMEOUT_MS);
    channel.port1.onmessage = (event) => {
      clearTimeout(timer);
      resolve(event.data);
    };
    worker.postMessage({ type: "status" }, [channel.port2]);
  });
}
