"""The pipeline people usually build by hand: Cairo frames piped into the ffmpeg CLI.

    cairo_to_ffmpeg.py --scene confetti_200 --frames 180 --preset veryfast --crf 18 OUT.mp4
"""
import argparse
import subprocess

from scenes import CairoScene, WIDTH, HEIGHT

parser = argparse.ArgumentParser()
parser.add_argument("--scene", default="confetti_200")
parser.add_argument("--frames", type=int, default=180)
parser.add_argument("--preset", default="veryfast")
parser.add_argument("--crf", default="18")
parser.add_argument("output")
args = parser.parse_args()

encoder = subprocess.Popen(
    ["ffmpeg", "-loglevel", "error", "-y", "-f", "rawvideo", "-pix_fmt", "bgra",
     "-s", f"{WIDTH}x{HEIGHT}", "-r", "60", "-i", "-",
     "-c:v", "libx264", "-preset", args.preset, "-crf", args.crf, "-pix_fmt", "yuv420p",
     "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709",
     "-movflags", "+faststart", args.output],
    stdin=subprocess.PIPE)
scene = CairoScene(args.scene)
for i in range(args.frames):
    scene.draw(i / 60)
    encoder.stdin.write(scene.bgra())
encoder.stdin.close()
raise SystemExit(encoder.wait())
