// A notice that outlives the navigation it explains: a jump to another
// ruleset says "5.44 is in <that ruleset>, not in <this one>" on the page it lands
// on. The jump may be a full page load, so the text waits in sessionStorage
// with the address it is for, and is shown once that page is on screen.

import { announce } from "./announce.js";

const KEY = "rr-notice";
let bar;

function address(url) {
  const parsed = new URL(url, location.href);
  parsed.search = ""; // a search's ?h= is the same page
  return parsed.href;
}

/** Show ``text`` on the page at ``url`` once the browser is there. */
export function carryNotice(url, text) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ url: address(url), text }));
  } catch {
    // No storage (private mode, blocked): the jump's own message said it before leaving.
  }
}

function ensureBar() {
  if (bar?.isConnected) return bar;
  bar = document.createElement("div");
  bar.className = "rr-notice";
  bar.hidden = true;
  const text = document.createElement("p");
  text.className = "rr-notice__text";
  const close = document.createElement("button");
  close.type = "button";
  close.className = "rr-notice__close";
  close.setAttribute("aria-label", "Dismiss");
  close.textContent = "×";
  close.addEventListener("click", hideNotice);
  bar.append(text, close);
  document.body.append(bar);
  return bar;
}

function showNotice(text) {
  const box = ensureBar();
  box.querySelector(".rr-notice__text").textContent = text;
  box.hidden = false;
  announce(text);
}

export function hideNotice() {
  if (bar) bar.hidden = true;
}

/** After each page load or instant navigation: the notice carried to this page, if any; no other. */
export function showCarriedNotice() {
  let carried = null;
  try {
    carried = JSON.parse(sessionStorage.getItem(KEY));
    sessionStorage.removeItem(KEY);
  } catch {
    carried = null;
  }
  if (carried && typeof carried.text === "string" && carried.url === address(location.href)) showNotice(carried.text);
  else hideNotice();
}

document.addEventListener("keydown", (event) => {
  if (event.key === "Escape") hideNotice();
});
