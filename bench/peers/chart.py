"""Draws bench/results/ratios.png from bench/results/latest.json: every Flipbook/peer ratio."""
import json
import os
import sys

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

results_dir = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "results")
with open(os.path.join(results_dir, "latest.json")) as f:
    results = json.load(f)

labels, values = [], []
for ratio in results["ratios"]:
    labels.append(ratio["label"])
    values.append(ratio["value"])

fig, ax = plt.subplots(figsize=(10, 0.45 * len(labels) + 1.5))
colors = ["#34c759" if v >= 1 else "#ff3b30" for v in values]
ax.barh(range(len(values)), values, color=colors)
ax.set_yticks(range(len(values)), labels)
ax.invert_yaxis()
ax.axvline(1, color="black", linewidth=1)
for i, v in enumerate(values):
    ax.text(v, i, f" {v:.2f}×", va="center")
ax.set_xlabel("Flipbook advantage (peer time ÷ Flipbook time; > 1 means Flipbook is faster)")
ax.set_title("Flipbook vs peers, measured in the same run")
fig.tight_layout()
fig.savefig(os.path.join(results_dir, "ratios.png"), dpi=110)
