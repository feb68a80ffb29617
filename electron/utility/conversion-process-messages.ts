// What the main process tells the native conversions process over its
// parent port: a page connects with one port, on which the process serves
// `NativeConversions`.

export interface ConnectConversionsMessage {
  type: "connect";
}

export const isConnectConversionsMessage = (value: unknown): value is ConnectConversionsMessage =>
  typeof value === "object" && value !== null && (value as { type?: unknown }).type === "connect";
