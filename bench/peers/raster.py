"""Times a peer rasterizer on a benchmark scene; prints one JSON object.

    raster.py --engine cairo|skia --scene confetti_200|confetti_2000|spirograph --frames 180
              [--dump FRAME PATH]   also write frame FRAME as raw premultiplied RGBA to PATH
"""
import argparse
import json
import time

from scenes import ENGINES

parser = argparse.ArgumentParser()
parser.add_argument("--engine", required=True, choices=sorted(ENGINES))
parser.add_argument("--scene", required=True)
parser.add_argument("--frames", type=int, default=180)
parser.add_argument("--dump", nargs=2, metavar=("FRAME", "PATH"))
args = parser.parse_args()

scene = ENGINES[args.engine](args.scene)
start = time.perf_counter()
for i in range(args.frames):
    scene.draw(i / 60)
elapsed = time.perf_counter() - start

if args.dump:
    frame, path = int(args.dump[0]), args.dump[1]
    scene.draw(frame / 60)
    with open(path, "wb") as f:
        f.write(scene.rgba())

print(json.dumps({"engine": args.engine, "scene": args.scene, "frames": args.frames, "fps": args.frames / elapsed}))
