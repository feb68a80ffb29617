// TensorFlow.js as @vladmandic/human 3.3.6 bundles it (tfjs 4.22.0: core,
// converter and the cpu, wasm, webgl and webgpu backends in one ES module).
//
// [Note: The things detector uses the tfjs bundled in human]
//
// The COCO detector's weights ship in @vladmandic/human, but `Human` itself
// brings face, body, hand and gesture pipelines, its own image filters and
// a 2 MB bundle, and decides its backend from the page (document, canvas).
// The detector needs none of that: one graph model, run on the tfjs that
// human bundles (1.3 MB), with the backend chosen by us. The package's
// `exports` map does not list its bundled tfjs (only `human*.js`), so it is
// imported by path, and its declaration file is taken from `types/`: the
// one beside the bundle re-exports `types/tfjs.esm` by a path that only
// resolves with the package's own `baseUrl`. This file is the one place that
// reaches into the package; everything else imports `tf` from here.

// eslint-disable-next-line cairn/import-floors -- the bundle is not in the package's exports; see the Note above
import type * as TfjsCore from "../../../node_modules/@vladmandic/human/types/tfjs-core";
// eslint-disable-next-line cairn/import-floors -- the bundle is not in the package's exports; see the Note above
import type * as TfjsModule from "../../../node_modules/@vladmandic/human/types/tfjs.esm";
// eslint-disable-next-line cairn/import-floors -- the bundle is not in the package's exports; see the Note above
import * as bundled from "../../../node_modules/@vladmandic/human/dist/tfjs.esm.js";

/** The bundled tfjs's API, as the modules that take it as a dependency name it. */
// Its declarations come in two files: tfjs-core's, and the rest (converter,
// backends) beside them.
export type Tfjs = typeof TfjsCore & typeof TfjsModule;

/** What tfjs asks of its host (fetch, clock, text codecs). */
export type TfjsPlatform = ReturnType<Tfjs["env"]>["platform"];

/** The bundled TensorFlow.js. See: [Note: The things detector uses the tfjs bundled in human] */
// Its own declaration file re-exports nothing we can resolve (see above), so
// the module is typed from the package's bundled declarations.
export const tf = bundled as unknown as Tfjs;
