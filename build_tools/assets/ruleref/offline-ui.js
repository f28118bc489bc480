// What the reader sees of the offline copy: a line in the footer (saving,
// available offline, or a button to save it), an "Offline" badge in the
// header while the device has no network, and the new-version prompt.

const megabytes = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
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
      const figures = element("span", "rr-offline__figures",
        `${megabytes(state.bytes || 0)} of ${megabytes(state.totalBytes)}`);
      figures.setAttribute("aria-hidden", "true");
      parts.push(bar, figures);
    }
  } else if (state.kind === "unsupported") {
    parts.push(element("span", "rr-offline__text", "This browser cannot keep an offline copy."));
  } else if (state.kind === "missing" || state.kind === "failed") {
    if (state.kind === "failed") {
      const why = state.reason ? `: ${state.reason}` : ".";
      parts.push(element("span", "rr-offline__text", `Could not save for offline${why}`));
    }
    const button = element("button", "rr-offline__button", `Make available offline${size}`);
    button.type = "button";
    button.addEventListener("click", () => actions.save());
    parts.push(button);
  }
  box.replaceChildren(...parts);
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

// The prompt lives outside Material's page container, so a page change keeps it.
export function showUpdatePrompt(visible, actions) {
  let prompt = document.querySelector(".rr-update");
  if (!visible) {
    if (prompt) prompt.hidden = true;
    return;
  }
  if (!prompt) {
    prompt = element("div", "rr-update");
    prompt.setAttribute("role", "alert");
    const reload = element("button", "rr-update__reload", "Reload");
    reload.type = "button";
    reload.addEventListener("click", () => {
      reload.disabled = true;
      actions.acceptUpdate();
    });
    const later = element("button", "rr-update__later", "Later");
    later.type = "button";
    later.addEventListener("click", () => {
      prompt.hidden = true;
      prompt.dataset.dismissed = "true";
    });
    prompt.append(element("span", "rr-update__text", "A new version is available — reload"), reload, later);
    document.body.append(prompt);
  }
  if (prompt.dataset.dismissed !== "true") prompt.hidden = false;
}
