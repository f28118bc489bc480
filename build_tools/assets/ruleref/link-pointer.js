// A share link whose calculator is on another page of the site: the page
// says where, with a link there carrying the link's inputs, so one tap opens
// the calculation where it lives. Where a calculator is placed comes from the
// build (rule-index.json's "calculators"), never from the link: only an id the
// site places gets a pointer, and the link's query goes along only as the
// target URL's own search params, re-encoded. Everything is set as text.

import { linkedCalculators } from "./link-prefill.js";
import { loadIndex, siteRoot } from "./rules.js";

const SECTION_PREFIX = "calc-"; // a calculator's section id: calc-<calculator id>

/** The calculator ids a link names: by its keys, and by its fragment (#calc-<id>). */
function namedCalculators(url) {
  const ids = linkedCalculators(url.search);
  try {
    const fragment = decodeURIComponent(url.hash.slice(1));
    if (fragment.startsWith(SECTION_PREFIX)) ids.add(fragment.slice(SECTION_PREFIX.length));
  } catch {
    // A fragment that is not percent-encoded text names no calculator.
  }
  return ids;
}

/** [{id, title, page, href}] for each calculator the link at ``url`` names that the site places elsewhere than ``here`` (ids). */
function pointers(index, url, here) {
  const placed = index.calculators ?? {};
  return [...namedCalculators(url)]
    .filter((id) => !here.includes(id) && Object.hasOwn(placed, id))
    .map((id) => {
      const target = new URL(placed[id].url, siteRoot);
      target.search = new URLSearchParams(url.search).toString();
      return { id, title: placed[id].title, page: placed[id].page, href: target.href };
    });
}

function pointerLine({ title, page, href }) {
  const line = document.createElement("span");
  line.className = "rr-link-pointer__item";
  const link = document.createElement("a");
  link.href = href;
  link.textContent = "open it there";
  line.append(`This link's calculator, ${title}, is on the page ${page}: `, link, ".");
  return line;
}

/**
 * Say where the link's calculators that are not among ``sections`` (this
 * page's) live: at the section the link's fragment names, else at the top of
 * the page, under its title. Resolves to the ids pointed to (none when the
 * index does not load: the page then says what it would say without it).
 */
export async function pointElsewhere(sections) {
  const url = new URL(location.href);
  if (!namedCalculators(url).size) return [];
  let index;
  try {
    index = await loadIndex();
  } catch {
    return [];
  }
  if (location.pathname !== url.pathname) return []; // the reader has moved on
  const found = pointers(index, url, sections.map((section) => section.dataset.calc));
  if (!found.length) return [];
  const note = document.createElement("p");
  note.className = "rr-link-pointer";
  note.append(...found.map(pointerLine));
  const section = sections.find((candidate) => `#${candidate.id}` === url.hash);
  const content = document.querySelector(".md-content__inner");
  if (section) section.querySelector("form").before(note);
  else if (content?.querySelector("h1")) content.querySelector("h1").after(note);
  else (content ?? document.body).prepend(note);
  return found.map((pointer) => pointer.id);
}
