// "Jump to rule": a small form at the top of every page. Type a rule ID (any
// case), a number relative to the page's chapter or words of a section's
// title; Enter goes there, in the page's ruleset first. A rule found only in
// another ruleset is followed, and the page it lands on says so; one found in
// several is offered as links. A rule a version removed leads to its
// tombstone, saying in which version it was removed.

import { findRules, loadIndex, pageChapter, pageRuleset, removedRule, ruleUrl } from "./rules.js";
import { carryToPage, takeCarried } from "./notice.js";

/** Wire up the page's form (written by the theme: theme/partials/jump.html), again after each instant navigation. */
export function wireJump(root = document) {
  const form = root.querySelector(".md-content .rr-jump");
  if (!form || "wired" in form.dataset) return;
  form.dataset.wired = "";
  const input = form.querySelector("input");
  const message = form.querySelector(".rr-jump__message");
  const example = form.dataset.example ?? null;
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    jump(input.value, message, example);
  });
  input.addEventListener("input", () => { message.textContent = ""; });
}

async function jump(query, message, example) {
  const typed = query.trim();
  if (!typed) {
    message.textContent = example
      ? `Type a rule ID, such as ${example}, or a section title.`
      : "Type a rule ID or a section title.";
    return;
  }
  let all;
  try {
    all = await loadIndex();
  } catch {
    message.textContent = "The rule index could not be loaded; reload the page and try again.";
    return;
  }
  const here = pageRuleset(all);
  const found = findRules(typed, all, here, pageChapter(all, here));
  const name = (ruleset) => all.rulesets[ruleset]?.name ?? ruleset;
  if (!found.length) {
    message.textContent = `No rule “${typed}” in this reference.`;
    return;
  }
  if (found[0].by === "chapter") {
    // "15.21" where no chapter applies: the whole IDs it may mean, as links.
    const named = here !== null || new Set(found.map((match) => match.ruleset)).size > 1;
    message.replaceChildren(`${typed}: which chapter? Type the whole rule ID, such as `);
    found.forEach((match, position) => {
      if (position) message.append(position === found.length - 1 ? " or " : ", ");
      message.append(ruleLink(all, match, match.id));
      if (named) message.append(` (${name(match.ruleset)})`);
    });
    message.append(".");
    return;
  }
  const what = found[0].by === "title" ? `“${typed}”` : found[0].id;
  if (found.length > 1) {
    message.replaceChildren(here ? `${what} is not in ${name(here)}. It is in ` : `${what} is in several rulesets: `);
    found.forEach((match, position) => {
      if (position) message.append(position === found.length - 1 ? " and " : ", ");
      message.append(ruleLink(all, match, name(match.ruleset)));
      if (match.by === "title") message.append(` (${all.rules[match.ruleset][match.id].title})`);
      if (match.by === "removed") message.append(` (removed in ${entryOf(all, match).version})`);
    });
    message.append(".");
    return;
  }
  const [{ ruleset, id, by }] = found;
  const entry = entryOf(all, found[0]);
  if (by === "removed") {
    const landed = ruleset === here
      ? `${id} was removed in ${entry.version}.`
      : `${id} was removed from ${name(ruleset)} in ${entry.version}.`;
    message.textContent = `${landed} Going to where it stood…`;
    follow(ruleUrl(entry), id, landed);
  } else if (here && ruleset !== here) {
    const landed = `${by === "title" ? `“${entry.title}”` : id} is in ${name(ruleset)}, not in ${name(here)}.`;
    message.textContent = `${landed} Going there…`;
    follow(ruleUrl(entry), id, landed);
  } else {
    message.textContent = `Going to ${id}…`;
    follow(ruleUrl(entry), id);
  }
}

/** The index's entry of a match: a rule in force, or where a removed rule stood. */
function entryOf(all, match) {
  return match.by === "removed" ? removedRule(all, match.ruleset, match.id) : all.rules[match.ruleset][match.id];
}

/** A link to one of the rules a query may mean; following it focuses the rule as a jump does. */
function ruleLink(all, match, text) {
  const link = document.createElement("a");
  link.href = ruleUrl(entryOf(all, match)).href;
  link.textContent = text;
  link.addEventListener("click", () => {
    pendingFocus = match.id;
    carryToPage(link.href, { focus: match.id });
  });
  return link;
}

/** Navigate as a link would, so Material's instant navigation handles it,
 * and give the rule heading the keyboard focus once it is on screen (after a
 * full page load too: the landing page takes it from carryToPage). */
function follow(url, id, notice = null) {
  pendingFocus = id;
  if (url.href === location.href) {
    document.getElementById(id)?.scrollIntoView();
    focusPending();
    return;
  }
  carryToPage(url, { focus: id, notice });
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
  pendingFocus = takeCarried() ?? pendingFocus;
  focusPending();
  pendingFocus = null;
}
