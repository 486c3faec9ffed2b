// Flipbook preview: the studio page. Plain JavaScript, no build step, nothing from the network.
// The server renders every frame (GET /api/frame, straight RGBA at the size shown in device
// pixels); this page asks for the frame the scrubber or the clock is at, at most one request in
// flight per shape, so a scrub or a slow frame drops frames instead of queueing them.
"use strict";

const $ = (selector) => document.querySelector(selector);

// `?width=PX` renders the preset's shape PX device pixels wide whatever the window (the
// benchmark's 960-pixel preview), and the others side by side at its height; `?shapes=N` shows
// the first N shapes from the start.
const parameters = new URLSearchParams(location.search);
const fixedWidth = Number(parameters.get("width")) || null;
const shownShapes = Number(parameters.get("shapes")) || null;

// What the page shows, and figures the tests and the benchmark read (window.studio).
const studio = {
  document: null,      // GET /api/document
  frame: 0,            // the scrubber's frame
  playing: false,
  speed: 1,
  loopIn: 0,
  loopOut: null,       // null: the last frame
  selected: null,      // the selected layer's path
  hovered: null,
  problems: [],
  views: [],
  painted: 0,          // frames painted, all shapes
  dropped: 0,          // frames playback skipped
  lastPaint: null,     // {shape, frame, version, at}
  waiters: [],
  inspection: null,    // GET /api/inspect's answer for the frame shown, when the server has it
};
window.studio = studio;

const frameRate = () => studio.document.frameRate.numerator / studio.document.frameRate.denominator;
const lastFrame = () => studio.document.frameCount - 1;
const secondsOf = (frame) =>
  frame * studio.document.frameRate.denominator / studio.document.frameRate.numerator;

