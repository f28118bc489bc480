// The site's rule index (rule-index.json, written by the build) and how a
// typed rule ID, number or title finds its rule in it. Rule IDs are unique
// within a ruleset only (two books may both have a 5.44), so every look-up
// names a ruleset, or asks all of them.

// Material's page configuration names the site root relative to the page the
// site was entered on; resolved once, it holds across instant navigation and
// from any sub-path the site is served under.
const config = JSON.parse(document.getElementById("__config").textContent);
export const siteRoot = new URL(config.base.replace(/\/?$/, "/"), location.href);

let index;

/**
 * The index, fetched once: {rulesets: {id: {name, short_name, numbering, chapters}},
 * rules: {ruleset id: {rule ID: {url, title, chapter, text}}},
 * removed: {ruleset id: {rule ID: {url of its tombstone, version label that removed it}}}}.
 */
export function loadIndex() {
  // A calculator page's head fetched it already (build_tools/bundle/page_head.py): taken once.
  const early = window.rulerefRuleIndex;
  window.rulerefRuleIndex = undefined;
  index ??= (early ?? fetch(new URL("rule-index.json", siteRoot))
    .then((response) => {
      if (!response.ok) throw new Error(`rule-index.json: HTTP ${response.status}`);
      return response.json();
    }))
    .catch((error) => {
      index = undefined; // the next look-up tries again (the signal may be back)
      throw error;
    });
  return index;
}

/** Absolute URL of a rule (index URLs are relative to the site root). */
export function ruleUrl(entry) {
  return new URL(entry.url, siteRoot);
}

/**
 * The ruleset of the page shown, or null (home page, calculators page). A
 * ruleset's pages live in a folder named by its id (docs/<ruleset>/<page>.md),
 * so it is the first segment of the page's path below the site root.
 */
export function pageRuleset(all, url = location.href) {
  const path = new URL(url).pathname;
  if (!path.startsWith(siteRoot.pathname)) return null;
  const folder = decodeURIComponent(path.slice(siteRoot.pathname.length).split("/")[0]);
  return Object.hasOwn(all.rulesets, folder) ? folder : null;
}

/** The chapter of the rule the page presents (its first rule heading), for relative numbers. */
export function pageChapter(all, ruleset, root = document) {
  const heading = root.querySelector(".md-content .rr-rule[data-rule]");
  const rules = ruleset ? all.rules[ruleset] : undefined;
  return heading && rules && Object.hasOwn(rules, heading.dataset.rule) ? rules[heading.dataset.rule].chapter : null;
}

/** A rule ID of ``ruleset`` (null: of the only ruleset that has it), or undefined. */
export function ruleIn(all, ruleset, id) {
  const owners = ruleset ? [ruleset] : Object.keys(all.rules).filter((name) => Object.hasOwn(all.rules[name], id));
  if (owners.length !== 1 || !Object.hasOwn(all.rules[owners[0]] ?? {}, id)) return undefined;
  return all.rules[owners[0]][id];
}

/** Where the removed rule ``id`` of ``ruleset`` stood ({url, version}), or undefined. */
export function removedRule(all, ruleset, id) {
  const removed = all.removed[ruleset];
  return removed && Object.hasOwn(removed, id) ? removed[id] : undefined;
}

const byUrl = new WeakMap();

/** The rule a link points to ({ruleset, id, entry}), or undefined. The page's
 * query (a search's ?h=, a calculator's inputs) is no part of a rule's address. */
export function ruleAt(all, href) {
  if (!byUrl.has(all)) {
    const urls = new Map();
    for (const [ruleset, rules] of Object.entries(all.rules)) {
      for (const [id, entry] of Object.entries(rules)) urls.set(ruleUrl(entry).href, { ruleset, id, entry });
    }
    byUrl.set(all, urls);
  }
  const url = new URL(href, location.href);
  url.search = "";
  return byUrl.get(all).get(url.href);
}

function findId(rules, typed) {
  if (Object.hasOwn(rules, typed)) return typed;
  const upper = typed.toUpperCase();
  return Object.keys(rules).find((id) => id.toUpperCase() === upper) ?? null;
}

