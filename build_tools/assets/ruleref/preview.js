// Hover previews: pointing at (or focusing) a rule reference shows the rule's
// title and the start of its text. The popup never takes pointer events, so
// it cannot block a click; Escape closes it; a tap on a touch screen just
// follows the link. The rule shown is the one the link points to: rule IDs
// repeat across rulesets, a link's address does not.

import { loadIndex, ruleAt } from "./rules.js";

const REF = ".rr-ref[data-rule]";
let popup;
let shownFor = null;

function ensurePopup() {
  if (popup?.isConnected) return popup;
  popup = document.createElement("div");
  popup.id = "rr-preview";
  popup.className = "rr-preview";
  popup.setAttribute("role", "tooltip");
  popup.hidden = true;
  document.body.append(popup);
  return popup;
}

async function show(ref) {
  if (shownFor === ref) return;
  hide();
  shownFor = ref;
  const id = ref.dataset.rule;
  const missing = ref.classList.contains("rr-ref--missing");
  let entry;
  if (!missing) {
    try {
      entry = ruleAt(await loadIndex(), ref.href)?.entry;
    } catch {
      entry = undefined;
    }
    if (shownFor !== ref) return; // the pointer left while the index loaded
  }
  const box = ensurePopup();
  const label = document.createElement("span");
  label.className = "rr-preview__id";
  label.textContent = id;
  const title = document.createElement("strong");
  title.className = "rr-preview__title";
  const text = document.createElement("span");
  text.className = "rr-preview__text";
  if (entry) {
    title.textContent = entry.title;
    text.textContent = entry.text.length >= 400 ? `${entry.text.trimEnd()}…` : entry.text;
  } else if (ref.classList.contains("rr-ref--removed")) {
    title.textContent = "Removed";
    text.textContent = `${ref.title || ref.dataset.rrTitle}. The link shows its last text.`;
  } else {
    title.textContent = "Not in this reference";
    text.textContent = `${id} is cited here, but its rule is not part of this site.`;
  }
  box.replaceChildren(label, title, text);
  // The popup says what the native tooltip would: hold the title back meanwhile.
  if (ref.hasAttribute("title")) {
    ref.dataset.rrTitle = ref.title;
    ref.removeAttribute("title");
  }
  ref.setAttribute("aria-describedby", box.id);
  box.hidden = false;
  place(box, ref);
}

function place(box, ref) {
  const anchor = ref.getBoundingClientRect();
  const margin = 8;
  const width = box.offsetWidth;
  const height = box.offsetHeight;
  const left = Math.min(Math.max(anchor.left, margin), document.documentElement.clientWidth - width - margin);
  const below = anchor.bottom + 6;
  const top = below + height > window.innerHeight - margin && anchor.top - height - 6 > margin
    ? anchor.top - height - 6
    : below;
  box.style.left = `${left + window.scrollX}px`;
  box.style.top = `${top + window.scrollY}px`;
}

export function hide() {
  if (shownFor) {
    shownFor.removeAttribute("aria-describedby");
    if (shownFor.dataset.rrTitle !== undefined) {
      shownFor.title = shownFor.dataset.rrTitle;
      delete shownFor.dataset.rrTitle;
    }
  }
  shownFor = null;
  if (popup) popup.hidden = true;
}

/** Listen once, on the document, so references on pages loaded later work too. */
export function enablePreviews() {
  document.addEventListener("pointerover", (event) => {
    const ref = event.target.closest?.(REF);
    if (ref && event.pointerType !== "touch") show(ref);
  });
  document.addEventListener("pointerout", (event) => {
    const ref = event.target.closest?.(REF);
    if (ref && ref === shownFor && !ref.contains(event.relatedTarget)) hide();
  });
  document.addEventListener("focusin", (event) => {
    const ref = event.target.closest?.(REF);
    if (ref && ref.matches(":focus-visible")) show(ref);
  });
  document.addEventListener("focusout", (event) => {
    if (event.target.closest?.(REF) === shownFor) hide();
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && shownFor) hide();
  });
  window.addEventListener("resize", hide);
}
