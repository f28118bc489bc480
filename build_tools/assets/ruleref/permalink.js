// "Copy link" on every rule heading: copies the rule's absolute URL (with
// #<rule ID>) and says so, visibly and to screen readers. On a page with
// versions the link is pinned to this one (?version=<slug>), so it keeps
// showing the text it was copied from after the rule changes.

import { announce } from "./announce.js";
import { currentVersion } from "./versions.js";

/** Add the button to each rule heading of the page (again after each instant navigation). */
export function addCopyButtons(root = document) {
  for (const heading of root.querySelectorAll(".md-content .rr-rule[id]")) {
    if (heading.querySelector(".rr-copy-link")) continue;
    const button = document.createElement("button");
    button.type = "button";
    button.className = "rr-copy-link";
    button.title = "Copy link to this rule";
    button.setAttribute("aria-label", `Copy link to ${heading.dataset.rule ?? heading.id}`);
    button.addEventListener("click", () => copyLink(heading, button));
    heading.append(button);
  }
}

async function copyLink(heading, button) {
  const url = new URL(location.href);
  url.hash = heading.id;
  const version = currentVersion();
  if (version) url.searchParams.set("version", version);
  const copied = await copy(url.href);
  announce(copied ? (version ? "Link to this version copied" : "Link copied") : `Copy this link: ${url.href}`);
  if (copied) {
    button.dataset.copied = "";
    setTimeout(() => delete button.dataset.copied, 2000);
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
