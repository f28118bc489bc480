// Links pinned to a version of a text (?version=<slug>#<rule ID>, README "Versions of a text").
// A page with earlier versions says which one it is (.rr-versions[data-current]), lists them all,
// oldest first (data-versions), and links each earlier version's page; a rule heading (or the
// tombstone of a removed rule) lists the versions whose page keeps a text of it, the text the next
// version changed (data-earlier-text). A link pinned to a version opens the page holding its text
// of the rule; a link pinned to a version whose text is this one's says so under the rule.

import { announce } from "./announce.js";

/** The version this page's text is, or null (a page with one version). */
export function currentVersion(root = document) {
  return root.querySelector(".rr-versions[data-current]")?.dataset.current ?? null;
}

/** Follow a pinned link on a page with versions (again after each instant navigation). */
export function followPinnedVersion(root = document) {
  const pinned = new URLSearchParams(location.search).get("version");
  const current = currentVersion(root);
  if (!pinned || !current || pinned === current || !location.hash) return;
  const target = root.getElementById(decodeURIComponent(location.hash.slice(1)));
  if (!target) return;
  const bar = root.querySelector(".rr-versions");
  const order = bar.dataset.versions.split(" ");  // oldest first
  const held = (target.dataset.earlierText ?? "").split(" ");
  // The pinned version's text is on the page of the first version at or after it whose next version
  // changed the rule; when there is none, the text has not changed since.
  const holder = order.slice(order.indexOf(pinned)).find((version) => held.includes(version));
  const earlier = bar.querySelector(`a[data-version="${CSS.escape(pinned)}"]`);
  if (order.includes(pinned) && holder) {
    const url = new URL(bar.querySelector(`a[data-version="${CSS.escape(holder)}"]`).getAttribute("href"),
                        location.href);
    url.hash = target.id;
    location.replace(url.href);
    return;
  }
  if (target.nextElementSibling?.classList.contains("rr-pinned")) return;
  const note = document.createElement("p");
  note.className = "rr-pinned";
  note.textContent = earlier
    ? `You followed a link to this rule as of ${earlier.textContent}; its text has not changed since.`
    : "You followed a link to this rule as of another version; this is its current text.";
  target.after(note);
  announce(note.textContent);
}
