/**
 * The typed bridge between the desktop shell and the photos app it hosts.
 *
 * [Note: One declaration of the Electron bridge]
 *
 * The preload script exposes exactly this object as `window.electron`, and the
 * renderer reads it through the same type, so the two sides cannot drift (the
 * reference keeps three hand-synced copies). It lives in `shared` because
 * both the desktop shell and the web app import it, and neither may import
 * the other. Desktop features (export, folder
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
  /**
   * Sets the one callback that shows the update-available dialog (spec §2;
   * `undefined` removes it); an update found before it is set waits for it.
   * See: [Note: The updater's listeners are registered once]
   */
  readonly onAppUpdateAvailable: (
    callback: ((update: AppUpdateAvailable) => void) | undefined,
  ) => void;
  /** "Install now": the app restarts into the downloaded update. */
  readonly installUpdateNow: () => Promise<void>;
  /** "Install on next launch": installed when the app quits, and not offered again. */
  readonly installUpdateOnNextLaunch: (version: string) => Promise<void>;
  /** "Ignore this version". */
  readonly ignoreUpdate: (version: string) => Promise<void>;
  /** "Download and install": the download page in the user's browser. */
  readonly downloadUpdate: () => Promise<void>;
  /**
   * Opens the native folder picker. Answers the export folder made in the
   * chosen one (`<chosen>/Cairn Photos`), or undefined when cancelled; only
   * this folder can be exported to. See: [Note: The export writes only where the user chose]
   */
  readonly selectExportFolder: () => Promise<string | undefined>;
  /**
   * Asks for ports to the export process, for `exportFolder`: answers false
   * (and nothing comes) unless it is the folder the user chose; else the
   * window receives a message `exportPortsMessage` whose two ports are the
   * export's control port (`ExportControl`) and the port it reads the
   * library on (`ExportLibraryCalls`). See: [Note: The export runs in a utility process]
   */
  readonly connectExport: (exportFolder: string) => Promise<boolean>;
  /**
   * Asks for a port to the native conversions (spec §6): the window
   * receives a message `conversionPortsMessage` whose one port serves
   * `NativeConversions` (images to JPEG, videos to MP4).
   */
  readonly connectNativeConversions: () => Promise<void>;
  /**
   * Asks for a port to the native CLIP (onnxruntime-node in the ML process):
   * the window receives a message `mlPortsMessage` whose one port serves
   * `ClipCalls`. See: [Note: The desktop runs CLIP natively]
   */
  readonly connectNativeML: () => Promise<void>;
}

/** The data of the window message that carries the native CLIP's port. */
export const mlPortsMessage = "cairn:ml-ports";

/** The data of the window message that carries the native conversions' port. */
export const conversionPortsMessage = "cairn:conversion-ports";

/**
 * The data of the window message that carries the export's ports (ports
 * cannot cross the context bridge, so the preload posts them to the window).
 */
export const exportPortsMessage = "cairn:export-ports";

/** IPC channel names, spelled once. */
export const ipcChannels = {
  appVersion: "cairn:app-version",
  /** Main → renderer: a deep link's route. See: [Note: How a deep link reaches the photos app] */
  openURL: "cairn:open-url",
  /** Main → renderer: an update to offer. */
  appUpdateAvailable: "cairn:app-update-available",
  installUpdateNow: "cairn:install-update-now",
  installUpdateOnNextLaunch: "cairn:install-update-on-next-launch",
  ignoreUpdate: "cairn:ignore-update",
  downloadUpdate: "cairn:download-update",
  selectExportFolder: "cairn:select-export-folder",
  connectExport: "cairn:connect-export",
  /** Main → preload: the export's ports. */
  exportPorts: "cairn:export-ports",
  connectNativeConversions: "cairn:connect-native-conversions",
  /** Main → preload: the native conversions' port. */
  conversionPorts: "cairn:conversion-ports",
  connectNativeML: "cairn:connect-native-ml",
  /** Main → preload: the native CLIP's port. */
  mlPorts: "cairn:ml-ports",
} as const;

/** What the update-available dialog is told (spec §2). */
export interface AppUpdateAvailable {
  version: string;
  /**
   * Downloaded and installable by a restart ("Install now" / "Install on
   * next launch"); otherwise "Download and install" / "Ignore this version".
   */
  autoUpdatable: boolean;
}

declare global {
  interface Window {
    /** Present only inside the desktop app. */
    electron?: ElectronBridge;
  }
}
