import { defineConfig } from "vitest/config";

// Two projects: `unit` holds every `*.test.ts(x)` beside the code (Node by default;
// a file that needs a DOM says so with a `@vitest-environment happy-dom` comment),
// `e2e` drives Debian's Chromium against the real server and the built apps.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          globalSetup: [
            "server/test-support/postgres-global-setup.ts",
            // See: [Note: Test accounts share one derived password key]
            "tests/test-support/shared-kek-global-setup.ts",
          ],
          include: [
            "{shared,workers,web,server,electron,scripts,bench}/**/*.test.{ts,tsx}",
            "tests/test-support/**/*.test.ts",
          ],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // [Note: Three unit test files run at once]
          // Vitest's default is one worker fewer than the cores: one file at
          // a time on the 2-core machines. Each file makes its own databases,
          // folders and ports, so files run side by side, and many wait on
          // their servers, child processes and timers rather than compute:
          // on the 2-core machine the whole unit project took 1,022 s one
          // file at a time, 842 s two at a time and 768 s three at a time,
          // every test passing; the slowest test under the default 30 s
          // timeout took 20 s with three.
          maxWorkers: 3,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.e2e.ts"],
          // See: [Note: Test accounts share one derived password key]
          globalSetup: ["tests/test-support/shared-kek-global-setup.ts"],
          environment: "node",
          // See: [Note: Browser test waits are sized for a loaded 2-core machine]
          // The poll defaults are `pageCatchUpMs` and `pollIntervalMs` of
          // tests/e2e/test-support/waits.ts, spelled out because Vite's config
          // loader warns about importing a TypeScript file without its extension.
          testTimeout: 300_000,
          hookTimeout: 600_000,
          expect: { poll: { timeout: 60_000, interval: 250 } },
          // [Note: Two browser test files run at once]
          // A browser test file mostly waits: for Argon2id in one worker, for
          // the server, for a frame. Measured on 2 cores, one file at a time
          // kept about half a core busy, and the suite took 1,028 s; two at a
          // time, 735 s, with every test passing. Each file starts its own
          // server on free ports with its own data folder and browser, so
          // files share nothing; the waits are sized for the extra load.
          maxWorkers: 2,
        },
      },
    ],
  },
});
