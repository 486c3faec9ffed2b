"""`make bench`'s preview figures: `flipbook preview`'s real page in Debian's Chromium, driven by
Playwright, on a preset whose copy it may edit. Prints one JSON object of samples:

  seek_ms:     scrub to a random frame → that frame painted on every shape (ms)
  playback:    [{fps, dropped}] per run: frames painted per second while playing 3 s (from the
               first paint to the last), and frames playback skipped (dropped rather than slowed)
  save_ms:     a save of the preset on disk → the new version's frame painted on every shape (ms)

usage: preview_page.py URL PRESET SHAPES ROUNDS
"""
import json
import random
import sys
import time

from playwright.sync_api import sync_playwright

url, preset, shapes, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
random.seed(7)
samples = {"seek_ms": [], "playback": [], "save_ms": []}

with sync_playwright() as playwright:
    browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
    page = browser.new_page(viewport={"width": 2000, "height": 1100}, device_scale_factor=1, bypass_csp=True)
    page.goto(f"{url}?width=960&shapes={shapes}")
    page.wait_for_function(f"window.studio && studio.ready && studio.views.length === {shapes} && "
                           "studio.views.every(view => view.shown >= 0)", timeout=30000)
    count = page.evaluate("studio.document.frameCount")
    for _ in range(rounds):
        for _ in range(10):
            frame = random.randrange(count)
            samples["seek_ms"].append(page.evaluate("""async n => {
                const start = performance.now();
                const painted = await studio.seek(n);
                return painted - start;
            }""", frame))
        page.evaluate("studio.seek(0)")
        # Frames painted per second between the first and the last paint of 3 s of playback
        # (the time to the first frame is seek's figure), and the frames playback skipped.
        playback = page.evaluate("""async () => {
            const views = studio.views.length;
            let first = null, last = null, painted = 0, seen = studio.painted;
            const end = performance.now() + 3000;
            studio.play();
            await new Promise(resolve => {
                const step = () => {
                    if (studio.painted !== seen) {
                        if (first === null) first = studio.lastPaint.at;
                        else painted += studio.painted - seen;
                        last = studio.lastPaint.at;
                        seen = studio.painted;
                    }
                    performance.now() < end ? requestAnimationFrame(step) : resolve();
                };
                step();
            });
            studio.pause();
            return {fps: painted / views / ((last - first) / 1000), dropped: studio.dropped};
        }""")
        samples["playback"].append(playback)
        with open(preset) as file:
            original = file.read()
        for index in range(5):
            page.evaluate("n => studio.seek(n)", 60 + index)
            version = page.evaluate("studio.document.version")
            page.evaluate("window.saveStart = performance.now()")
            with open(preset, "w") as file:
                file.write(original.replace('"Launch day is here"', f'"Launch day {index}"'))
            painted = page.evaluate("""async v => {
                await new Promise(resolve => {
                    const check = () => studio.document.version > v &&
                        studio.views.every(view => view.version === studio.document.version)
                        ? resolve() : requestAnimationFrame(check);
                    check();
                });
                return performance.now() - window.saveStart;
            }""", version)
            samples["save_ms"].append(painted)
        with open(preset, "w") as file:
            file.write(original)
        page.wait_for_timeout(300)
    browser.close()

print(json.dumps(samples))
