// The editor bench's baseline in a bare worker: the photo decoded, drawn into
// a 2D canvas of its size and encoded as JPEG, with nothing of the editor's.
// The draw and the encode are timed (the editor's save starts from a decoded
// photo too). vite-plugin-comlink exposes every export.

export const reencode = async (photo: Blob, runs: number): Promise<number[]> => {
  const bitmap = await createImageBitmap(photo);
  const timesMs: number[] = [];
  try {
    for (let run = 0; run <= runs; run++) {
      const startMs = performance.now();
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext("2d");
      if (context === null) throw new Error("no 2D context");
      context.drawImage(bitmap, 0, 0);
      await canvas.convertToBlob({ type: "image/jpeg", quality: 0.92 });
      // The first run warms the encoder up, untimed.
      if (run > 0) timesMs.push(performance.now() - startMs);
    }
  } finally {
    bitmap.close();
  }
  return timesMs;
};

const bareVertexShader = `#version 300 es
in vec2 corner;
void main() { gl_Position = vec4(corner, 0.0, 1.0); }
`;

const bareFragmentShader = `#version 300 es
precision highp float;
uniform sampler2D photo;
uniform vec2 canvasSize;
uniform float gain;
out vec4 colour;
void main() { colour = vec4(texture(photo, gl_FragCoord.xy / canvasSize).rgb * gain, 1.0); }
`;

/**
 * The preview's floor: `canvas` (the page's, transferred) drawn at every
 * animation frame for `durationMs` with one texture read per pixel of a
 * 2048 px copy of the photo (a uniform changes each frame, as a slider's
 * value would), bare WebGL2: the frame times the browser gives a worker's
 * WebGL canvas with nothing of the editor's. Answers the frames' times.
 */
export const presentFrames = async (
  canvas: OffscreenCanvas,
  photo: Blob,
  durationMs: number,
): Promise<number[]> => {
  const gl = canvas.getContext("webgl2", { antialias: false, depth: false, stencil: false });
  if (gl === null) throw new Error("no WebGL2");
  const program = gl.createProgram();
  for (const [type, source] of [
    [gl.VERTEX_SHADER, bareVertexShader],
    [gl.FRAGMENT_SHADER, bareFragmentShader],
  ] as const) {
    const shader = gl.createShader(type);
    if (shader === null) throw new Error("no shader");
    gl.shaderSource(shader, source);
    gl.compileShader(shader);
    gl.attachShader(program, shader);
  }
  gl.bindAttribLocation(program, 0, "corner");
  gl.linkProgram(program);
  gl.useProgram(program);
  gl.bindBuffer(gl.ARRAY_BUFFER, gl.createBuffer());
  gl.bufferData(gl.ARRAY_BUFFER, new Float32Array([-1, -1, 3, -1, -1, 3]), gl.STATIC_DRAW);
  gl.enableVertexAttribArray(0);
  gl.vertexAttribPointer(0, 2, gl.FLOAT, false, 0, 0);
  const full = await createImageBitmap(photo);
  const copy = await createImageBitmap(full, {
    resizeWidth: 2048,
    resizeHeight: Math.round((2048 * full.height) / full.width),
    resizeQuality: "high",
  });
  full.close();
  gl.bindTexture(gl.TEXTURE_2D, gl.createTexture());
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR);
  gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, gl.RGBA, gl.UNSIGNED_BYTE, copy);
  copy.close();
  gl.uniform2f(gl.getUniformLocation(program, "canvasSize"), canvas.width, canvas.height);
  const gain = gl.getUniformLocation(program, "gain");
  const framesMs: number[] = [];
  await new Promise<void>((resolve) => {
    const frame = (timeMs: number) => {
      framesMs.push(timeMs);
      gl.uniform1f(gain, 0.5 + (framesMs.length % 50) / 100);
      gl.drawArrays(gl.TRIANGLES, 0, 3);
      if (timeMs - (framesMs[0] ?? timeMs) < durationMs) requestAnimationFrame(frame);
      else resolve();
    };
    requestAnimationFrame(frame);
  });
  gl.getExtension("WEBGL_lose_context")?.loseContext();
  return framesMs;
};
