import { describe, expect, it } from "vitest";
import { createRestartBudget } from "./restart-budget";

describe("the restart budget of server processes", () => {
  it("replaces a process that crashes now and then", () => {
    const budget = createRestartBudget({ maxExits: 2, windowMs: 60_000 });
    expect(budget.allowsRestartAfterExit(0)).toBe(true);
    expect(budget.allowsRestartAfterExit(50_000)).toBe(true);
    expect(budget.allowsRestartAfterExit(120_000)).toBe(true);
    expect(budget.allowsRestartAfterExit(200_000)).toBe(true);
  });

  it("gives up on a process that keeps failing within the window", () => {
    const budget = createRestartBudget({ maxExits: 2, windowMs: 60_000 });
    expect(budget.allowsRestartAfterExit(0)).toBe(true);
    expect(budget.allowsRestartAfterExit(1_000)).toBe(true);
    expect(budget.allowsRestartAfterExit(2_000)).toBe(false);
  });

  it("forgets exits older than the window", () => {
    const budget = createRestartBudget({ maxExits: 1, windowMs: 10_000 });
    expect(budget.allowsRestartAfterExit(0)).toBe(true);
    expect(budget.allowsRestartAfterExit(10_000)).toBe(true);
    expect(budget.allowsRestartAfterExit(15_000)).toBe(false);
  });
});