function words(text) {
  return text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/** The words of a rule's heading, without the number a numbered ruleset prints first. */
function titleWords(title, numbered) {
  return words(numbered ? title.replace(/^\S+\s*/, "") : title);
}

/**
 * How well a title's words match the typed words: 0 the same words, 1 every
 * typed word is one of them, 2 every typed word starts one of them; null: no match.
 */
function titleScore(typed, title) {
  if (typed.join(" ") === title.join(" ")) return 0;
  if (typed.every((word) => title.includes(word))) return 1;
  if (typed.every((word) => title.some((candidate) => candidate.startsWith(word)))) return 2;
  return null;
}

const titlesOf = new WeakMap();

/** A ruleset's [rule ID, title words] pairs, split once per index: a book has thousands of titles. */
function titles(all, ruleset) {
  if (!titlesOf.has(all)) titlesOf.set(all, new Map());
  const known = titlesOf.get(all);
  if (!known.has(ruleset)) {
    const numbered = all.rulesets[ruleset]?.numbering !== "none";
    known.set(ruleset, Object.entries(all.rules[ruleset]).map(([id, entry]) => [id, titleWords(entry.title, numbered)]));
  }
  return known.get(ruleset);
}

/** A ruleset's best title match: {id, score, length} or null (ties: the shorter title, then index order). */
function bestTitle(all, ruleset, typed) {
  let best = null;
  for (const [id, title] of titles(all, ruleset)) {
    const score = titleScore(typed, title);
    if (score === null) continue;
    if (!best || score < best.score || (score === best.score && title.length < best.length)) {
      best = { id, score, length: title.length };
    }
  }
  return best;
}

/**
 * The rules a reader's query names: a list of {ruleset, id, by}, the page's
 * ruleset (``here``, or null) first. ``by`` says how:
 *
 * * "id": the rule ID as written or in any case, or a number relative to
 *   the page's chapter ("15.21" on a page of chapter X is X15.21). When
 *   ``here`` has it, only ``here``'s rule; else the rule of each other
 *   ruleset that has the ID.
 * * "removed": a rule ID a version removed, found as "id" finds one (a
 *   ruleset's rules in force come first: ``here``'s, then ``here``'s removed
 *   ones, then the other rulesets', then theirs). The match leads to the
 *   rule's tombstone.
 * * "title": no ruleset has that ID, and it is not a bare number: the
 *   heading's words without its number, in any order, each typed word a word
 *   of the title or the start of one ("zones of control", "bridg").
 *   ``here``'s best match when it has one; else the other rulesets whose best
 *   match is the best there is.
 * * "chapter": a number relative to a chapter ("15.21") where no chapter
 *   applies: the rule it would be in each chapter of each ruleset that has one.
 */
export function findRules(query, all, here, chapter = null) {
  const typed = query.trim().replace(/\s+/g, " ");
  if (!typed) return [];
  const rulesets = Object.keys(all.rules);
  const order = here ? [here, ...rulesets.filter((ruleset) => ruleset !== here)] : rulesets;
  const relative = /^[\d.]/.test(typed);
  const number = /^[\d.]+$/.test(typed);

  // The page's ruleset first, its rules in force before its removed ones; then the others'.
  const removed = all.removed;
  const byId = (rules, ruleset, by) => {
    if (!rules) return null;
    const id = findId(rules, typed) ?? (ruleset === here && relative && chapter ? findId(rules, chapter + typed) : null);
    return id ? { ruleset, id, by } : null;
  };
  if (here) {
    const mine = byId(all.rules[here], here, "id") ?? byId(removed[here], here, "removed");
    if (mine) return [mine];
  }
  const others = order.filter((ruleset) => ruleset !== here);
  for (const [rules, by] of [[all.rules, "id"], [removed, "removed"]]) {
    const found = others.map((ruleset) => byId(rules[ruleset], ruleset, by)).filter(Boolean);
    if (found.length) return found;
  }

  const typedWords = number ? [] : words(typed);
  if (typedWords.length) {
    const titles = order.map((ruleset) => ({ ruleset, best: bestTitle(all, ruleset, typedWords) }))
      .filter((match) => match.best);
    const mine = titles.find((match) => match.ruleset === here);
    const top = Math.min(...titles.map((match) => match.best.score));
    const chosen = mine ? [mine] : titles.filter((match) => match.best.score === top);
    if (chosen.length) return chosen.map(({ ruleset, best }) => ({ ruleset, id: best.id, by: "title" }));
  }

  if (!relative) return [];
  return order.flatMap((ruleset) => (all.rulesets[ruleset]?.chapters ?? [])
    .map((letter) => findId(all.rules[ruleset], letter + typed))
    .filter(Boolean)
    .map((id) => ({ ruleset, id, by: "chapter" })));
}
