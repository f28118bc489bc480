// What the reader sees of the offline copy: a line in the footer (saving,
// available offline, why saving failed, or a button to save it, which asks
// first when the copy is over the site's offline budget), an "Offline" badge
// in the header while the device has no network, and the new-version prompt
// (reload, with what it changed in the rules and a link to What's new, or why
// saving the new version failed, with a retry). Reasons come
// from the service worker and name a file of the site: shown as text only.

const megabytes = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;
const savedOf = (state) => `${megabytes(state.bytes || 0)} of ${megabytes(state.totalBytes)}`;

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function button(className, text, onClick) {
  const node = element("button", className, text);
  node.type = "button";
  node.addEventListener("click", onClick);
  return node;
}

// The footer is part of the page Material swaps on instant navigation, so the
// line is put back after every page change (mount is idempotent).
export function mountFooterStatus(state, actions) {
  const footer = document.querySelector(".md-footer-meta__inner") || document.querySelector("footer");
  if (!footer) return;
  let box = footer.querySelector(".rr-offline");
  if (!box) {
    box = element("div", "rr-offline");
    box.setAttribute("role", "status");
    footer.prepend(box);
  }
  renderFooterStatus(box, state, actions);
}

function renderFooterStatus(box, state, actions) {
  const key = [state.kind, state.bytes, state.totalBytes, state.reason].join("|");
  if (box.dataset.key === key) return; // keep focus on an unchanged button
  box.dataset.key = key;
  if (state.kind === "saving" && box.dataset.state === "saving" && updateProgress(box, state)) return;
  box.dataset.state = state.kind;
  const size = state.totalBytes ? ` (${megabytes(state.totalBytes)})` : "";
  const parts = [];
  if (state.kind === "ready") {
    parts.push(element("span", "rr-offline__text", "Available offline"));
  } else if (state.kind === "saving") {
    // The live region says "saving" once; the figures change quietly.
    parts.push(element("span", "rr-offline__text", "Saving for offline…"));
    if (state.totalBytes) {
      const bar = element("progress", "rr-offline__progress");
      bar.max = state.totalBytes;
      bar.value = state.bytes || 0;
      bar.setAttribute("aria-label", "Saved for offline use");
      const figures = element("span", "rr-offline__figures", savedOf(state));
      figures.setAttribute("aria-hidden", "true");
      parts.push(bar, figures);
    }
  } else if (state.kind === "unsupported") {
    parts.push(element("span", "rr-offline__text", "This browser cannot keep an offline copy."));
  } else if (state.kind === "ask") {
    parts.push(element("span", "rr-offline__text", `Save ${megabytes(state.totalBytes)} for offline use?`),
      button("rr-offline__button", "Save offline copy", () => actions.save()));
  } else if (state.kind === "missing") {
    parts.push(button("rr-offline__button", `Make available offline${size}`, () => actions.save()));
  } else if (state.kind === "failed") {
    parts.push(element("span", "rr-offline__text", state.reason ? "Could not save for offline:" : "Could not save for offline."));
    if (state.reason) parts.push(element("span", "rr-offline__reason", state.reason));
    parts.push(button("rr-offline__button", "Retry", () => actions.save()));
  }
  box.replaceChildren(...parts);
}

/** Move the progress bar and figures of a saving line along (true), rather than build them again. */
function updateProgress(box, state) {
  const bar = box.querySelector(".rr-offline__progress");
  const figures = box.querySelector(".rr-offline__figures");
  if (!bar || !figures || bar.max !== state.totalBytes) return false;
  bar.value = state.bytes || 0;
  figures.textContent = savedOf(state);
  return true;
}

// The header stays across instant navigation; the badge is created once.
export function mountConnectionBadge() {
  const header = document.querySelector(".md-header__inner");
  if (!header || header.querySelector(".rr-connection")) return;
  const badge = element("span", "rr-connection", "Offline");
  badge.setAttribute("role", "status");
  const title = header.querySelector(".md-header__title");
  if (title) title.after(badge);
  else header.append(badge);
  const show = () => {
    badge.hidden = navigator.onLine;
  };
  window.addEventListener("online", show);
  window.addEventListener("offline", show);
  show();
}

// The prompt lives outside Material's page container, so a page change keeps
// it. "Later" hides it until it has something else to say.
export function showUpdatePrompt(state, actions) {
  let prompt = document.querySelector(".rr-update");
  if (!state.update) {
    if (prompt) prompt.hidden = true;
    return;
  }
  if (!prompt) {
    prompt = element("div", "rr-update");
    prompt.setAttribute("role", "alert");
    document.body.append(prompt);
  }
  const key = [state.update, state.updateReason, ...(state.updateChanges || []).map((change) => change.href)].join("|");
  if (prompt.dataset.key !== key) {
    prompt.dataset.key = key;
    prompt.dataset.state = state.update;
    prompt.replaceChildren(...updateParts(state, actions, prompt));
  }
  prompt.hidden = prompt.dataset.dismissed === key;
}

// "5 rules changed in Z1 Ferries (Second printing) — see what's new": the link opens What's new
// in the new version, which it takes on the way.
function changeLine(change, actions) {
  const line = element("span", "rr-update__changes",
    `${change.rules} ${change.rules === 1 ? "rule" : "rules"} changed in ${change.title} (${change.version}) — `);
  const link = element("a", "rr-update__whats-new", "see what's new");
  link.href = change.href;
  link.addEventListener("click", (event) => {
    event.preventDefault();
    actions.acceptUpdate(change.href);
  });
  line.append(link);
  return line;
}

function updateParts(state, actions, prompt) {
  const later = button("rr-update__later", "Later", () => {
    prompt.hidden = true;
    prompt.dataset.dismissed = prompt.dataset.key;
  });
  if (state.update === "waiting") {
    const reload = button("rr-update__reload", "Reload", () => {
      reload.disabled = true;
      actions.acceptUpdate();
    });
    return [element("span", "rr-update__text", "A new version is available — reload"), reload, later,
      ...(state.updateChanges || []).map((change) => changeLine(change, actions))];
  }
  if (state.update === "retrying") {
    return [element("span", "rr-update__text", "Saving the new version again…")];
  }
  const text = element("span", "rr-update__text", "The new version could not be saved; this one still works.");
  const reason = element("span", "rr-update__reason", state.updateReason || "the browser gave no reason");
  return [text, reason, button("rr-update__retry", "Retry", () => actions.retryUpdate()), later];
}
