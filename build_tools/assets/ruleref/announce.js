// One polite live region for short confirmations ("Link copied").

let region;

export function announce(message) {
  if (!region?.isConnected) {
    region = document.createElement("div");
    region.className = "rr-visually-hidden";
    region.setAttribute("role", "status");
    region.setAttribute("aria-live", "polite");
    document.body.append(region);
  }
  // Clear first so the same message twice is announced twice.
  region.textContent = "";
  setTimeout(() => { region.textContent = message; }, 50);
}
