// [Note: fast-srp-hap needs a global Buffer]
//
// fast-srp-hap (and the jsbn it bundles) call `Buffer.from`, `Buffer.alloc`
// and `Buffer.isBuffer` on a global `Buffer`, which Node has and browsers do
// not. Importing this module first (before fast-srp-hap) installs the `buffer`
// package's implementation in browsers and workers; in Node the native global
// is already there and this does nothing.

import { Buffer as BufferPolyfill } from "buffer";

if (!("Buffer" in globalThis)) {
  Object.assign(globalThis, { Buffer: BufferPolyfill });
}
