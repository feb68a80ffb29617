import { describe, expect, it } from "vitest";
import type { ActiveSession } from "../../../shared/api/endpoints/users";
import { sessionsShown } from "./account-sessions";

const session = (
  token: string,
  lastUsedMs: number,
  prettyUA = "Chrome on Linux",
): ActiveSession => ({
  token,
  creationTime: 1_700_000_000_000_000,
  ip: "192.0.2.7",
  ua: "Mozilla/5.0 (X11; Linux x86_64)",
  prettyUA,
  lastUsedTime: lastUsedMs * 1000,
});

describe("the settings' devices", () => {
  it("lists this device first, then the most recently used", () => {
    const shown = sessionsShown(
      [session("a", 1000), session("b", 3000), session("mine", 2000)],
      "mine",
    );
    expect(shown.map((view) => [view.name, view.isThisDevice])).toEqual([
      ["mine", true],
      ["b", false],
      ["a", false],
    ]);
    expect(shown[1]?.lastUsedAtMs).toBe(3000);
  });

  it("names a device by its browser, or by its user agent when the server could not", () => {
    const [view] = sessionsShown([session("a", 1, "")], undefined);
    expect(view?.device).toBe("Mozilla/5.0 (X11; Linux x86_64)");
    expect(view?.isThisDevice).toBe(false);
  });
});
