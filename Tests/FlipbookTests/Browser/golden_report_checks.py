"""Opens `flipbook test --report`'s page from disk in Debian's Chromium with Playwright and prints
what it saw, as JSON, for GoldenFrameTests to judge: the console's errors and the page's own
errors, its pictures (how many, which did not load), its failing frames' sections and its title.

usage: golden_report_checks.py INDEX_HTML
"""
import json
import pathlib
import sys

from playwright.sync_api import sync_playwright

index = pathlib.Path(sys.argv[1]).resolve()
errors = []
with sync_playwright() as playwright:
    browser = playwright.chromium.launch(executable_path="/usr/bin/chromium")
    page = browser.new_page()
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("requestfailed", lambda request: errors.append(f"failed request: {request.url}"))
    page.goto(index.as_uri(), wait_until="load")
    images = page.eval_on_selector_all("img", "images => images.map(i => [i.getAttribute('src'), i.naturalWidth])")
    results = {
        "errors": errors,
        "images": len(images),
        "broken": [source for source, width in images if width == 0],
        "sections": page.locator("section").count(),
        "title": page.title(),
    }
    browser.close()
print(json.dumps(results))
