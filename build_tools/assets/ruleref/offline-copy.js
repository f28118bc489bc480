// The offline copy as a page sees it: registers sw.js, follows its saving
// progress, notices a new version waiting, and reports one state at a time.
//
//   state.kind    "checking" | "unsupported" | "saving" | "ready" | "missing" | "failed"
//   state.update  a new version is installed and waits for the reader's go-ahead
//   bytes/totalBytes (saved so far, all of it), reason (why saving failed)

const STATUS_TIMEOUT_MS = 5000;
// How long a calculator page's offline copy waits for its Python to start.
const PYTHON_WAIT_MS = 30000;

export function watchOfflineCopy(root, onChange) {
  let state = { kind: "checking", update: false };
  const set = (patch) => {
    state = { ...state, ...patch };
    onChange(state);
  };
  if (!("serviceWorker" in navigator)) {
    queueMicrotask(() => set({ kind: "unsupported" })); // after the caller holds the returned actions
    return { save() {}, acceptUpdate() {} };
  }
  const container = navigator.serviceWorker;
  let registration = null;

  async function refresh() {
    if (!registration) return;
    const worker = registration.active;
    if (worker) {
      const status = await ask(worker);
      if (status) {
        set({ kind: status.complete ? "ready" : "missing", version: status.version, totalBytes: status.totalBytes });
      }
    } else if (registration.installing) {
      set({ kind: "saving" });
    }
    set({ update: Boolean(registration.waiting && container.controller) });
  }

  function follow(worker) {
    if (!worker) return;
    worker.addEventListener("statechange", () => {
      if (worker.state === "installed" && container.controller) set({ update: true });
      else if (worker.state === "activated") refresh();
      else if (worker.state === "redundant" && !registration.active) set({ kind: "failed" });
    });
  }

  // The installing worker reports its downloads; a download of another
  // version than the one in use is an update and only matters once installed.
  container.addEventListener("message", (event) => {
    const message = event.data;
    if (!message || message.type !== "ruleref-offline") return;
    if (state.kind === "ready" && message.version !== state.version) return;
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
  // this page's HTML belongs to the old one, so load the page again.
  let controlled = Boolean(container.controller);
  container.addEventListener("controllerchange", () => {
    if (controlled) window.location.reload();
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
    acceptUpdate() {
      if (registration && registration.waiting) registration.waiting.postMessage({ type: "skip-waiting" });
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
