import { createHash } from "node:crypto";

/** Each `<style>` element and its text, as the HTML parser reads raw text: up to the first `</style`. */
const inlineStyleElement = /<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi;

/**
 * The `'sha256-…'` source of each inline `<style>` element of `html`, which
 * lets exactly that text apply under a `style-src` without `'unsafe-inline'`
 * (the hash is of the element's text as written, in UTF-8).
 * See: [Note: The web apps' Content-Security-Policy]
 */
export const inlineStyleHashes = (html: string): string[] =>
  [...html.matchAll(inlineStyleElement)].map(
    ([, text = ""]) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`,
  );