async function getJSON(url, options) {
  const response = await fetch(url, options);
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

// MARK: Shapes and frames

class View {
  constructor(index, shape) {
    this.index = index;
    this.shape = shape;
    this.shown = -1;
    this.version = 0;
    this.wanted = null;
    this.inFlight = 0;
    this.sequence = 0;
    this.paintedSequence = 0;
    this.asked = null;
    this.failed = false;
    this.element = document.createElement("div");
    this.element.className = "view";
    this.element.innerHTML = `<div class="label"></div><div class="frame">
      <canvas class="picture"></canvas><canvas class="overlay"></canvas></div>`;
    this.element.querySelector(".label").textContent = shape.name;
    this.picture = this.element.querySelector("canvas.picture");
    this.overlay = this.element.querySelector("canvas.overlay");
    this.picture.addEventListener("mousemove", (event) => this.pick(event, false));
    this.picture.addEventListener("click", (event) => this.pick(event, true));
  }

  // The width to render at, in device pixels: the largest the view's box fits.
  pixelWidth() {
    if (fixedWidth) {
      const first = studio.document.shapes[0];
      const height = fixedWidth * first.height / first.width;
      return Math.max(16, Math.min(7680, Math.round(height * this.shape.width / this.shape.height)));
    }
    const box = this.element.getBoundingClientRect();
    const cssWidth = Math.max(16, Math.min(box.width, (box.height - 20) * this.shape.width / this.shape.height));
    return Math.max(16, Math.min(7680, Math.floor(cssWidth * devicePixelRatio)));
  }

  request(frame) {
    this.wanted = frame;
    this.failed = false;
    this.pump();
  }

  // Asks for the wanted frame, of the document's version at the width the view's box wants,
  // unless it is shown or already asked for: at most one request in flight, two while playing
  // (the next frame renders while this one travels and is painted). A failed request is not
  // retried until the next `request`.
  pump() {
    const width = this.pixelWidth();
    const key = `${this.wanted}/${studio.document.version}/${width}`;
    if (key === `${this.shown}/${this.version}/${this.picture.width}` || key === this.asked || this.failed) return;
    if (this.inFlight >= (studio.playing ? 2 : 1)) return;
    this.asked = key;
    this.fetchFrame(this.wanted, width);
  }

  async fetchFrame(frame, width) {
    this.sequence += 1;
    const sequence = this.sequence;
    this.inFlight += 1;
    try {
      const response = await fetch(`/api/frame?shape=${this.index}&frame=${frame}&width=${width}`);
      // 204: a newer request for this shape came first. An answer older than one painted is
      // dropped.
      if (response.status === 200) {
        const bytes = new Uint8ClampedArray(await response.arrayBuffer());
        if (sequence > this.paintedSequence) {
          this.paintedSequence = sequence;
          const w = Number(response.headers.get("X-Frame-Width"));
          const h = Number(response.headers.get("X-Frame-Height"));
          this.paint(new ImageData(bytes, w, h), Number(response.headers.get("X-Frame-Index")),
                     Number(response.headers.get("X-Document-Version")));
        }
      }
    } catch (error) {
      console.warn("frame request failed", error);
      this.failed = true;
    } finally {
      this.inFlight -= 1;
      if (sequence === this.sequence) this.asked = null;
    }
    this.pump();
  }

  paint(image, frame, version) {
    if (this.picture.width !== image.width || this.picture.height !== image.height) {
      this.picture.width = this.overlay.width = image.width;
      this.picture.height = this.overlay.height = image.height;
      const css = `${image.width / devicePixelRatio}px`;
      this.picture.style.width = this.overlay.style.width = css;
      this.picture.style.height = this.overlay.style.height = `${image.height / devicePixelRatio}px`;
    }
    this.picture.getContext("2d").putImageData(image, 0, 0);
    if (studio.playing && this.index === 0 && this.shown >= 0) {
      const skipped = frame - this.shown - 1;
      if (skipped > 0) studio.dropped += skipped;
    }
    this.shown = frame;
    this.version = version;
    studio.painted += 1;
    studio.lastPaint = { shape: this.index, frame, version, at: performance.now() };
    drawOverlay(this);
    settleWaiters();
    if (this.index === 0) refreshExplanation();
  }

  // Hovering or clicking the picture picks the topmost layer whose box holds the point.
  pick(event, select) {
    const boxes = studio.inspection?.[this.index]?.layers ?? [];
    const rect = this.picture.getBoundingClientRect();
    const x = (event.clientX - rect.left) / rect.width * this.shape.width;
    const y = (event.clientY - rect.top) / rect.height * this.shape.height;
    const hit = [...boxes].reverse().find((layer) => layer.visible && layer.box &&
      x >= layer.box.x && x <= layer.box.x + layer.box.width &&
      y >= layer.box.y && y <= layer.box.y + layer.box.height);
    if (select) selectLayer(hit ? hit.path : null);
    else hoverLayer(hit ? hit.path : null);
  }
}

// Resolves the promises of `studio.waitForPaint` whose frame every view now shows.
function settleWaiters() {
  const version = studio.document.version;
  studio.waiters = studio.waiters.filter((waiter) => {
    const done = studio.views.every((view) => view.shown === waiter.frame &&
      view.version >= (waiter.version ?? version));
    if (done) waiter.resolve(performance.now());
    return !done;
  });
}

// A promise of the time (performance.now) when every view shows `frame` (of `version` or later).
studio.waitForPaint = (frame, version) => new Promise((resolve) => {
  studio.waiters.push({ frame, version, resolve });
  settleWaiters();
});

// Seeks to `frame` and resolves when it is painted everywhere: for the tests and the benchmark.
studio.seek = (frame) => {
  setFrame(frame);
  return studio.waitForPaint(studio.frame);
};

function buildViews() {
  const container = $("#views");
  container.replaceChildren();
  const all = $("#all-shapes").checked;
  const count = all ? studio.document.shapes.length : (shownShapes ?? 1);
  const shapes = studio.document.shapes.slice(0, count);
  studio.views = shapes.map((shape, index) => new View(index, shape));
  for (const view of studio.views) container.append(view.element);
  requestFrames();
}

function requestFrames() {
  for (const view of studio.views) view.request(studio.frame);
}

function setFrame(frame) {
  const clamped = Math.max(0, Math.min(lastFrame(), Math.round(frame)));
  studio.frame = clamped;
  const seconds = secondsOf(clamped);
  $("#clock").textContent = `${seconds.toFixed(3)} s · frame ${clamped}`;
  const fraction = studio.document.frameCount > 1 ? clamped / lastFrame() : 0;
  const ruler = $("#ruler");
  $("#playhead").style.left = `${ruler.offsetLeft + fraction * ruler.clientWidth}px`;
  requestFrames();
  markLayers();
  showProperties();
  refreshInspection();
}

// MARK: Overlays: safe area, layer outlines, --explain

function drawOverlay(view) {
  const context = view.overlay.getContext("2d");
  context.clearRect(0, 0, view.overlay.width, view.overlay.height);
  const scale = view.overlay.width / view.shape.width;
  if ($("#safe-area").checked && view.shape.safeArea) {
    const area = view.shape.safeArea;
    context.setLineDash([6, 4]);
    context.strokeStyle = "#00e0ff";
    context.lineWidth = 1;
    context.strokeRect(area.x * scale + 0.5, area.y * scale + 0.5, area.width * scale - 1, area.height * scale - 1);
    context.setLineDash([]);
  }
  const layers = studio.inspection?.[view.index]?.layers ?? [];
  for (const layer of layers) {
    const chosen = layer.path === studio.selected || layer.path === studio.hovered;
    if (!chosen || !layer.box) continue;
    context.strokeStyle = layer.path === studio.selected ? "#ffb020" : "#ffffff";
    context.lineWidth = 2;
    const box = layer.box;
    context.strokeRect(box.x * scale, box.y * scale, box.width * scale, box.height * scale);
  }
}

// The layers' boxes and computed properties at the frame shown, from the server's model of the
// composition (GET /api/inspect), when it has one; the outlines need them.
let inspecting = false;
// Not while playing: the layers are laid out again once playback stops, and the server's cores
// go to the frames meanwhile.
async function refreshInspection() {
  studio.inspectUnavailable = !studio.document.inspect;
  if (inspecting || studio.inspectUnavailable || studio.playing) return;
  inspecting = true;
  const frame = studio.frame;
  try {
    const answers = [];
    for (const view of studio.views) {
      answers[view.index] = await getJSON(`/api/inspect?shape=${view.index}&frame=${frame}`);
    }
    if (!studio.inspectUnavailable) studio.inspection = answers;
  } catch (error) {
    console.warn("inspect failed", error);
  } finally {
    inspecting = false;
  }
  for (const view of studio.views) drawOverlay(view);
  showProperties();
  if (frame !== studio.frame) refreshInspection();
}

let explaining = false;
async function refreshExplanation() {
  const box = $("#explanation");
  box.hidden = !$("#explain").checked;
  if (box.hidden || explaining) return;
  explaining = true;
  const frame = studio.frame;
  try {
    const report = await getJSON(`/api/explain?shape=0&frame=${frame}`);
    const lines = [report.redrawn ? `frame ${report.frame}: redrawn (${report.reason})`
                                  : `frame ${report.frame}: reused (same drawing as frame ${report.reusedFrom})`];
    for (const layer of report.layers) {
      lines.push(`  ${layer.name}: ${layer.reused ? "reused" : `redrawn (${layer.reason})`}`);
    }
    box.textContent = lines.join("\n");
  } catch (error) {
    box.textContent = String(error);
  } finally {
    explaining = false;
  }
  if (frame !== studio.frame) refreshExplanation();
}

// MARK: Layers

function layerByPath(path) {
  return studio.document.layers.find((layer) => layer.path === path);
}

function buildLayers() {
  const list = $("#layers");
  list.replaceChildren();
  // The topmost layer first, as they stack; a group's layers under it, indented.
  const children = new Map();
  for (const layer of studio.document.layers) {
    const parent = layer.path.replace(/\.?layers\[\d+\]$/, "");
    if (!children.has(parent)) children.set(parent, []);
    children.get(parent).push(layer);
  }
  const add = (parent, depth) => {
    for (const layer of [...(children.get(parent) || [])].reverse()) {
      const item = document.createElement("li");
      item.textContent = layer.name || layer.path;
      item.title = layer.path;
      item.dataset.path = layer.path;
      item.style.setProperty("--depth", depth);
      item.addEventListener("mouseenter", () => hoverLayer(layer.path));
      item.addEventListener("mouseleave", () => hoverLayer(null));
      item.addEventListener("click", () => selectLayer(layer.path));
      list.append(item);
      add(layer.path, depth + 1);
    }
  };
  add("", 0);
  markLayers();
}

function markLayers() {
  const seconds = secondsOf(studio.frame);
  for (const item of $("#layers").children) {
    const layer = layerByPath(item.dataset.path);
    item.classList.toggle("selected", item.dataset.path === studio.selected);
    item.classList.toggle("hidden-now", !layer || seconds < layer.start || seconds >= layer.end);
  }
  for (const track of $("#tracks").children) {
    track.classList.toggle("selected", track.dataset.path === studio.selected);
  }
}

function hoverLayer(path) {
  studio.hovered = path;
  for (const view of studio.views) drawOverlay(view);
}

function selectLayer(path) {
  studio.selected = path;
  markLayers();
  showProperties();
  for (const view of studio.views) drawOverlay(view);
}

function showProperties() {
  const list = $("#properties");
  list.replaceChildren();
  const layer = studio.selected && layerByPath(studio.selected);
  if (!layer) return;
  const seconds = secondsOf(studio.frame);
  const rows = [["layer", layer.name], ["path", layer.path], ["on screen", `${layer.start} s – ${layer.end} s`],
                ["visible now", seconds >= layer.start && seconds < layer.end ? "yes" : "no"],
                ["keyframes", layer.keyframes.map((t) => `${t.toFixed(2)} s`).join(", ") || "none"]];
  const inspected = studio.inspection?.[0]?.layers?.find((entry) => entry.path === layer.path);
  for (const [name, value] of Object.entries(inspected?.properties ?? {})) {
    rows.push([name, typeof value === "string" ? value : JSON.stringify(value)]);
  }
  for (const [name, value] of rows) {
    const term = document.createElement("dt");
    term.textContent = name;
    const detail = document.createElement("dd");
    detail.textContent = value;
    list.append(term, detail);
  }
}

// MARK: Timeline

function timeToX(seconds, width) {
  return seconds / studio.document.duration * width;
}

function buildTimeline() {
  const doc = studio.document;
  const tracks = $("#tracks");
  tracks.replaceChildren();
  const width = $("#ruler").clientWidth;
  for (const layer of doc.layers) {
    const track = document.createElement("div");
    track.className = "track";
    track.dataset.path = layer.path;
    const name = document.createElement("span");
    name.className = "name";
    name.textContent = layer.name || layer.path;
    const span = document.createElement("span");
    span.className = "span";
    span.style.left = `${timeToX(layer.start, width)}px`;
    span.style.width = `${Math.max(2, timeToX(layer.end - layer.start, width))}px`;
    track.append(name, span);
    for (const time of layer.keyframes) {
      const mark = document.createElement("button");
      mark.className = "mark";
      mark.title = `${layer.name}: keyframe at ${time.toFixed(3)} s`;
      mark.style.left = `${timeToX(time, width)}px`;
      mark.addEventListener("click", (event) => { event.stopPropagation(); setFrame(time * frameRate()); });
      track.append(mark);
    }
    track.addEventListener("click", () => selectLayer(layer.path));
    tracks.append(track);
  }
  const cues = $("#cues");
  cues.replaceChildren();
  const flags = [...doc.markers.map((marker) => ({ ...marker, marker: true })), ...doc.cues];
  for (const cue of flags) {
    const flag = document.createElement("button");
    flag.className = cue.marker ? "flag marker" : "flag";
    flag.textContent = cue.label;
    flag.title = `${cue.label} at ${cue.time.toFixed(3)} s`;
    flag.style.left = `${timeToX(cue.time, width)}px`;
    flag.addEventListener("click", () => setFrame(cue.time * frameRate()));
    cues.append(flag);
  }
  drawRuler();
  drawWaveform();
  markLayers();
}

// The 2D context of a timeline canvas `cssHeight` CSS pixels high, sized to its device pixels
// and scaled so that it draws in CSS pixels; and its width in CSS pixels.
function sharpContext(canvas, cssHeight) {
  const width = canvas.clientWidth;
  canvas.width = Math.round(width * devicePixelRatio);
  canvas.height = Math.round(cssHeight * devicePixelRatio);
  const context = canvas.getContext("2d");
  context.scale(devicePixelRatio, devicePixelRatio);
  return [context, width];
}

function drawRuler() {
  const [context, width] = sharpContext($("#ruler"), 28);
  context.fillStyle = "#9a9aa8";
  context.strokeStyle = "#55555f";
  context.font = "10px system-ui";
  const duration = studio.document.duration;
  const fps = frameRate();
  const pixelsPerFrame = width / (duration * fps);
  for (let frame = 0; frame <= studio.document.frameCount; frame += 1) {
    const x = Math.round(frame * pixelsPerFrame) + 0.5;
    const second = frame % Math.round(fps) === 0;
    if (!second && pixelsPerFrame < 4) continue;
    context.beginPath();
    context.moveTo(x, second ? 10 : 20);
    context.lineTo(x, 28);
    context.stroke();
    if (second) context.fillText(`${Math.round(frame / fps)}s · ${frame}`, x + 2, 9);
  }
}

let peaks = [];
function drawWaveform() {
  const [context, width] = sharpContext($("#waveform"), 40);
  context.fillStyle = "#3fae6a";
  for (let column = 0; column < peaks.length; column += 1) {
    const x = column / peaks.length * width;
    const h = Math.max(0.5, peaks[column] * 19);
    context.fillRect(x, 20 - h, Math.max(1, width / peaks.length), 2 * h);
  }
}

function scrubFrom(event) {
  const ruler = $("#ruler");
  const rect = ruler.getBoundingClientRect();
  const fraction = Math.max(0, Math.min(1, (event.clientX - rect.left) / rect.width));
  setFrame(fraction * lastFrame());
}

function installScrubbing() {
  for (const surface of [$("#ruler"), $("#waveform")]) {
    surface.addEventListener("pointerdown", (event) => {
      surface.setPointerCapture(event.pointerId);
      pause();
      scrubFrom(event);
      const move = (moved) => scrubFrom(moved);
      surface.addEventListener("pointermove", move);
      surface.addEventListener("pointerup", () => surface.removeEventListener("pointermove", move), { once: true });
    });
  }
  document.addEventListener("keydown", (event) => {
    if (event.target.closest("input, select, textarea")) return;
    const step = event.shiftKey ? Math.round(frameRate()) : 1;
    const actions = {
      ArrowRight: () => setFrame(studio.frame + step), ArrowLeft: () => setFrame(studio.frame - step),
      Home: () => setFrame(0), End: () => setFrame(lastFrame()), " ": () => togglePlay(),
      i: () => setLoopIn(), o: () => setLoopOut(),
    };
    const action = actions[event.key];
    if (action) { event.preventDefault(); pause(); action(); }
  });
}

// MARK: Playback, in real time, with the sound

const sound = $("#sound");
let clockStart = null; // {at: performance.now(), seconds}

function loopRange() {
  const end = studio.loopOut ?? lastFrame();
  return [Math.min(studio.loopIn, end), end];
}

function play() {
  if (studio.playing) return;
  const [start, end] = loopRange();
  if (studio.frame >= end) setFrame(start);
  studio.playing = true;
  studio.dropped = 0;
  clockStart = { at: performance.now(), seconds: secondsOf(studio.frame) };
  $("#play").textContent = "Pause";
  syncSound(true);
  requestAnimationFrame(tick);
}

function pause() {
  if (!studio.playing) return;
  studio.playing = false;
  $("#play").textContent = "Play";
  sound.pause();
  refreshInspection();
}

function togglePlay() {
  if (studio.playing) pause(); else play();
}

studio.play = play;
studio.pause = pause;

// The clock is the page's own (performance.now × speed); the sound follows it, and is put
// back in step when it drifts more than 40 ms (less than the lip-sync a viewer notices).
function syncSound(starting) {
  if (!studio.document.sound || $("#mute").checked) { sound.pause(); return; }
  const seconds = clockStart.seconds + (performance.now() - clockStart.at) / 1000 * studio.speed;
  if (starting || Math.abs(sound.currentTime - seconds) > 0.04) sound.currentTime = seconds;
  sound.playbackRate = studio.speed;
  if (sound.paused) sound.play().catch(() => {});
}

function tick() {
  if (!studio.playing) return;
  const [start, end] = loopRange();
  const seconds = clockStart.seconds + (performance.now() - clockStart.at) / 1000 * studio.speed;
  let frame = Math.floor(seconds * frameRate() + 1e-6);
  if (frame > end) {
    if (!$("#loop").checked) { setFrame(end); pause(); return; }
    frame = start;
    clockStart = { at: performance.now(), seconds: secondsOf(start) };
    for (const view of studio.views) view.shown = -1;
    syncSound(true);
  } else {
    syncSound(false);
  }
  if (frame !== studio.frame) setFrame(frame);
  requestAnimationFrame(tick);
}

function setLoopIn() { studio.loopIn = studio.frame; }
function setLoopOut() { studio.loopOut = studio.frame; }

// MARK: Variables, the command line, export

// The form of the variables: built once per set of names; a reload puts the values in the
// fields, except the one being typed into (its text is what the reload came from).
function buildVariables() {
  const form = $("#variables");
  const names = studio.document.variables.map((variable) => variable.name).join("\n");
  if (form.dataset.names !== names) {
    form.replaceChildren();
    form.dataset.names = names;
    for (const variable of studio.document.variables) {
      const label = document.createElement("label");
      label.textContent = variable.name;
      const input = document.createElement("input");
      input.name = variable.name;
      input.type = variable.number ? "number" : "text";
      input.step = "any";
      input.addEventListener("input", () => sendVariable(variable.name, input));
      label.append(input);
      form.append(label);
    }
  }
  for (const variable of studio.document.variables) {
    const input = form.elements.namedItem(variable.name);
    if (input && input !== document.activeElement) input.value = variable.value;
  }
  $("#command").textContent = studio.document.command;
  const rows = studio.document.rows;
  const picker = $("#row");
  $("#row-picker").hidden = rows.length === 0;
  if (picker.options.length !== rows.length + 1) {
    picker.replaceChildren(new Option("—", ""), ...rows.map((row) => new Option(row.id, row.id)));
  }
}

// Picking a row of the variables table puts its values into the form.
async function pickRow() {
  if (!$("#row").value) return;
  try {
    await getJSON("/api/row", { method: "POST", body: JSON.stringify({ id: $("#row").value }),
                                headers: { "Content-Type": "application/json" } });
  } catch (error) {
    console.warn(error);
  }
}

const typing = new Map();
function sendVariable(name, input) {
  clearTimeout(typing.get(name));
  typing.set(name, setTimeout(async () => {
    const value = input.type === "number" && input.value !== "" ? Number(input.value) : input.value;
    try {
      await getJSON("/api/variables", { method: "POST", body: JSON.stringify({ [name]: value }),
                                          headers: { "Content-Type": "application/json" } });
    } catch (error) {
      console.warn(error);
    }
  }, 60));
}

async function copyCommand() {
  const text = studio.document.command;
  $("#command").textContent = text;
  try {
    await navigator.clipboard.writeText(text);
    $("#copy-command").textContent = "Copied";
  } catch {
    $("#copy-command").textContent = "Select the line below";
  }
  setTimeout(() => { $("#copy-command").textContent = "Copy command"; }, 1500);
}

function buildFormats() {
  const select = $("#format");
  if (select.options.length) return;
  for (const format of studio.document.formats) {
    const option = document.createElement("option");
    option.value = format.name;
    option.textContent = `${format.name} (.${format.extension})`;
    select.append(option);
  }
}

async function startExport() {
  $("#export-status").textContent = "starting…";
  try {
    await getJSON("/api/export", { method: "POST", body: JSON.stringify({ format: $("#format").value }),
                                   headers: { "Content-Type": "application/json" } });
  } catch (error) {
    $("#export-status").textContent = String(error.message);
  }
}

function showExport(progress) {
  const status = $("#export-status");
  status.replaceChildren();
  if (progress.error) { status.textContent = `export failed: ${progress.error}`; return; }
  if (progress.done) {
    const link = document.createElement("a");
    link.href = progress.url;
    link.textContent = progress.name;
    link.id = "export-link";
    status.append(link);
    return;
  }
  const bar = document.createElement("span");
  bar.className = "progress";
  bar.innerHTML = "<span></span>";
  bar.firstChild.style.width = `${Math.round(progress.fraction * 100)}%`;
  status.append(`${progress.name} `, bar);
}

// MARK: Problems and live reload

function showProblems(problems) {
  studio.problems = problems;
  const box = $("#problems");
  box.hidden = problems.length === 0;
  const list = box.querySelector("ul");
  list.replaceChildren();
  for (const problem of problems) {
    const item = document.createElement("li");
    const place = problem.line > 0 ? `${problem.file}:${problem.line}:${problem.column}` : problem.file;
    item.textContent = `${place}: ${problem.path ? `${problem.path}: ` : ""}${problem.message}`;
    list.append(item);
  }
}

async function loadDocument() {
  const doc = await getJSON("/api/document");
  const first = studio.document === null;
  const shapesChanged = first || JSON.stringify(doc.shapes) !== JSON.stringify(studio.document.shapes);
  studio.document = doc;
  // The frame first: the rest of the page follows while it renders.
  if (shapesChanged) buildViews();
  setFrame(Math.min(studio.frame, lastFrame()));
  $("#title").textContent = doc.file.split("/").pop();
  document.title = `${$("#title").textContent} — Flipbook preview`;
  buildLayers();
  buildTimeline();
  buildVariables();
  buildFormats();
  showProblems(doc.problems);
  loadSound(doc).catch((error) => console.warn("sound", error));
}

// The waveform and the sound of `doc`'s version (mixed by the server on first request).
async function loadSound(doc) {
  peaks = (await getJSON("/api/waveform")).peaks;
  if (studio.document.version !== doc.version) return;
  drawWaveform();
  if (!doc.sound) { sound.removeAttribute("src"); return; }
  const at = sound.currentTime;
  sound.src = `/api/sound.wav?version=${doc.version}`;
  sound.currentTime = at;
  if (studio.playing) syncSound(true);
}

function listen() {
  const events = new EventSource("/api/events");
  events.addEventListener("document", async (event) => {
    const { version } = JSON.parse(event.data);
    if (studio.document && version !== studio.document.version) await loadDocument();
  });
  events.addEventListener("problems", (event) => showProblems(JSON.parse(event.data)));
  events.addEventListener("export", (event) => showExport(JSON.parse(event.data)));
}

async function start() {
  await loadDocument();
  installScrubbing();
  $("#play").addEventListener("click", togglePlay);
  $("#speed").addEventListener("change", (event) => {
    if (studio.playing) {
      clockStart = { at: performance.now(), seconds: secondsOf(studio.frame) };
    }
    studio.speed = Number(event.target.value);
  });
  $("#loop-in").addEventListener("click", setLoopIn);
  $("#loop-out").addEventListener("click", setLoopOut);
  $("#all-shapes").addEventListener("change", buildViews);
  $("#safe-area").addEventListener("change", () => { for (const view of studio.views) drawOverlay(view); });
  $("#explain").addEventListener("change", refreshExplanation);
  $("#mute").addEventListener("change", () => { if (studio.playing) syncSound(true); });
  $("#copy-command").addEventListener("click", copyCommand);
  $("#row").addEventListener("change", pickRow);
  $("#export").addEventListener("click", startExport);
  let resizing = null;
  window.addEventListener("resize", () => {
    clearTimeout(resizing);
    resizing = setTimeout(() => { buildTimeline(); setFrame(studio.frame); }, 100);
  });
  listen();
  studio.ready = true;
}

start().catch((error) => console.error(error));
