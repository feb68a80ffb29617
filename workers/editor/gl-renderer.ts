// The editor's GPU side: a WebGL2 (or WebGL) context over an OffscreenCanvas,
// its one program (the colour maths over an affine-mapped texture), source
// textures and the framebuffer a full render's tiles are drawn into. It knows
// nothing of specs; see preview-renderer.ts and full-render.ts for the draws.

import type { Affine2d } from "../../shared/model/editor/affine-2d";
import {
  type ColourUniforms,
  type GlslVersion,
  colourUniformNames,
  cornerAttributeName,
  fragmentShaderSource,
  mappingUniformNames,
  outsideUniformName,
  sourceSamplerName,
  vertexShaderSource,
} from "./colour-shader";
import type { EditorGlVersion } from "./editor-contract";
import { EditorGpuLostError, EditorGpuUnavailableError } from "./editor-errors";
import type { PixelRect, PixelSize } from "./pixel-geometry";

type GL = WebGL2RenderingContext | WebGLRenderingContext;

/** One draw of the program: a texture through the colour maths into a rectangle of a target. */
export interface DrawPass {
  texture: WebGLTexture;
  /** The framebuffer drawn into; null for the canvas itself. */
  framebuffer: WebGLFramebuffer | null;
  /** The target's size: cleared to transparent first when `clear` is set. */
  targetSize: PixelSize;
  clear: boolean;
  /** The rectangle drawn, in the target's window coordinates (rows from the bottom). */
  viewport: PixelRect;
  /** gl_FragCoord to normalized texture coordinates. See texture-mapping.ts. */
  fragmentToTexture: Affine2d;
  /** Points outside the texture drawn transparent (else its edge is sampled). */
  clearOutsideTexture?: boolean;
  colour: ColourUniforms;
  /**
   * The one mip level sampled, for a texture uploaded with mipmaps (WebGL2).
   * See: [Note: The preview samples one mip level]
   */
  mipLevel?: number;
}

/** A framebuffer over a texture of its own, for drawing tiles and reading them back. */
export interface TileTarget {
  framebuffer: WebGLFramebuffer;
  sizePx: PixelSize;
  /** Reads `size` pixels from its first row (RGBA, 8 bits each, unpremultiplied: alpha is 1). */
  read(size: PixelSize, into: Uint8ClampedArray<ArrayBuffer>): void;
  dispose(): void;
}

export interface EditorGl {
  readonly version: EditorGlVersion;
  readonly maxTextureSizePx: number;
  /**
   * Uploads a whole bitmap; with `mipmaps` (WebGL2 only: the answer says
   * whether it has them) it can be drawn much smaller without aliasing.
   */
  wholeTexture(
    bitmap: ImageBitmap,
    options: { mipmaps: boolean },
  ): { texture: WebGLTexture; mipmapped: boolean };
  /** Uploads `region` of `bitmap` into `texture` (made when undefined). */
  regionTexture(
    bitmap: ImageBitmap,
    region: PixelRect,
    texture?: WebGLTexture,
  ): Promise<WebGLTexture>;
  tileTarget(sizePx: PixelSize): TileTarget;
  draw(pass: DrawPass): void;
  deleteTexture(texture: WebGLTexture): void;
  isLost(): boolean;
  /** Frees everything and gives the context up. */
  dispose(): void;
}

/** A drawing buffer of our own: no depth, no antialiasing (one triangle over the viewport). */
const contextAttributes: WebGLContextAttributes = {
  alpha: true,
  premultipliedAlpha: true,
  antialias: false,
  depth: false,
  stencil: false,
  preserveDrawingBuffer: false,
};

/** The first of `versions` the canvas gives, or EditorGpuUnavailableError. */
const contextOf = (
  canvas: OffscreenCanvas,
  versions: readonly EditorGlVersion[],
): { gl: GL; version: EditorGlVersion } => {
  for (const version of versions) {
    const gl =
      version === "webgl2"
        ? canvas.getContext("webgl2", contextAttributes)
        : canvas.getContext("webgl", contextAttributes);
    if (gl !== null) return { gl, version };
  }
  throw new EditorGpuUnavailableError();
};

const compiled = (gl: GL, type: number, source: string): WebGLShader => {
  const shader = gl.createShader(type);
  if (shader === null) throw new EditorGpuLostError();
  gl.shaderSource(shader, source);
  gl.compileShader(shader);
  if (gl.getShaderParameter(shader, gl.COMPILE_STATUS) !== true && !gl.isContextLost()) {
    throw new Error(`The editor's shader did not compile: ${gl.getShaderInfoLog(shader) ?? ""}`);
  }
  return shader;
};

