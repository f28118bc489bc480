// The site's rule index (rule-index.json, written by the build) and how a
// typed rule ID, number or title finds its rule in it.

// Material's page configuration names the site root relative to the page the
// site was entered on; resolved once, it holds across instant navigation and
// from any sub-path the site is served under.
const config = JSON.parse(document.getElementById("__config").textContent);
export const siteRoot = new URL(config.base.replace(/\/?$/, "/"), location.href);

let rules;

/** The rules by ID: {url, title, ruleset, chapter, text}; fetched once. */
export function loadRules() {
  rules ??= fetch(new URL("rule-index.json", siteRoot))
    .then((response) => {
      if (!response.ok) throw new Error(`rule-index.json: HTTP ${response.status}`);
      return response.json();
    })
    .then((data) => data.rules);
  return rules;
}

/** Absolute URL of a rule (index URLs are relative to the site root). */
export function ruleUrl(entry) {
  return new URL(entry.url, siteRoot);
}

/** The rule the page presents (its first rule heading), for relative numbers. */
export function pageRule(all, root = document) {
  const heading = root.querySelector(".md-content .rr-rule[data-rule]");
  return heading ? all[heading.dataset.rule] : undefined;
}

export function slugify(text) {
  return text.toLowerCase().replace(/[^0-9a-z]+/g, "-").replace(/^-+|-+$/g, "");
}

/**
 * The rule ID a reader typed, or null. Tried in order: the ID as written; the
 * ID in any case ("d.5b"); a number relative to the page's chapter ("15.21"
 * on a G page, ".8" on a D page); a title or its slug ("Flail tanks",
 * "flail-tanks"), in the page's ruleset first.
 */
export function findRule(query, all, here) {
  const typed = query.trim().replace(/\s+/g, " ");
  if (!typed) return null;
  if (Object.hasOwn(all, typed)) return typed;
  const ids = Object.keys(all);
  const byCase = (candidate) => ids.find((id) => id.toUpperCase() === candidate.toUpperCase()) ?? null;
  const exact = byCase(typed);
  if (exact) return exact;
  if (/^[\d.]/.test(typed) && here?.chapter) {
    const relative = byCase(here.chapter + typed);
    if (relative) return relative;
  }
  const slug = slugify(typed);
  if (!slug) return null;
  const matches = ids.filter((id) => id === slug || slugify(all[id].title) === slug);
  return matches.find((id) => all[id].ruleset === here?.ruleset) ?? matches[0] ?? null;
}
