"""Serve offline: the web app manifest, its icons and the service worker that keeps the site on the device.

    manifest.py        manifest.webmanifest (name, colours, relative start URL and scope)
    icons.py           the app icons, drawn at build time (no imaging library)
    precache.py        the files the build wrote, with their sha256, split into site and runtime
    budget.py          the size above which readers are asked before the copy downloads
    service_worker.py  sw.js = service-worker.js + the precache list
    changes.py         what the texts' versions changed, for the update prompt (read from What's new)

The page side is ``build_tools/assets/offline.js`` (registration, status,
update prompt).
"""

from build_tools.offline.budget import over_budget
from build_tools.offline.changes import changes, whats_new_pages
from build_tools.offline.manifest import manifest_files
from build_tools.offline.service_worker import write_service_worker

__all__ = ["changes", "manifest_files", "over_budget", "whats_new_pages", "write_service_worker"]
