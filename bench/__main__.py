"""Run every benchmark in turn (``python -m bench [name ...]``) and print its figures."""

from __future__ import annotations

import importlib
import sys

BENCHMARKS = ("bench_site_build", "bench_numberings", "bench_versions", "bench_engines", "bench_size",
              "bench_calculators", "bench_pyodide", "bench_share_link", "bench_offline", "bench_trust")


def main(argv: list[str]) -> int:
    chosen = argv or list(BENCHMARKS)
    for name in chosen:
        try:
            module = importlib.import_module(f"bench.{name}")
        except ModuleNotFoundError as error:
            if error.name == f"bench.{name}":
                print(f"== {name}: not present, skipped\n")
                continue
            raise
        print(f"== {name}")
        module.main()
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
