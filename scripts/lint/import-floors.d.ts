// Types of `import-floors.js` (plain JavaScript, so that the ESLint config loads it as it is).
import type { ESLint } from "eslint";

export declare const importFloors: Readonly<
  Record<string, Readonly<Record<string, "any" | "types">>>
>;

declare const plugin: ESLint.Plugin;
export default plugin;
