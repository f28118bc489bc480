// What a jump carries to the page it lands on: the rule heading to focus and,
// for a jump to another ruleset, a notice ("5.44 is in <that ruleset>, not in
// <this one>"). The jump may be a full page load, which forgets every script's
// state, so the record waits in sessionStorage with the address it is for and
// is taken once that page is on screen.

import { announce } from "./announce.js";

const KEY = "rr-notice";
let bar;

function address(url) {
  const parsed = new URL(url, location.href);
  parsed.search = ""; // a search's ?h= is the same page
  return parsed.href;
}

/** Focus the rule ``focus`` and show ``notice`` (if given) on the page at ``url`` once the browser is there. */
export function carryToPage(url, { focus, notice = null }) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ url: address(url), focus, notice }));
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

/** After each page load or instant navigation: show the notice carried to this
 * page, if any (no other), and return the rule ID to focus, or null. */
export function takeCarried() {
  let carried = null;
  try {
    carried = JSON.parse(sessionStorage.getItem(KEY));
    sessionStorage.removeItem(KEY);
  } catch {
    carried = null;
  }
  const here = carried !== null && typeof carried === "object" && carried.url === address(location.href);
  if (here && typeof carried.notice === "string") showNotice(carried.notice);
  else hideNotice();
  return here && typeof carried.focus === "string" ? carried.focus : null;
}

document.addEventListener("keydown", (event) => {
  if (event.key === "Escape") hideNotice();
});
