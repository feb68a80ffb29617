// A short human name for a session's user agent ("Chrome on Linux"), for the
// sessions list. Only the common browsers and systems are named; anything
// else shows the raw string, cut short.

const browsers: readonly [RegExp, string][] = [
  [/Edg\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/Firefox\//, "Firefox"],
  [/Electron\//, "Cairn Desktop"],
  [/Chrome\/|Chromium\//, "Chrome"],
  [/Safari\//, "Safari"],
];

const systems: readonly [RegExp, string][] = [
  [/Android/, "Android"],
  [/iPhone|iPad|iPod/, "iOS"],
  [/Windows/, "Windows"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/CrOS/, "ChromeOS"],
  [/Linux/, "Linux"],
];

const maxRawLength = 64;

export const prettyUserAgent = (userAgent: string): string => {
  const browser = browsers.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = systems.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser !== undefined && system !== undefined) return `${browser} on ${system}`;
  if (browser !== undefined) return browser;
  if (system !== undefined) return system;
  return userAgent.length > maxRawLength ? `${userAgent.slice(0, maxRawLength)}…` : userAgent;
};
