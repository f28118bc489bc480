// "Jump to rule": a small form at the top of every page. Type G15.21, 15.21
// (in the page's chapter), d.5b or a section title; Enter goes there.

import { findRule, loadRules, pageRule, ruleUrl } from "./rules.js";

let formCount = 0;

/** Put the form at the top of the page content (again after each instant navigation). */
export function mountJump(root = document) {
  const content = root.querySelector(".md-content__inner");
  if (!content || content.querySelector(".rr-jump")) return;
  const id = `rr-jump-${++formCount}`;
  const form = document.createElement("form");
  form.className = "rr-jump";
  form.setAttribute("role", "search");
  form.setAttribute("aria-label", "Jump to rule");
  const label = document.createElement("label");
  label.htmlFor = `${id}-input`;
  label.textContent = "Jump to rule";
  const input = document.createElement("input");
  Object.assign(input, { id: `${id}-input`, type: "text", name: "rule", placeholder: "G15.21, D.5B …",
                         autocomplete: "off", spellcheck: false, enterKeyHint: "go" });
  input.setAttribute("autocapitalize", "characters");
  input.setAttribute("aria-describedby", `${id}-message`);
  const button = document.createElement("button");
  button.type = "submit";
  button.textContent = "Go";
  const message = document.createElement("p");
  message.id = `${id}-message`;
  message.className = "rr-jump__message";
  message.setAttribute("role", "status");
  message.setAttribute("aria-live", "polite");
  form.append(label, input, button, message);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    jump(input.value, message);
  });
  input.addEventListener("input", () => { message.textContent = ""; });
  content.prepend(form);
}

async function jump(query, message) {
  const typed = query.trim();
  if (!typed) {
    message.textContent = "Type a rule ID, such as G15.21, or a section title.";
    return;
  }
  let all;
  try {
    all = await loadRules();
  } catch {
    message.textContent = "The rule index could not be loaded; reload the page and try again.";
    return;
  }
  const here = pageRule(all);
  const id = findRule(typed, all, here);
  if (id === null) {
    message.textContent = /^[\d.]/.test(typed) && !here
      ? `${typed}: which chapter? Type the whole rule ID, such as G${typed}.`
      : `No rule “${typed}” in this reference.`;
    return;
  }
  message.textContent = `Going to ${id}…`;
  follow(ruleUrl(all[id]), id);
}

/** Navigate as a link would, so Material's instant navigation handles it,
 * and give the rule heading the keyboard focus once it is on screen. */
function follow(url, id) {
  pendingFocus = id;
  if (url.href === location.href) {
    document.getElementById(id)?.scrollIntoView();
    focusPending();
    return;
  }
  const link = document.createElement("a");
  link.href = url.href;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

// The heading a jump is going to. Material may replace the page content on
// any navigation, a hash change included, so focus is (re)applied when the
// hash changes and once more when the new content is in place.
let pendingFocus = null;

function focusPending() {
  const target = pendingFocus && document.getElementById(pendingFocus);
  if (target) {
    target.tabIndex = -1;
    target.focus({ preventScroll: true });
  }
}

window.addEventListener("hashchange", focusPending);

/** After each page load or instant navigation: finish a jump that led here. */
export function afterNavigation() {
  focusPending();
  pendingFocus = null;
}
