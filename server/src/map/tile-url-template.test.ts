import { describe, expect, it } from "vitest";
import { tileURLTemplateProblem } from "./tile-url-template";

// See: [Note: A tile service's URL template]

describe("tileURLTemplateProblem", () => {
  it.each([
    "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
    "https://tiles.example.org/styles/basic/{z}/{x}/{y}@2x.webp?key=abc123",
    "https://tiles.example.org:8443/wmts?layer=a&z={z}&x={x}&y={y}",
    "https://tiles.example.org/{z}/{y}/{x}",
    "http://localhost:8099/{z}/{x}/{y}.png",
    "http://127.0.0.1/{z}/{x}/{y}.png",
    "http://[::1]:8099/{z}/{x}/{y}.png",
  ])("accepts %s", (template) => {
    expect(tileURLTemplateProblem(template)).toBeUndefined();
  });

  it.each([
    ["tiles.example.org/{z}/{x}/{y}.png", "must be an absolute URL"],
    ["/tiles/{z}/{x}/{y}.png", "must be an absolute URL"],
    ["http://tiles.example.org/{z}/{x}/{y}.png", "must be an https:// URL"],
    ["http://192.168.1.5/{z}/{x}/{y}.png", "must be an https:// URL"],
    ["ftp://tiles.example.org/{z}/{x}/{y}.png", "must be an https:// URL"],
    ["https://user:secret@tiles.example.org/{z}/{x}/{y}.png", "must not contain a user name"],
    ["https://tiles.example.org/{z}/{x}.png", "must contain {y}"],
    ["https://tiles.example.org/tile.png", "must contain {z}, {x}, {y}"],
    ["https://{a-c}.tile.example.org/{z}/{x}/{y}.png", "(found {a-c})"],
    ["https://{s}.tile.example.org/{z}/{x}/{y}.png", "(found {s})"],
    ["https://tiles.example.org/{z}/{x}/{-y}.png", "(found {-y})"],
    ["https://tiles.example.org/{z}/{x}/{y}.png?token={token}", "(found {token})"],
    ["https://tiles.example.org/{z}/{x}/{y.png", "(found {)"],
    ["https://tiles{z}.example.org/{x}/{y}.png", "not in its host or port"],
    ["https://tiles.example.org:8{z}/{x}/{y}.png", "not in its host or port"],
  ])("refuses %s", (template, problem) => {
    expect(tileURLTemplateProblem(template)).toContain(problem);
  });
});
