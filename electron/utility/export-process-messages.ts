// What the main process tells the export process over its parent port,
// declared once for both. See: [Note: The export runs in a utility process]

/**
 * A page connects: the message carries two ports, the page's control port
 * (`ExportControl`) then its library port (`ExportLibraryCalls`).
 */
export interface ConnectExportMessage {
  type: "connect";
  /** The export folder the user chose in the folder picker. */
  exportFolder: string;
}

/** The app quits: stop the run at its next file. */
export interface StopExportMessage {
  type: "stop";
}

export type ExportProcessMessage = ConnectExportMessage | StopExportMessage;

export const isExportProcessMessage = (value: unknown): value is ExportProcessMessage => {
  if (typeof value !== "object" || value === null) return false;
  const message = value as Record<string, unknown>;
  return (
    (message.type === "connect" && typeof message.exportFolder === "string") ||
    message.type === "stop"
  );
};
