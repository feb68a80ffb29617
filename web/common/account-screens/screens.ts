// Which screen each account route shows, per app (spec §2).

import type { ComponentType } from "react";
import type { WebAppName } from "../app/app-names";
import { ChangeEmailPage } from "./ChangeEmailPage";
import { ChangePasswordPage } from "./ChangePasswordPage";
import { CredentialsPage } from "./CredentialsPage";
import { GeneratePage } from "./GeneratePage";
import { LoginPage } from "./LoginPage";
import { PasskeysPage } from "./PasskeysPage";
import { RecoverPage } from "./RecoverPage";
import { SignupPage } from "./SignupPage";
import { TwoFactorRecoverPage } from "./TwoFactorRecoverPage";
import { TwoFactorSetupPage } from "./TwoFactorSetupPage";
import { TwoFactorVerifyPage } from "./TwoFactorVerifyPage";
import { VerifyPage } from "./VerifyPage";

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
