// ESLint flat config: typescript-eslint's strict type-checked rules over every
// TypeScript file of the project, the rules of hooks for the React views, and
// the import floors of architecture.md.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import importFloors from "./scripts/lint/import-floors.js";

export default tseslint.config(
  {
    ignores: [
      "node_modules",
      "dist",
      "out",
      "data",
      "coverage",
      "bench/results",
      "**/*.js",
      "**/*.mjs",
      "**/*.cjs",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "@typescript-eslint/restrict-template-expressions": ["error", { allowNumber: true }],
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
    },
  },
  {
    files: ["web/**/*.tsx", "web/**/*.ts"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // See: [Note: The floors are checked by lint]
    files: ["**/*.ts", "**/*.tsx"],
    plugins: { cairn: importFloors },
    rules: { "cairn/import-floors": "error" },
  },
);
