import { describe, expect, it } from "vitest";
import type { ExportProcessMessage } from "../utility/export-process-messages";
import { type PortLike, type UtilityProcessLike, startUtilityProcess } from "./utility-process";

const fakeElectron = () => {
  const children: {
    messages: { message: ExportProcessMessage; ports: PortLike[] }[];
    exit: (code: number) => void;
  }[] = [];
  const pageMessages: { channel: string; ports: PortLike[] }[] = [];
  let portCount = 0;
  const exportProcess = startUtilityProcess<ExportProcessMessage>({
    fork: () => {
      let onExit: (code: number) => void = () => undefined;
      const child = {
        messages: [] as { message: ExportProcessMessage; ports: PortLike[] }[],
        exit: (code: number) => {
          onExit(code);
        },
      };
      children.push(child);
      const utility: UtilityProcessLike<ExportProcessMessage> = {
        postMessage: (message, ports = []) => {
          child.messages.push({ message, ports });
        },
        once: (_event, listener) => {
          onExit = listener;
        },
      };
      return utility;
    },
    newChannel: () => {
      portCount += 1;
      return { port1: { name: `${portCount}a` }, port2: { name: `${portCount}b` } };
    },
    portsChannel: "cairn:export-ports",
    log: () => undefined,
  });
  const page = {
    postMessage: (channel: string, _message: unknown, ports: PortLike[] = []) => {
      pageMessages.push({ channel, ports });
    },
  };
  return { exportProcess, children, pageMessages, page };
};

const connect: ExportProcessMessage = { type: "connect", exportFolder: "/backup/Cairn Photos" };

describe("a utility process (the export's), as the main process runs it", () => {
  it("starts on the first page that connects and gives the page and the process one end of each of two channels", () => {
    const { exportProcess, children, pageMessages, page } = fakeElectron();
    expect(children).toHaveLength(0);

    exportProcess.connect(page, connect, 2);

    expect(children).toHaveLength(1);
    expect(children[0]?.messages).toEqual([
      {
        message: { type: "connect", exportFolder: "/backup/Cairn Photos" },
        ports: [{ name: "1a" }, { name: "2a" }],
      },
    ]);
    expect(pageMessages).toEqual([
      { channel: "cairn:export-ports", ports: [{ name: "1b" }, { name: "2b" }] },
    ]);
  });

  it("keeps one process for every page, and starts a new one after it ended", () => {
    const { exportProcess, children, page } = fakeElectron();
    exportProcess.connect(page, connect, 2);
    exportProcess.connect(page, connect, 2);
    expect(children).toHaveLength(1);

    children[0]?.exit(1);
    exportProcess.connect(page, connect, 2);
    expect(children).toHaveLength(2);
  });

  it("tells the process to stop when the app quits", () => {
    const { exportProcess, children, page } = fakeElectron();
    exportProcess.tell({ type: "stop" });
    exportProcess.connect(page, connect, 2);
    exportProcess.tell({ type: "stop" });
    expect(children[0]?.messages.at(-1)).toEqual({ message: { type: "stop" }, ports: [] });
  });
});
