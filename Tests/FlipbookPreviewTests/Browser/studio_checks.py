"""Drives `flipbook preview`'s page in Debian's Chromium with Playwright and prints what it saw,
as JSON, for PreviewBrowserTests to judge. Every picture is read from the page's canvas.

usage: studio_checks.py URL FLIPBOOK PRESET WORKDIR [SCREENSHOT]
"""
import base64
import io
import json
import subprocess
import sys
import time

import numpy
from PIL import Image
from playwright.sync_api import sync_playwright

url, flipbook, preset, workdir = sys.argv[1:5]
screenshot = sys.argv[5] if len(sys.argv) > 5 else None
results = {}
started = time.monotonic()


def phase(name):
    """Notes on stderr when each check ends, for a test that takes too long."""
    print(f"{time.monotonic() - started:7.2f} s  {name}", file=sys.stderr)


def canvas_pixels(page):
    """The first view's canvas as an RGBA array (height × width × 4), through a PNG of it:
    lossless, and far quicker to carry out of the page than its numbers."""
    url = page.evaluate("document.querySelector('#views canvas.picture').toDataURL('image/png')")
    png = base64.b64decode(url.split(",", 1)[1])
    return numpy.asarray(Image.open(io.BytesIO(png)).convert("RGBA"), dtype=numpy.int16)


def mean_difference(pixels, still_path):
    """The mean absolute difference per RGB channel between the canvas and a PNG."""
    image = numpy.asarray(Image.open(still_path).convert("RGBA"), dtype=numpy.int16)
    if image.shape != pixels.shape:
        return 1e9
    return float(numpy.abs(image[:, :, :3] - pixels[:, :, :3]).mean())


def same(first, second):
    return first.shape == second.shape and bool((first == second).all())


def still(at, width, name, extra=()):
    """`flipbook still --at` at the canvas's scale, as the page showed it."""
    path = f"{workdir}/{name}.png"
    subprocess.run([flipbook, "still", preset, "--at", repr(at), "--scale", f"{width}/{preset_width}", "-o", path,
                    "--quiet", *extra], check=True)
    return path


def wait_for_version_above(page, version):
    page.wait_for_function(
        "v => studio.document.version > v && studio.views.every(view => view.version === studio.document.version)",
        arg=version, timeout=10000)


