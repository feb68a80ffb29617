// The three web apps of Cairn and the client package name each one sends in
// `X-Client-Package` (wire-contract.md: the server maps `io.cairn.auth*` to the
// auth app and every other value to photos).

export const webAppNames = ["photos", "accounts", "auth"] as const;

export type WebAppName = (typeof webAppNames)[number];

export const clientPackageNames = {
  photos: "io.cairn.photos.web",
  accounts: "io.cairn.accounts.web",
  auth: "io.cairn.auth.web",
} as const satisfies Record<WebAppName, string>;

export type ClientPackageName = (typeof clientPackageNames)[WebAppName];

export const clientPackageFor = (app: WebAppName): ClientPackageName => clientPackageNames[app];

export const isWebAppName = (value: string): value is WebAppName =>
  (webAppNames as readonly string[]).includes(value);
