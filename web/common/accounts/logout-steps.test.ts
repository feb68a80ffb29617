import { describe, expect, it } from "vitest";
import { logoutStepFailureMessage, logoutStepsFor, runLogoutSteps } from "./logout-steps";

describe("logout order (spec §4)", () => {
  it.each([
    [
      "web",
      [
        "remote logout",
        "in-memory state",
        "session storage",
        "local storage",
        "offline stores",
        "caches",
        "http auth",
        "feature flags",
        "download manager",
        "CLIP",
      ],
    ],
    [
      "desktop",
      [
        "remote logout",
        "in-memory state",
        "session storage",
        "local storage",
        "offline stores",
        "caches",
        "http auth",
        "feature flags",
        "download manager",
        "CLIP",
        "ML",
        "face",
        "export",
        "shell",
      ],
    ],
  ] as const)("on %s runs %j", (platform, expected) => {
    expect(logoutStepsFor(platform)).toEqual(expected);
  });

  it("logs a failing step as 'Ignoring error during logout (step)' and runs the rest in order", async () => {
    const ran: string[] = [];
    const logged: string[] = [];
    const failure = new Error("server unreachable");
    const outcomes = await runLogoutSteps(
      "web",
      {
        "remote logout": () => {
          ran.push("remote logout");
          throw failure;
        },
        "session storage": () => {
          ran.push("session storage");
        },
        caches: async () => {
          ran.push("caches");
          await Promise.reject(new Error("broken cache"));
        },
        CLIP: () => {
          ran.push("CLIP");
        },
      },
      (message) => logged.push(message),
    );
    expect(ran).toEqual(["remote logout", "session storage", "caches", "CLIP"]);
    expect(logged).toEqual([
      "Ignoring error during logout (remote logout)",
      "Ignoring error during logout (caches)",
    ]);
    expect(outcomes.filter((o) => !o.ok).map((o) => o.step)).toEqual(["remote logout", "caches"]);
    expect(outcomes).toHaveLength(10);
    expect(logoutStepFailureMessage("shell")).toBe("Ignoring error during logout (shell)");
  });
});