const linkedProgram = (gl: GL, glsl: GlslVersion): WebGLProgram => {
  const program = gl.createProgram();
  gl.attachShader(program, compiled(gl, gl.VERTEX_SHADER, vertexShaderSource(glsl)));
  gl.attachShader(program, compiled(gl, gl.FRAGMENT_SHADER, fragmentShaderSource(glsl)));
  gl.bindAttribLocation(program, 0, cornerAttributeName);
  gl.linkProgram(program);
  if (gl.getProgramParameter(program, gl.LINK_STATUS) !== true && !gl.isContextLost()) {
    throw new Error(`The editor's program did not link: ${gl.getProgramInfoLog(program) ?? ""}`);
  }
  return program;
};

const clampedLinearTexture = (gl: GL, minFilter: number): WebGLTexture => {
  const texture = gl.createTexture();
  gl.bindTexture(gl.TEXTURE_2D, texture);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, minFilter);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
  return texture;
};

const isWebGL2 = (gl: GL): gl is WebGL2RenderingContext =>
  typeof WebGL2RenderingContext !== "undefined" && gl instanceof WebGL2RenderingContext;

/**
 * The editor's GL over `canvas`: WebGL2 when the browser has it, else WebGL
 * (no mipmaps, regions cropped on the CPU side), else EditorGpuUnavailableError.
 */
