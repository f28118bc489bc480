// "Copy link" on every rule heading: copies the rule's absolute URL (with
// #<rule ID>) and says so, visibly and to screen readers. On a page with
// versions the link is pinned to this one (?version=<slug>), so it keeps
// showing the text it was copied from after the rule changes.

import { announce } from "./announce.js";
import { currentVersion } from "./versions.js";

/** Copy on a click of any rule heading's button (the build writes the buttons:
 *  build_tools/markdown/references.py), across instant navigation too. */
export function enableCopyLinks() {
  document.addEventListener("click", (event) => {
    const button = event.target instanceof Element ? event.target.closest(".rr-copy-link") : null;
    const heading = button?.closest(".rr-rule[id]");
    if (heading) copyLink(heading, button);
  });
}

async function copyLink(heading, button) {
  const url = new URL(location.href);
  url.hash = heading.id;
  const version = currentVersion();
  if (version) url.searchParams.set("version", version);
  const copied = await copy(url.href);
  announce(copied ? (version ? "Link to this version copied" : "Link copied") : `Copy this link: ${url.href}`);
  if (copied) {
    // On the heading too, which shows "Link copied": a rule matching the heading by what it holds
    // (:has) would be checked at every change of a page with hundreds of rules.
    button.dataset.copied = heading.dataset.copied = "";
    setTimeout(() => { delete button.dataset.copied; delete heading.dataset.copied; }, 2000);
  }
}

async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No Clipboard API (an insecure context, an older browser) or no
    // permission: the selection-based copy still works in most browsers.
    const field = document.createElement("textarea");
    field.value = text;
    field.setAttribute("readonly", "");
    field.className = "rr-visually-hidden";
    document.body.append(field);
    field.select();
    const done = document.execCommand("copy");
    field.remove();
    return done;
  }
}
