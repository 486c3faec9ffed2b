"""Times Blend2D's own work on a confetti scene; prints one JSON object.

    blend2d_own.py --scene confetti_200|confetti_2000 --frames 180 [--pairs 3]

Python's calls cost Blend2D about as much time as its drawing of confetti 2000. So passes over
the scene's frames alternate between drawing them and making the same calls with every
rectangle culled and no clear (`Blend2DScene(calls_only=True)`), `--pairs` of each, and the
frames per second of Blend2D's own work is frames ÷ (drawing time − calls' time) over all
pairs. Alternating in one process makes a slow moment of the host hurt both sides alike.
"""
import argparse
import json
import time

from scenes import Blend2DScene

parser = argparse.ArgumentParser()
parser.add_argument("--scene", required=True)
parser.add_argument("--frames", type=int, default=180)
parser.add_argument("--pairs", type=int, default=3)
args = parser.parse_args()

drawing, calls = Blend2DScene(args.scene), Blend2DScene(args.scene, calls_only=True)
spent = {drawing: 0.0, calls: 0.0}
for _ in range(args.pairs):
    for scene in (drawing, calls):
        start = time.perf_counter()
        for i in range(args.frames):
            scene.draw(i / 60)
        spent[scene] += time.perf_counter() - start

own = spent[drawing] - spent[calls]
print(json.dumps({"engine": "blend2d", "scene": args.scene, "frames": args.frames * args.pairs,
                  "fps": args.frames * args.pairs / own, "python_share": spent[calls] / spent[drawing]}))
