#!/usr/bin/env python3
"""Runs a protocol shim (the Python file given first) exactly as its own main loop would, and
also measures the time spent inside its `answer` function: the library's work plus the shim's
translation, without the JSON reading and writing or the pipes. At the end of input it writes
{"requests": N, "seconds_in_answer": S} to the report file given second.

    python3 benches/timed_shim.py adapters/python_chess_shim.py /tmp/report.json
"""
import importlib.util
import json
import sys
import time

spec = importlib.util.spec_from_file_location("shim", sys.argv[1])
shim = importlib.util.module_from_spec(spec)
spec.loader.exec_module(shim)
busy, requests = 0.0, 0
for line in sys.stdin:
    request = json.loads(line)
    begin = time.perf_counter()
    reply = shim.answer(request)
    busy += time.perf_counter() - begin
    requests += 1
    sys.stdout.write(json.dumps(reply) + "\n")
    sys.stdout.flush()
with open(sys.argv[2], "w") as report:
    json.dump({"requests": requests, "seconds_in_answer": busy}, report)
