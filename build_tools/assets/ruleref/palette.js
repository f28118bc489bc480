// The colour scheme toggle (theme/partials/palette.html): a click switches to
// the next option, as Material's toggle does, and keeps the choice where
// Material keeps it (__palette), so the header's script sets it before the
// next page paints. One listener on the document; nothing runs on load.

const TOGGLE = "[data-rr-palette] .rr-palette__toggle";
const KEYS = ["media", "scheme", "primary", "accent"];

function switchTo(options, index) {
  const body = document.body;
  const color = {};
  // As Material does: no colour transitions while the whole page changes scheme.
  body.setAttribute("data-md-color-switching", "");
  for (const key of KEYS) {
    color[key] = options[index].getAttribute(`data-md-color-${key}`);
    body.setAttribute(`data-md-color-${key}`, color[key]);
  }
  options.forEach((option, at) => {
    option.hidden = at !== index;
  });
  const header = getComputedStyle(document.querySelector(".md-header"));
  document.querySelector('meta[name="theme-color"]')?.setAttribute("content", header.backgroundColor);
  document.querySelector('meta[name="color-scheme"]')?.setAttribute("content", header.colorScheme);
  requestAnimationFrame(() => body.removeAttribute("data-md-color-switching"));
  window.__md_set?.("__palette", { index, color });
}

export function enablePaletteToggle() {
  document.addEventListener("click", (event) => {
    const toggle = event.target.closest?.(TOGGLE);
    if (!toggle) return;
    const options = [...document.querySelectorAll(TOGGLE)];
    const index = (options.indexOf(toggle) + 1) % options.length;
    switchTo(options, index);
    options[index].focus(); // the toggle under the pointer or keyboard is now the next one
  });
}
