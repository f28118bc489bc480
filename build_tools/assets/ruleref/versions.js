// Links pinned to a version of a text (?version=<slug>#<rule ID>, README "Versions of a text").
// A page with earlier versions says which one it is (.rr-versions[data-current]) and links each
// earlier version's page; a rule heading lists the versions whose text of it differs from this one
// (data-earlier-text), and a tombstone stands for a rule this version no longer has. A link pinned
// to one of those versions opens that version's page at the rule; a link pinned to a version whose
// text is this one's says so under the rule.

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
  const earlier = root.querySelector(`.rr-versions a[data-version="${CSS.escape(pinned)}"]`);
  const differs = (target.dataset.earlierText ?? "").split(" ").includes(pinned)
    || target.classList.contains("rr-tombstone");
  if (earlier && differs) {
    const url = new URL(earlier.getAttribute("href"), location.href);
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
