// Adds messages to the eight locale catalogues at once, from one JSON file of
// the shape { "message.id": { "en-US": "…", "fr-FR": "…", … } }. Every
// locale must be given for every message (the catalogue test checks the same
// thing). Existing ids are replaced in place; new ids are appended. Several
// people adding messages at the same time run it under `flock` (see the
// usage line) so that no write is lost.
//
// Usage: flock /tmp/cairn-locales.lock npx tsx scripts/add-locale-messages.ts messages.json

import { readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

const locales = ["en-US", "fr-FR", "de-DE", "zh-CN", "nl-NL", "es-ES", "pt-BR", "ru-RU"] as const;
const localesDir = fileURLToPath(new URL("../locales", import.meta.url));

const main = async () => {
  const source = process.argv[2];
  if (source === undefined) throw new Error("Usage: add-locale-messages.ts <messages.json>");
  const additions = JSON.parse(await readFile(source, "utf8")) as Record<
    string,
    Record<string, unknown>
  >;
  for (const [id, byLocale] of Object.entries(additions)) {
    for (const locale of locales) {
      if (typeof byLocale[locale] !== "string" || byLocale[locale] === "") {
        throw new Error(`Message ${id} has no ${locale} text`);
      }
    }
  }
  for (const locale of locales) {
    const file = path.join(localesDir, `${locale}.json`);
    const catalogue = JSON.parse(await readFile(file, "utf8")) as Record<string, string>;
    for (const [id, byLocale] of Object.entries(additions))
      catalogue[id] = byLocale[locale] as string;
    const temporary = `${file}.${String(process.pid)}.tmp`;
    await writeFile(temporary, `${JSON.stringify(catalogue, null, 2)}\n`);
    await rename(temporary, file);
  }
  process.stdout.write(
    `Added ${String(Object.keys(additions).length)} messages to ${String(locales.length)} locales\n`,
  );
};

await main();
