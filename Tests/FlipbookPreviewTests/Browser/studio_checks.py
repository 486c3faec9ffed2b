"""Drives `flipbook preview`'s page in Debian's Chromium with Playwright and prints what it saw,
as JSON, for PreviewBrowserTests to judge. Every picture is read from the page's canvas.

usage: studio_checks.py URL FLIPBOOK PRESET WORKDIR [SCREENSHOT]
"""
import json
import subprocess
import sys
import time

from PIL import Image
from playwright.sync_api import sync_playwright

url, flipbook, preset, workdir = sys.argv[1:5]
screenshot = sys.argv[5] if len(sys.argv) > 5 else None
results = {}


def canvas_pixels(page):
    """The first view's canvas as [width, height, [r, g, b, a, …]]."""
    return page.evaluate("""() => {
        const canvas = document.querySelector('#views canvas.picture');
        const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
        return [canvas.width, canvas.height, Array.from(data)];
    }""")


def mean_difference(pixels, still_path):
    """The mean absolute difference per RGB channel between the canvas and a PNG."""
    width, height, data = pixels
    image = Image.open(still_path).convert("RGBA")
    if image.size != (width, height):
        return 1e9
    total = 0
    for index, value in enumerate(image.tobytes()):
        if index % 4 != 3:
            total += abs(value - data[index])
    return total / (width * height * 3)


def still(at, width, name, extra=()):
    """`flipbook still --at` at the canvas's scale, as the page showed it."""
    path = f"{workdir}/{name}.png"
    subprocess.run([flipbook, "still", preset, "--at", repr(at), "--scale", f"{width}/1920", "-o", path,
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

    # Scrubbing to frame N shows the pixels of `flipbook still --at` at that time and size.
    frame = 75
    page.evaluate("n => studio.seek(n)", frame)
    pixels = canvas_pixels(page)
    at = frame / 30
    results["seek"] = {"frame": page.evaluate("studio.frame"), "width": pixels[0], "height": pixels[1],
                       "difference": mean_difference(pixels, still(at, pixels[0], "seek"))}

    # Play advances time at real speed: frames shown against the wall clock.
    page.evaluate("studio.seek(0)")
    start = time.monotonic()
    page.evaluate("studio.play()")
    page.wait_for_timeout(1500)
    shown = page.evaluate("studio.frame")
    elapsed = time.monotonic() - start
    page.evaluate("studio.pause()")
    results["play"] = {"frames": shown, "seconds": elapsed, "dropped": page.evaluate("studio.dropped")}

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
    results["edit"] = {"changed": before[2] != after[2], "frame": page.evaluate("studio.frame"),
                       "difference": mean_difference(after, still(at, after[0], "edited"))}

    # A broken edit shows the error with its JSON path and keeps the last frame; a fix clears it.
    version = page.evaluate("studio.document.version")
    with open(preset, "w") as file:
        file.write(edited.replace('"fps": 30', '"fps": "fast"'))
    page.wait_for_selector("#problems:not([hidden])", timeout=10000)
    results["broken"] = {"problems": page.inner_text("#problems"),
                         "kept": canvas_pixels(page)[2] == after[2],
                         "version": page.evaluate("studio.document.version") == version}
    with open(preset, "w") as file:
        file.write(original)
    page.wait_for_selector("#problems", state="hidden", timeout=10000)
    wait_for_version_above(page, version)
    restored = canvas_pixels(page)
    results["fixed"] = {"difference": mean_difference(restored, still(at, restored[0], "restored"))}

    # A variable typed in the form changes the text: the picture is `still --set`'s.
    version = page.evaluate("studio.document.version")
    page.fill("#variables input[name=headline]", "Hello from the form")
    wait_for_version_above(page, version)
    typed = canvas_pixels(page)
    results["variable"] = {
        "changed": typed[2] != restored[2],
        "difference": mean_difference(
            typed, still(at, typed[0], "typed", ("--set", 'variables.headline="Hello from the form"'))),
        "command": page.evaluate("studio.document.command")}

    # The layers' boxes, when the server has the inspect model.
    results["inspect"] = page.evaluate("studio.inspectUnavailable ? null : studio.inspection")

    # Export writes a file ffprobe accepts, linked from the page.
    page.select_option("#format", "h264")
    page.click("#export")
    page.wait_for_selector("#export-link", timeout=120000)
    results["export"] = {"href": page.get_attribute("#export-link", "href")}

    if screenshot:
        page.evaluate("n => studio.seek(n)", 100)
        page.check("#safe-area")
        page.check("#all-shapes")
        page.wait_for_function("studio.views.length > 1 && studio.views.every(v => v.shown === studio.frame)")
        page.screenshot(path=screenshot)

    results["errors"] = errors
    browser.close()

print(json.dumps(results))
