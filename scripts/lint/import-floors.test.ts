import path from "node:path";
import { Linter } from "eslint";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";
import importFloors from "./import-floors.js";

const repoRoot = path.resolve(import.meta.dirname, "../..");
const linter = new Linter({ configType: "flat", cwd: repoRoot });

/** The messages of the floors rule for `source` as if it stood at `file` (repository-relative). */
const floorMessages = (file: string, source: string): string[] =>
  linter
    .verify(
      source,
      [
        {
          files: ["**/*.ts", "**/*.tsx"],
          languageOptions: { parser: tseslint.parser },
          plugins: { cairn: importFloors },
          rules: { "cairn/import-floors": "error" },
        },
      ],
      { filename: path.join(repoRoot, file) },
    )
    .map(({ message }) => message);

describe("the import floors of architecture.md", () => {
  it.each([
    // [file, import, what lint says (empty: allowed)]
    ["shared/model/library/a.ts", 'import { b } from "./b";', ""],
    [
      "shared/model/library/a.ts",
      'import { x } from "../../../workers/sync/x";',
      "may not import workers/",
    ],
    [
      "shared/model/library/a.ts",
      'import type { X } from "../../../web/common/x";',
      "may not import web/",
    ],
    ["shared/api/a.ts", 'export { x } from "../../server/src/x";', "may not import server/"],
    ["workers/sync/a.ts", 'import { x } from "../../shared/model/x";', ""],
    ["workers/sync/a.ts", 'import { x } from "../../web/common/x";', "may not import web/"],
    ["workers/sync/a.ts", 'import { x } from "../../tests/test-support/media";', "test support"],
    ["web/common/a.ts", 'import type { X } from "../../workers/sync/x";', ""],
    ["web/common/a.ts", 'import { type X, type Y } from "../../workers/sync/x";', ""],
    ["web/common/a.ts", 'import { X } from "../../workers/sync/x";', "only types from workers/"],
    ["web/common/a.ts", 'import { X } from "../../server/src/x";', "may not import server/"],
    // A folder named `workers` inside `web` is not the top-level one.
    ["web/common/accounts/a.ts", 'import { x } from "../workers/browser-sync-worker";', ""],
    ["web/common/a.ts", 'import en from "../../locales/en-US.json";', ""],
    ["electron/main/a.ts", 'import { x } from "../../workers/export/x";', ""],
    ["server/src/a.ts", 'import { x } from "../../shared/api/x";', ""],
    ["server/src/a.ts", 'import { x } from "../../workers/sync/x";', "may not import workers/"],
    ["server/src/a.ts", 'import { x } from "../test-support/accounts";', "test support"],
    // Tests and test support may import anything.
    ["server/src/a.test.ts", 'import { x } from "../test-support/accounts";', ""],
    [
      "workers/sync/test-support/a.ts",
      'import { x } from "../../../tests/test-support/media";',
      "",
    ],
    ["tests/e2e/a.e2e.ts", 'import { x } from "../../server/src/main";', ""],
  ])("%s: %s", (file, source, expected) => {
    const messages = floorMessages(file, source);
    if (expected === "") expect(messages).toEqual([]);
    else expect(messages).toEqual([expect.stringContaining(expected)]);
  });
});
