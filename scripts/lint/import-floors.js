// ESLint rule `cairn/import-floors`: who may import whom, the table of
// `../shared/design/architecture.md` ("Top-level layout"), checked on every
// relative import of production code.
//
// [Note: The floors are checked by lint]
//
// `shared` knows nobody, `workers` know `shared`, the views know `shared`
// and the workers' types (a value from a worker module would pull worker code
// onto the UI thread), `electron` knows `shared` and `workers`, the server
// knows `shared`. Tests, test support, the bench and the scripts may import
// anything; production code never imports test support. Imports are resolved
// against the importing file, so a folder that happens to be called
// `workers` inside `web` is not mistaken for the top-level one.

import path from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** For each checked top-level folder: the other top-level folders it may import, and how. */
export const importFloors = {
  shared: {},
  workers: { shared: "any" },
  web: { shared: "any", workers: "types", locales: "any" },
  electron: { shared: "any", workers: "any" },
  server: { shared: "any" },
};

const isTestFile = (relativePath) =>
  /\.(test|e2e)\.tsx?$/.test(relativePath) || relativePath.split("/").includes("test-support");

const isTypeOnly = (node) => {
  if (node.importKind === "type" || node.exportKind === "type") return true;
  const specifiers = node.specifiers ?? [];
  return (
    specifiers.length > 0 &&
    specifiers.every(
      (specifier) => specifier.importKind === "type" || specifier.exportKind === "type",
    )
  );
};

/** @type {import("eslint").Rule.RuleModule} */
const importFloorsRule = {
  meta: {
    type: "problem",
    docs: { description: "Enforce the import floors of architecture.md" },
    messages: {
      upward: "{{from}}/ may not import {{to}}/ (architecture.md: who may import whom).",
      typesOnly: "{{from}}/ may import only types from {{to}}/: use `import type`.",
      testSupport: "Production code may not import test support ({{source}}).",
    },
    schema: [],
  },
  create(context) {
    const filePath = path.relative(repoRoot, context.filename).split(path.sep).join("/");
    const fromTop = filePath.split("/")[0];
    const floors = importFloors[fromTop];
    if (floors === undefined || isTestFile(filePath)) return {};

    const check = (node, source) => {
      if (typeof source !== "string" || !source.startsWith(".")) return;
      const target = path
        .relative(repoRoot, path.resolve(path.dirname(context.filename), source))
        .split(path.sep)
        .join("/");
      if (target.split("/").includes("test-support")) {
        context.report({ node, messageId: "testSupport", data: { source } });
        return;
      }
      const toTop = target.split("/")[0];
      if (toTop === fromTop || toTop.startsWith("..")) return;
      const allowed = floors[toTop];
      if (allowed === undefined) {
        context.report({ node, messageId: "upward", data: { from: fromTop, to: toTop } });
      } else if (allowed === "types" && !isTypeOnly(node)) {
        context.report({ node, messageId: "typesOnly", data: { from: fromTop, to: toTop } });
      }
    };

    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === "Literal" && check(node, node.source.value),
    };
  },
};

export default { rules: { "import-floors": importFloorsRule } };
