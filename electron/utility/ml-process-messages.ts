// What the main process tells the ML process over its parent port: a page
// connects with one port, on which the process serves `ClipCalls` for the
// server `apiOrigin`, keeping the models in `modelsCacheDir`.
// See: [Note: The desktop runs CLIP natively]

export interface ConnectMLMessage {
  type: "connect";
  apiOrigin: string;
  modelsCacheDir: string;
}

export const isConnectMLMessage = (value: unknown): value is ConnectMLMessage => {
  if (typeof value !== "object" || value === null) return false;
  const message = value as Partial<Record<keyof ConnectMLMessage, unknown>>;
  return (
    message.type === "connect" &&
    typeof message.apiOrigin === "string" &&
    typeof message.modelsCacheDir === "string"
  );
};