export const createEditorGl = (
  canvas: OffscreenCanvas,
  versions: readonly EditorGlVersion[] = ["webgl2", "webgl"],
): EditorGl => {
  const { gl, version } = contextOf(canvas, versions);
  const gl2 = isWebGL2(gl) ? gl : undefined;
  const program = linkedProgram(gl, gl2 === undefined ? "100" : "300 es");
  const location = (name: string) => gl.getUniformLocation(program, name);
  const uniforms = {
    sampler: location(sourceSamplerName),
    rowU: location(mappingUniformNames.rowU),
    rowV: location(mappingUniformNames.rowV),
    clearOutside: location(outsideUniformName),
    ...(Object.fromEntries(
      Object.entries(colourUniformNames).map(([key, name]) => [key, location(name)]),
    ) as Record<keyof ColourUniforms, WebGLUniformLocation | null>),
  };
  const corners = gl.createBuffer();
  gl.bindBuffer(gl.ARRAY_BUFFER, corners);
  gl.bufferData(gl.ARRAY_BUFFER, new Float32Array([-1, -1, 3, -1, -1, 3]), gl.STATIC_DRAW);
  gl.enableVertexAttribArray(0);
  gl.vertexAttribPointer(0, 2, gl.FLOAT, false, 0, 0);
  gl.useProgram(program);
  gl.uniform1i(uniforms.sampler, 0);
  gl.pixelStorei(gl.UNPACK_ALIGNMENT, 1);
  gl.pixelStorei(gl.PACK_ALIGNMENT, 1);
  const maxTextureSizePx = gl.getParameter(gl.MAX_TEXTURE_SIZE) as number;
  const textures = new Set<WebGLTexture>();

  const uploaded = (texture: WebGLTexture, bitmap: ImageBitmap) => {
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, gl.RGBA, gl.UNSIGNED_BYTE, bitmap);
    textures.add(texture);
    return texture;
  };

  return {
    version,
    maxTextureSizePx,
    wholeTexture: (bitmap, { mipmaps }) => {
      const mipmapped = mipmaps && gl2 !== undefined;
      // Sampled one level at a time (see `draw`), so the filter stays LINEAR.
      const texture = clampedLinearTexture(gl, gl.LINEAR);
      uploaded(texture, bitmap);
      if (mipmapped) gl.generateMipmap(gl.TEXTURE_2D);
      return { texture, mipmapped };
    },
    regionTexture: async (bitmap, region, reused) => {
      const texture = reused ?? clampedLinearTexture(gl, gl.LINEAR);
      if (gl2 !== undefined) {
        // WebGL2 uploads a rectangle of a bitmap as it is: the skips pick its corner.
        gl2.bindTexture(gl2.TEXTURE_2D, texture);
        gl2.pixelStorei(gl2.UNPACK_SKIP_PIXELS, region.xPx);
        gl2.pixelStorei(gl2.UNPACK_SKIP_ROWS, region.yPx);
        gl2.texImage2D(
          gl2.TEXTURE_2D,
          0,
          gl2.RGBA8,
          region.widthPx,
          region.heightPx,
          0,
          gl2.RGBA,
          gl2.UNSIGNED_BYTE,
          bitmap,
        );
        gl2.pixelStorei(gl2.UNPACK_SKIP_PIXELS, 0);
        gl2.pixelStorei(gl2.UNPACK_SKIP_ROWS, 0);
        textures.add(texture);
        return texture;
      }
      const { xPx, yPx, widthPx, heightPx } = region;
      const cropped = await createImageBitmap(bitmap, xPx, yPx, widthPx, heightPx);
      try {
        gl.bindTexture(gl.TEXTURE_2D, texture);
        return uploaded(texture, cropped);
      } finally {
        cropped.close();
      }
    },
    tileTarget: (sizePx) => {
      const texture = clampedLinearTexture(gl, gl.LINEAR);
      gl.texImage2D(
        gl.TEXTURE_2D,
        0,
        gl.RGBA,
        sizePx.widthPx,
        sizePx.heightPx,
        0,
        gl.RGBA,
        gl.UNSIGNED_BYTE,
        null,
      );
      const framebuffer = gl.createFramebuffer();
      gl.bindFramebuffer(gl.FRAMEBUFFER, framebuffer);
      gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, texture, 0);
      gl.bindFramebuffer(gl.FRAMEBUFFER, null);
      return {
        framebuffer,
        sizePx,
        read: ({ widthPx, heightPx }, into) => {
          gl.bindFramebuffer(gl.FRAMEBUFFER, framebuffer);
          // WebGL1 reads bytes only into a Uint8Array: a view of the same memory.
          const bytes = new Uint8Array(into.buffer, into.byteOffset, widthPx * heightPx * 4);
          gl.readPixels(0, 0, widthPx, heightPx, gl.RGBA, gl.UNSIGNED_BYTE, bytes);
          gl.bindFramebuffer(gl.FRAMEBUFFER, null);
          if (gl.isContextLost()) throw new EditorGpuLostError();
        },
        dispose: () => {
          gl.deleteFramebuffer(framebuffer);
          gl.deleteTexture(texture);
        },
      };
    },
    draw: ({
      texture,
      framebuffer,
      targetSize,
      clear,
      viewport,
      fragmentToTexture,
      clearOutsideTexture,
      colour,
      mipLevel,
    }) => {
      gl.bindFramebuffer(gl.FRAMEBUFFER, framebuffer);
      if (clear) {
        gl.viewport(0, 0, targetSize.widthPx, targetSize.heightPx);
        gl.clearColor(0, 0, 0, 0);
        gl.clear(gl.COLOR_BUFFER_BIT);
      }
      gl.viewport(viewport.xPx, viewport.yPx, viewport.widthPx, viewport.heightPx);
      gl.useProgram(program);
      gl.activeTexture(gl.TEXTURE0);
      gl.bindTexture(gl.TEXTURE_2D, texture);
      if (mipLevel !== undefined && gl2 !== undefined) {
        // The level alone makes the texture: a LINEAR filter samples it as a texture of one level.
        gl2.texParameteri(gl2.TEXTURE_2D, gl2.TEXTURE_BASE_LEVEL, mipLevel);
        gl2.texParameteri(gl2.TEXTURE_2D, gl2.TEXTURE_MAX_LEVEL, mipLevel);
      }
      const [a, b, c, d, e, f] = fragmentToTexture;
      gl.uniform3f(uniforms.rowU, a, b, c);
      gl.uniform3f(uniforms.rowV, d, e, f);
      gl.uniform1f(uniforms.clearOutside, clearOutsideTexture === true ? 1 : 0);
      gl.uniform1f(uniforms.exposureGain, colour.exposureGain);
      gl.uniform1f(uniforms.brightnessOffset, colour.brightnessOffset);
      gl.uniform1f(uniforms.contrastGain, colour.contrastGain);
      gl.uniform1f(uniforms.shadowsLift, colour.shadowsLift);
      gl.uniform1f(uniforms.highlightsLift, colour.highlightsLift);
      gl.uniform1f(uniforms.warmthShift, colour.warmthShift);
      gl.uniform1f(uniforms.saturationGain, colour.saturationGain);
      gl.uniformMatrix3fv(uniforms.filterColumns, false, colour.filterColumns);
      gl.uniform3f(uniforms.filterOffset, ...colour.filterOffset);
      gl.uniform1f(uniforms.filterStrength, colour.filterStrength);
      gl.drawArrays(gl.TRIANGLES, 0, 3);
    },
    deleteTexture: (texture) => {
      textures.delete(texture);
      gl.deleteTexture(texture);
    },
    isLost: () => gl.isContextLost(),
    dispose: () => {
      for (const texture of textures) gl.deleteTexture(texture);
      textures.clear();
      gl.deleteBuffer(corners);
      gl.deleteProgram(program);
      gl.getExtension("WEBGL_lose_context")?.loseContext();
    },
  };
};
