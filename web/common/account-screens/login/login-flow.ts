// Where a person goes after each account step, and what the screens of one
// login pass to each other.
//
// [Note: Login flow state travels in the history entry]
//
// The email being verified, the two-factor session and the passkey session
// are handed from one screen to the next as react-router location state. It
// is kept in the browser's history entry, so a reload of `/verify` or
// `/two-factor/verify` keeps it, and it never reaches local storage (after
// logout nothing of a half-finished login remains there). A screen opened
// without its state sends the person back to the start of the flow.

import { useCallback } from "react";
import { useNavigate } from "react-router";
import { z } from "zod";
import { useAppDefinition } from "../../app/app-definition";
import type { LoginStep } from "../../accounts/account-service";
import { followPendingRedirect } from "../../redirect/pending-redirect";
import { homePaths } from "./home-path";

/** `/verify`: which address got a code, and why. */
export const verifyStateSchema = z.object({
  email: z.string(),
  purpose: z.enum(["signup", "login"]),
  /** `recover`: the person forgot their password; once the email is proven, `/recover`. */
  then: z.literal("recover").optional(),
});
export type VerifyState = z.infer<typeof verifyStateSchema>;

/** `/two-factor/verify` and `/two-factor/recover`: the second factor the login waits for. */
export const twoFactorStateSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("totp"), sessionID: z.string() }),
  z.object({
    kind: z.literal("passkey"),
    sessionID: z.string(),
    accountsUrl: z.string(),
    twoFactorSessionID: z.string().optional(),
  }),
]);
export type TwoFactorState = z.infer<typeof twoFactorStateSchema>;

/** The location state of a screen, if it has the shape the screen expects. */
export function parseLocationState<T>(schema: z.ZodType<T>, state: unknown): T | undefined {
  const parsed = schema.safeParse(state);
  return parsed.success ? parsed.data : undefined;
}

export type LoginStepTarget =
  { kind: "leave" } | { kind: "route"; path: string; state?: TwoFactorState };

/** The screen that follows `step` in an app whose home is `homePath`. Pure. */
export function loginStepTarget(
  step: LoginStep,
  homePath: string,
  hasPendingRedirect: () => boolean,
): LoginStepTarget {
  switch (step.kind) {
    case "logged-in":
      return hasPendingRedirect() ? { kind: "leave" } : { kind: "route", path: homePath };
    case "needs-password":
      return { kind: "route", path: "/credentials" };
    case "needs-keys":
      return { kind: "route", path: "/generate" };
    case "two-factor":
      return {
        kind: "route",
        path: "/two-factor/verify",
        state: { kind: "totp", sessionID: step.sessionID },
      };
    case "passkey":
      return {
        kind: "route",
        path: "/two-factor/verify",
        state: {
          kind: "passkey",
          sessionID: step.sessionID,
          accountsUrl: step.accountsUrl,
          ...(step.twoFactorSessionID === undefined
            ? {}
            : { twoFactorSessionID: step.twoFactorSessionID }),
        },
      };
  }
}

/** Go where `step` leads: the next screen, the app's home, or a held redirect. */
export function useFollowLoginStep(): (step: LoginStep) => void {
  const navigate = useNavigate();
  const app = useAppDefinition();
  return useCallback(
    (step: LoginStep) => {
      // Following the held redirect leaves the page (see web/common/redirect).
      const target = loginStepTarget(step, homePaths[app.name], () => followPendingRedirect());
      if (target.kind === "leave") return;
      void navigate(target.path, { replace: true, state: target.state });
    },
    [navigate, app.name],
  );
}
