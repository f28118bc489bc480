// Reading aids on every page: jump to rule, hover previews of rule
// references, copy-link buttons on rule headings, the colour scheme toggle.
// Material's instant navigation swaps the page content without re-running
// scripts, so per-page parts are (re)attached on each emission of its
// document$ observable.

import { afterNavigation, wireJump } from "./ruleref/jump.js";
import { enablePaletteToggle } from "./ruleref/palette.js";
import { enablePreviews, hide as hidePreview } from "./ruleref/preview.js";
import { addCopyButtons } from "./ruleref/permalink.js";
import { followPinnedVersion } from "./ruleref/versions.js";

enablePreviews();
enablePaletteToggle();

window.document$.subscribe(() => {
  hidePreview();
  wireJump();
  addCopyButtons();
  followPinnedVersion();
  afterNavigation();
});
