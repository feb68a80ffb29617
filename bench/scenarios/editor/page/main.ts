// The editor bench's page: the real editor worker (started as the photos app
// starts it) over a 1280×800 canvas, a 12 MP photo, and a slider moved by
// the page at every frame, as a hand drags it. The driver
// (bench/scenarios/editor/index.ts) calls what this page puts on `window`.

import { transfer } from "comlink";
import { endpointSymbol } from "vite-plugin-comlink/symbol";
import { neutralEditAdjustments } from "../../../../shared/model/editor/filter-presets";
import type { EditRenderSpec } from "../../../../shared/model/editor/render-spec";
import type { PreviewFrameOutcome } from "../../../../workers/editor/editor-contract";
import {
  type EditorClient,
  startBrowserEditorWorker,
} from "../../../../web/photos/editor/browser-editor-worker";
import {
  type BenchSlider,
  type DragRecording,
  type EditorBenchPage,
  type FullRenderTiming,
  inputsPerFrame,
} from "../parameters";

const spawnBareWorker = () => {
  const worker = new ComlinkWorker<typeof import("./bare.worker")>(
    new URL("./bare.worker", import.meta.url),
    { type: "module", name: "editor-bench-bare" },
  );
  return worker;
};

const slider = document.getElementById("slider");
const canvas = document.getElementById("preview");
const bareCanvas = document.getElementById("bare");
if (
  !(slider instanceof HTMLInputElement) ||
  !(canvas instanceof HTMLCanvasElement) ||
  !(bareCanvas instanceof HTMLCanvasElement)
) {
  throw new Error("The bench page's slider or canvases are missing");
}

let editor: EditorClient | undefined;
let photo: Blob | undefined;
let photoSize = { widthPx: 0, heightPx: 0 };

const fetchPhoto = async (): Promise<Blob> => {
  if (photo !== undefined) return photo;
  const response = await fetch(new URL("photo.jpg", location.href));
  photo = new Blob([await response.arrayBuffer()], { type: "image/jpeg" });
  return photo;
};

/**
 * The photo straightened by `degrees` and cropped to the largest centred
 * rectangle of its own shape inside the turned image, at full resolution
 * (what the model's spec for a straighten looks like).
 */
const straightenedSpec = (
  degrees: number,
  adjustments: Partial<EditRenderSpec["adjustments"]>,
  filter: EditRenderSpec["filter"] = "none",
  filterStrength = 100,
): EditRenderSpec => {
  const { widthPx: w, heightPx: h } = photoSize;
  const cos = Math.cos((degrees * Math.PI) / 180);
  const sin = Math.sin((degrees * Math.PI) / 180);
  const absSin = Math.abs(sin);
  const scale = Math.min(w / (w * cos + h * absSin), h / (w * absSin + h * cos));
  const outputWidthPx = Math.floor(w * scale);
  const outputHeightPx = Math.floor(h * scale);
  const [ox, oy] = [outputWidthPx / 2, outputHeightPx / 2];
  return {
    outputWidthPx,
    outputHeightPx,
    outputToSource: [cos, -sin, w / 2 - cos * ox + sin * oy, sin, cos, h / 2 - sin * ox - cos * oy],
    adjustments: { ...neutralEditAdjustments, ...adjustments },
    filter,
    filterStrength,
  };
};

const specOf = (kind: BenchSlider, value: number): EditRenderSpec =>
  kind === "brightness"
    ? straightenedSpec(3, { brightness: value, contrast: 15, warmth: 10 }, "vivid", 60)
    : straightenedSpec(value / 10, { contrast: 15, warmth: 10 }, "vivid", 60);

const opened = (): EditorClient => {
  if (editor === undefined) throw new Error("The bench page has not opened the photo");
  return editor;
};

const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));

const intervals = (timesMs: readonly number[]) =>
  timesMs.slice(1).map((timeMs, index) => timeMs - (timesMs[index] ?? timeMs));