with sync_playwright() as playwright:
    browser = playwright.chromium.launch(
        executable_path="/usr/bin/chromium", args=["--autoplay-policy=no-user-gesture-required", "--no-sandbox"])
    page = browser.new_page(viewport={"width": 1400, "height": 900}, device_scale_factor=1, bypass_csp=True)
    errors = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(url)
    page.wait_for_function("window.studio && studio.ready && studio.painted > 0", timeout=20000)
    preset_width = page.evaluate("studio.document.width")

    # Scrubbing to frame N shows the pixels of `flipbook still --at` at that time and size.
    frame = 75
    page.evaluate("n => studio.seek(n)", frame)
    pixels = canvas_pixels(page)
    at = frame / 30
    height, width = pixels.shape[:2]
    results["seek"] = {"frame": page.evaluate("studio.frame"), "width": width, "height": height,
                       "difference": mean_difference(pixels, still(at, width, "seek"))}

    phase("seek")

    # Play advances time at real speed: frames shown against the wall clock.
    page.evaluate("studio.seek(0)")
    start = time.monotonic()
    page.evaluate("studio.play()")
    page.wait_for_timeout(1500)
    shown = page.evaluate("studio.frame")
    elapsed = time.monotonic() - start
    page.evaluate("studio.pause()")
    results["play"] = {"frames": shown, "seconds": elapsed, "dropped": page.evaluate("studio.dropped")}

    phase("play")

    # An edit to the preset on disk changes the picture; the time stays.
    page.evaluate("n => studio.seek(n)", frame)
    before = canvas_pixels(page)
    version = page.evaluate("studio.document.version")
    with open(preset) as file:
        original = file.read()
    edited = original.replace('"background": "#120c2c"', '"background": "#0c2c12"').replace(
        '"colors": ["#1b1446", "#4b1d6e", "#7a2a6a"]', '"colors": ["#14461b", "#1d6e4b", "#2a6a7a"]')
    with open(preset, "w") as file:
        file.write(edited)
    wait_for_version_above(page, version)
    after = canvas_pixels(page)
    results["edit"] = {"changed": not same(before, after), "frame": page.evaluate("studio.frame"),
                       "difference": mean_difference(after, still(at, width, "edited"))}

    phase("edit")

    # A broken edit shows the error with its JSON path and keeps the last frame; a fix clears it.
    version = page.evaluate("studio.document.version")
    with open(preset, "w") as file:
        file.write(edited.replace('"fps": 30', '"fps": "fast"'))
    page.wait_for_selector("#problems:not([hidden])", timeout=10000)
    results["broken"] = {"problems": page.inner_text("#problems"),
                         "kept": same(canvas_pixels(page), after),
                         "version": page.evaluate("studio.document.version") == version}
    with open(preset, "w") as file:
        file.write(original)
    page.wait_for_selector("#problems", state="hidden", timeout=10000)
    wait_for_version_above(page, version)
    restored = canvas_pixels(page)
    results["fixed"] = {"difference": mean_difference(restored, still(at, width, "restored"))}

    phase("broken and fixed")

    # A variable typed in the form changes the text: the picture is `still --set`'s.
    version = page.evaluate("studio.document.version")
    page.fill("#variables input[name=headline]", "Hello from the form")
    wait_for_version_above(page, version)
    typed = canvas_pixels(page)
    results["variable"] = {
        "changed": not same(typed, restored),
        "difference": mean_difference(
            typed, still(at, width, "typed", ("--set", 'variables.headline="Hello from the form"'))),
        "command": page.evaluate("studio.document.command")}

    phase("variable")

    # The layer outline is inspect's box: the page's model is `flipbook inspect`'s, and the outline
    # drawn over the picture lies on that box's edges.
    headline = "layers[2].layers[1].layers[1]"  # in the Copy column of the Content stack
    page.click(f'#layers li[data-path="{headline}"]')
    page.wait_for_function("studio.inspection && studio.inspection[0].frame === studio.frame")
    shown = page.evaluate("path => studio.inspection[0].layers.find(layer => layer.path === path)", headline)
    inspected = json.loads(subprocess.run(
        [flipbook, "inspect", preset, "--time", repr(at), "--json", "--set", 'variables.headline="Hello from the form"'],
        check=True, capture_output=True, text=True).stdout)
    def flattened(layers):
        for layer in layers:
            yield layer
            yield from flattened(layer.get("layers", []))
    cli = next(layer for layer in flattened(inspected["layers"]) if layer["path"] == headline)
    outline = page.evaluate("""box => {
        const overlay = document.querySelector('#views canvas.overlay');
        const scale = overlay.width / studio.views[0].shape.width;
        const pixel = (x, y) => Array.from(overlay.getContext('2d').getImageData(Math.round(x), Math.round(y), 1, 1).data);
        // The stroke is 2 pixels wide on the edge, which may fall between pixels: the most
        // opaque of the pixels across it.
        const across = (x, y, dx, dy) => [-1, 0, 1].map(step => pixel(x + step * dx, y + step * dy))
            .reduce((best, candidate) => candidate[3] > best[3] ? candidate : best);
        return {scale, top: across((box.x + box.width / 2) * scale, box.y * scale, 0, 1),
                left: across(box.x * scale, (box.y + box.height / 2) * scale, 1, 0),
                inside: pixel((box.x + box.width / 2) * scale, (box.y + box.height / 2) * scale)};
    }""", shown["box"])
    results["outline"] = {"page": [shown["box"][key] for key in ("x", "y", "width", "height")], "inspect": cli["box"],
                          "name": shown["name"], **outline}

    phase("outline")

    # Export writes a file ffprobe accepts, linked from the page.
    page.select_option("#format", "h264")
    page.click("#export")
    page.wait_for_selector("#export-link", timeout=120000)
    results["export"] = {"href": page.get_attribute("#export-link", "href")}

    phase("export")

    if screenshot:
        page.check("#safe-area")
        page.check("#all-shapes")
        page.check("#explain")
        page.evaluate("n => studio.seek(n)", 80)
        page.wait_for_function("studio.views.length > 1 && studio.views.every(v => v.shown === studio.frame) && "
                               "studio.inspection?.length === studio.views.length && "
                               "studio.inspection.every(answer => answer.frame === studio.frame) && "
                               "document.querySelector('#explanation').textContent.startsWith('frame 80')")
        page.screenshot(path=screenshot)

    results["errors"] = errors
    browser.close()

print(json.dumps(results))
