// One polite live region for short confirmations ("Link copied"). It exists
// from the start: screen readers may miss a region created with its message.
// It sits outside Material's content container, so instant navigation keeps it.

const region = document.createElement("div");
region.className = "rr-visually-hidden";
region.setAttribute("role", "status");
region.setAttribute("aria-live", "polite");
document.body.append(region);

export function announce(message) {
  // Clear first so the same message twice is announced twice.
  region.textContent = "";
  setTimeout(() => { region.textContent = message; }, 50);
}
