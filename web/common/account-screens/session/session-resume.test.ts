import { describe, expect, it } from "vitest";
import type { ResumedSession } from "../../accounts/account-service";
import type { RouteAccess } from "../../routing/route-table";
import { resumeRedirect } from "./session-resume";

describe("resumeRedirect", () => {
  const cases: [ResumedSession, string, RouteAccess | undefined, string | undefined][] = [
    [{ kind: "needs-password" }, "/gallery", "needs-login", "/credentials"],
    [{ kind: "needs-password" }, "/change-password", "needs-login", "/credentials"],
    [{ kind: "needs-password" }, "/credentials", "needs-login", undefined],
    [{ kind: "needs-password" }, "/recover", "public", undefined],
    [{ kind: "needs-password" }, "/login", "public", undefined],
    [{ kind: "needs-password" }, "/", undefined, undefined],
    [{ kind: "needs-keys" }, "/gallery", "needs-login", "/generate"],
    [{ kind: "needs-keys" }, "/generate", "needs-login", undefined],
    [{ kind: "logged-in" }, "/gallery", "needs-login", undefined],
    [{ kind: "logged-out" }, "/gallery", "needs-login", undefined],
    [{ kind: "two-factor", sessionID: "s" }, "/gallery", "needs-login", undefined],
  ];
  it.each(cases)("%j on %s (%s) → %s", (resumed, path, access, expected) => {
    expect(resumeRedirect(resumed, path, access)).toBe(expected);
  });
});