const drag = async (kind: BenchSlider, durationMs: number): Promise<DragRecording> => {
  const client = opened();
  const answers: Promise<{
    outcome: PreviewFrameOutcome;
    requestedAtMs: number;
    answeredAtMs: number;
  }>[] = [];
  const onInput = () => {
    const requestedAtMs = performance.now();
    answers.push(
      client
        .renderPreview(specOf(kind, Number(slider.value)))
        .then((outcome) => ({ outcome, requestedAtMs, answeredAtMs: performance.now() })),
    );
  };
  slider.addEventListener("input", onInput);
  const pageFramesMs: number[] = [];
  const startMs = await nextFrame();
  let frameMs = startMs;
  let step = 0;
  while (frameMs - startMs < durationMs) {
    pageFramesMs.push(frameMs);
    for (let input = 0; input < inputsPerFrame; input++) {
      // Back and forth across the slider's range, two sweeps a second.
      const phase = (step++ * 4) / (60 * inputsPerFrame);
      const triangle = 1 - 2 * Math.abs((phase % 2) - 1);
      slider.value = String(Math.round(triangle * 100));
      slider.dispatchEvent(new Event("input"));
    }
    frameMs = await nextFrame();
  }
  slider.removeEventListener("input", onInput);
  const settled = await Promise.all(answers);
  const drawn = settled.flatMap(({ outcome, requestedAtMs, answeredAtMs }) =>
    outcome.kind === "drawn" ? [{ ...outcome, requestedAtMs, answeredAtMs }] : [],
  );
  return {
    slider: kind,
    requested: settled.length,
    drawn: drawn.length,
    superseded: settled.length - drawn.length,
    drawnIntervalsMs: intervals(drawn.map(({ drawnAtMs }) => drawnAtMs)),
    drawMs: drawn.map(({ drawMs }) => drawMs),
    canvasScales: drawn.map(({ canvasScale }) => canvasScale),
    latenciesMs: drawn.map(({ requestedAtMs, answeredAtMs }) => answeredAtMs - requestedAtMs),
    pageIntervalsMs: intervals(pageFramesMs),
  };
};

const fullRenders = async (runs: number): Promise<FullRenderTiming[]> => {
  const client = opened();
  const cases: [string, EditRenderSpec][] = [
    [
      "adjustments only (12 MP)",
      {
        outputWidthPx: photoSize.widthPx,
        outputHeightPx: photoSize.heightPx,
        outputToSource: [1, 0, 0, 0, 1, 0],
        adjustments: {
          ...neutralEditAdjustments,
          brightness: 10,
          contrast: 15,
          shadows: 20,
          warmth: 10,
        },
        filter: "vivid",
        filterStrength: 60,
      },
    ],
    ["straightened 3° and cropped", specOf("brightness", 10)],
  ];
  const timings: FullRenderTiming[] = [];
  for (const [name, spec] of cases) {
    const runsMs: number[] = [];
    let jpegBytes = 0;
    for (let run = 0; run <= runs; run++) {
      const startMs = performance.now();
      const blob = await client.renderFull(spec, { type: "image/jpeg", quality: 0.92 });
      // The first run warms the encoder and the shader up, untimed.
      if (run > 0) runsMs.push(performance.now() - startMs);
      jpegBytes = blob.size;
      if (blob.type !== "image/jpeg" || blob.size === 0) throw new Error(`${name}: no JPEG`);
    }
    timings.push({
      name,
      outputWidthPx: spec.outputWidthPx,
      outputHeightPx: spec.outputHeightPx,
      runsMs,
      jpegBytes,
    });
  }
  return timings;
};

const bench: EditorBenchPage = {
  open: async () => {
    const photo = await fetchPhoto();
    editor = startBrowserEditorWorker().editor;
    const startMs = performance.now();
    const answer = await editor.open(photo, canvas.transferControlToOffscreen());
    const openMs = performance.now() - startMs;
    if (answer.kind === "opened")
      photoSize = { widthPx: answer.widthPx, heightPx: answer.heightPx };
    // The first frame (the shader's first use), untimed.
    await editor.renderPreview(specOf("brightness", 0));
    return { opened: answer, openMs, photoBytes: photo.size };
  },
  drag,
  fullRenders,
  bareReencode: async (runs) => {
    const bare = spawnBareWorker();
    try {
      return await bare.reencode(await fetchPhoto(), runs);
    } finally {
      bare[endpointSymbol].terminate();
    }
  },
  barePreviewFrames: async (durationMs) => {
    const bare = spawnBareWorker();
    const offscreen = bareCanvas.transferControlToOffscreen();
    try {
      return intervals(
        await bare.presentFrames(transfer(offscreen, [offscreen]), await fetchPhoto(), durationMs),
      );
    } finally {
      bare[endpointSymbol].terminate();
      // The editor's canvas takes its place.
      bareCanvas.remove();
    }
  },
};

window.cairnEditorBench = bench;
