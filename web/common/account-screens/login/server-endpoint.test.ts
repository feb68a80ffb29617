import { describe, expect, it } from "vitest";
import { parseServerEndpoint, type ServerEndpointInput } from "./server-endpoint";

describe("parseServerEndpoint", () => {
  const cases: [string, ServerEndpointInput][] = [
    ["", { kind: "default" }],
    ["   ", { kind: "default" }],
    ["https://cairn.example.org", { kind: "valid", origin: "https://cairn.example.org" }],
    ["https://cairn.example.org/", { kind: "valid", origin: "https://cairn.example.org" }],
    [" http://192.168.1.5:8080 ", { kind: "valid", origin: "http://192.168.1.5:8080" }],
    ["http://localhost:8080/api//", { kind: "valid", origin: "http://localhost:8080/api" }],
    ["cairn.example.org", { kind: "invalid" }],
    ["ftp://cairn.example.org", { kind: "invalid" }],
    ["javascript:alert(1)", { kind: "invalid" }],
    ["http://", { kind: "invalid" }],
  ];
  it.each(cases)("%j → %j", (text, expected) => {
    expect(parseServerEndpoint(text)).toEqual(expected);
  });
});
