#!/usr/bin/env python3
"""Runs a protocol shim written on the helper `chess_conformance_shim` (the Python file given
first) exactly as it runs itself, and also measures the time spent inside the helper's
`Shim.answer`: the library's work plus the shim's translation, without the JSON reading and
writing or the pipes. At the end of input it writes {"requests": N, "seconds_in_answer": S}
to the report file given second.

    python3 benches/timed_shim.py adapters/python_chess_shim.py /tmp/report.json
"""
import json
import os
import runpy
import sys
import time

shim_file, report_file = sys.argv[1], sys.argv[2]
# The shim imports its helper from its own folder, as it does when run directly.
sys.path.insert(0, os.path.dirname(os.path.abspath(shim_file)))
import chess_conformance_shim  # noqa: E402

busy, requests = 0.0, 0
answer = chess_conformance_shim.Shim.answer


def timed_answer(self, request):
    global busy, requests
    begin = time.perf_counter()
    try:
        return answer(self, request)
    finally:
        busy += time.perf_counter() - begin
        requests += 1


chess_conformance_shim.Shim.answer = timed_answer
sys.argv = [shim_file]
# The shim serves until stdin ends, then returns here.
runpy.run_path(shim_file, run_name="__main__")
with open(report_file, "w") as report:
    json.dump({"requests": requests, "seconds_in_answer": busy}, report)
