// Reading aids on every page: jump to rule, hover previews of rule
// references, the copy-link buttons of rule headings, the colour scheme toggle.
// Material's instant navigation swaps the page content without re-running
// scripts, so per-page parts are (re)attached on each emission of its
// document$ observable.

import { afterNavigation, wireJump } from "./ruleref/jump.js";
import { enablePaletteToggle } from "./ruleref/palette.js";
import { enablePreviews, hide as hidePreview } from "./ruleref/preview.js";
import { enableCopyLinks } from "./ruleref/permalink.js";
import { followPinnedVersion } from "./ruleref/versions.js";

enablePreviews();
enablePaletteToggle();
enableCopyLinks();

window.document$.subscribe(() => {
  hidePreview();
  wireJump();
  followPinnedVersion();
  afterNavigation();
});
