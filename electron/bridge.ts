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
  /**
   * Sets the one callback that opens deep links (`undefined` removes it).
   * It receives an in-app route such as `/gallery?collection=12`: always a
   * path on the app's own origin, never a URL (see: [Note: The link scheme
   * and the serving origin]). A route that arrives while no callback is set
   * is kept (the latest one only) and handed to the next callback set.
   */
  readonly onOpenURL: (callback: ((route: string) => void) | undefined) => void;
}

/** IPC channel names, spelled once. */
export const ipcChannels = {
  appVersion: "cairn:app-version",
  /** Main → renderer: a deep link's route. See: [Note: How a deep link reaches the photos app] */
  openURL: "cairn:open-url",
} as const;

declare global {
  interface Window {
    /** Present only inside the desktop app. */
    electron?: ElectronBridge;
  }
}
