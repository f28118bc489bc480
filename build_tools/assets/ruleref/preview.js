// Hover previews: pointing at (or focusing) a rule reference shows the rule's
// title and the start of its text; pointing at (or tapping) a glossary term
// shows what it stands for. The popup never takes pointer events, so it
// cannot block a click; Escape closes it; a tap on a touch screen just
// follows a reference's link. The rule shown is the one the link points to:
// rule IDs repeat across rulesets, a link's address does not.
//
// Listeners on the document, nothing per element: a rule page holds hundreds
// of references and terms (Material's content.tooltips, which set up each
// one on load, is off for that reason).

import { loadIndex, ruleAt } from "./rules.js";

const REF = ".rr-ref[data-rule]";
// A glossary term (build_tools/markdown/glossary.py); its title is held in data-rr-title while shown.
const TERM = ".md-typeset abbr[title], .md-typeset abbr[data-rr-title]";
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

/** Make ``target`` the one the popup is for (false: it already is). */
function claim(target) {
  if (shownFor === target) return false;
  hide();
  shownFor = target;
  return true;
}

async function show(ref) {
  if (!claim(ref)) return;
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
  const title = document.createElement("strong");
  title.className = "rr-preview__title";
  let text;
  if (entry) {
    title.textContent = entry.title;
    text = entry.text.length >= 400 ? `${entry.text.trimEnd()}…` : entry.text;
  } else if (ref.classList.contains("rr-ref--removed")) {
    title.textContent = "Removed";
    text = `${ref.title || ref.dataset.rrTitle}. The link shows its last text.`;
  } else {
    title.textContent = "Not in this reference";
    text = `${id} is cited here, but its rule is not part of this site.`;
  }
  open(ref, [label(id), title, paragraph(text)]);
}

function showTerm(term) {
  if (!claim(term)) return;
  open(term, [label(term.textContent), paragraph(term.title || term.dataset.rrTitle)]);
}

function label(text) {
  const element = document.createElement("span");
  element.className = "rr-preview__id";
  element.textContent = text;
  return element;
}

function paragraph(text) {
  const element = document.createElement("span");
  element.className = "rr-preview__text";
  element.textContent = text;
  return element;
}

function open(target, children) {
  const box = ensurePopup();
  box.replaceChildren(...children);
  // The popup says what the native tooltip would: hold the title back meanwhile.
  if (target.hasAttribute("title")) {
    target.dataset.rrTitle = target.title;
    target.removeAttribute("title");
  }
  target.setAttribute("aria-describedby", box.id);
  box.hidden = false;
  place(box, target);
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

/** Listen once, on the document, so references and terms on pages loaded later work too. */
export function enablePreviews() {
  document.addEventListener("pointerover", (event) => {
    const ref = event.target.closest?.(REF);
    if (ref && event.pointerType !== "touch") show(ref);
    const term = ref ? null : event.target.closest?.(TERM);
    if (term && event.pointerType !== "touch") showTerm(term);
  });
  document.addEventListener("pointerout", (event) => {
    const target = event.target.closest?.(`${REF}, ${TERM}`);
    if (target && target === shownFor && !target.contains(event.relatedTarget)) hide();
  });
  // A phone has no hover: a tap on a term shows it, a tap anywhere else closes it.
  document.addEventListener("click", (event) => {
    const term = event.target.closest?.(TERM);
    if (term) showTerm(term);
    else if (shownFor?.matches(TERM)) hide();
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
