// [Note: Zod parses without eval]
//
// Zod 4 compiles a fast parser for each object schema with `new Function`,
// after probing once, with `Function("")`, whether the realm allows it. The
// web apps' Content-Security-Policy allows no eval (see: [Note: The web
// apps' Content-Security-Policy]): the probe throws and zod falls back to
// its interpreted parsers, but the browser reports the refused probe as a
// policy violation (an event, a console error) in every page and worker that
// makes a schema. `jitless` skips both the probe and the compiling; parsing
// then costs what it costs under the policy anyway (a file's metadata about
// 3 µs instead of 1.2 µs in Node). Zod decides when it makes an object
// schema, so the setting must come first: every entry whose modules make
// schemas (the three apps; the sync, media and public album workers; the
// diff page chunk a crypto worker loads with its first page, which keeps
// zod out of that worker's start) imports this module before any module
// that defines one. That order holds in the sources, but a bundler may
// move the schemas into a chunk of their own that the entry imports, and an
// imported chunk runs before the body of the chunk importing it: so the web
// builds also begin every chunk they write with the same setting (zod keeps
// its settings in `globalThis.__zod_globalConfig` and takes an object put
// there first; `web/vite-app-config.ts`). The browser test of the security
// headers fails if a schema is made before it. The server imports none of
// them and keeps the compiled parsers.

import { config } from "zod";

config({ jitless: true });
