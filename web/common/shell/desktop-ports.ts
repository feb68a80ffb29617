// Ports from the desktop shell: they cannot cross the context bridge, so
// the preload posts them to the window in a message whose data names them
// (`exportPortsMessage`, `conversionPortsMessage`).

/** Waits for the window message `messageData` carrying `count` ports; `cancel` stops waiting. */
export const desktopPorts = (
  target: Pick<Window, "addEventListener" | "removeEventListener">,
  messageData: string,
  count: number,
): { ports: Promise<MessagePort[]>; cancel: () => void } => {
  let cancel: () => void = () => undefined;
  const ports = new Promise<MessagePort[]>((resolve) => {
    const onMessage = (event: Event) => {
      const message = event as MessageEvent;
      if (message.data !== messageData || message.ports.length !== count) return;
      target.removeEventListener("message", onMessage);
      resolve([...message.ports]);
    };
    target.addEventListener("message", onMessage);
    cancel = () => {
      target.removeEventListener("message", onMessage);
    };
  });
  return { ports, cancel };
};
