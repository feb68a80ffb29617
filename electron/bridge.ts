/**
 * The typed bridge between the desktop shell and the photos app it hosts.
 *
 * [Note: One declaration of the Electron bridge]
 *
 * The preload script exposes exactly this object as `window.electron`, and the
 * renderer reads it through the same type, so the two sides cannot drift (the
 * reference keeps three hand-synced copies). Desktop features (export, folder
 * watching, native conversions) add members here as their issues land.
 */
export interface ElectronBridge {
  /** The `X-Client-Package` value the photos app sends when it runs in the desktop app. */
  readonly clientPackage: "io.cairn.photos.desktop";
  /** The desktop app's version, e.g. "0.1.0". */
  readonly appVersion: () => Promise<string>;
}

/** IPC channel names, spelled once. */
export const ipcChannels = {
  appVersion: "cairn:app-version",
} as const;

declare global {
  interface Window {
    /** Present only inside the desktop app. */
    electron?: ElectronBridge;
  }
}
