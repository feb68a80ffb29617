// Which screen each account route shows, per app (spec §2).

import type { ComponentType } from "react";
import type { WebAppName } from "../app/app-names";
import { ChangeEmailPage } from "./settings/ChangeEmailPage";
import { ChangePasswordPage } from "./settings/ChangePasswordPage";
import { CredentialsPage } from "./login/CredentialsPage";
import { GeneratePage } from "./signup/GeneratePage";
import { LoginPage } from "./login/LoginPage";
import { PasskeysPage } from "./passkeys/PasskeysPage";
import { RecoverPage } from "./recovery/RecoverPage";
import { SignupPage } from "./signup/SignupPage";
import { TwoFactorRecoverPage } from "./two-factor/TwoFactorRecoverPage";
import { TwoFactorSetupPage } from "./two-factor/TwoFactorSetupPage";
import { TwoFactorVerifyPage } from "./two-factor/TwoFactorVerifyPage";
import { VerifyPage } from "./signup/VerifyPage";

/** The account routes every app has. */
const commonScreens: Readonly<Record<string, ComponentType>> = {
  "/login": LoginPage,
  "/signup": SignupPage,
  "/verify": VerifyPage,
  "/credentials": CredentialsPage,
  "/recover": RecoverPage,
  "/generate": GeneratePage,
  "/two-factor/setup": TwoFactorSetupPage,
  "/two-factor/verify": TwoFactorVerifyPage,
  "/two-factor/recover": TwoFactorRecoverPage,
};

const appScreens: Record<WebAppName, Readonly<Record<string, ComponentType>>> = {
  photos: {
    "/change-email": ChangeEmailPage,
    "/change-password": ChangePasswordPage,
  },
  accounts: { "/passkeys": PasskeysPage },
  auth: {},
};

/** The screen of `path` in `app`, if it has been built (others show their title). */
export const accountScreenFor = (app: WebAppName, path: string): ComponentType | undefined =>
  appScreens[app][path] ?? commonScreens[path];
