// [Note: A tile service's URL template]
//
// `CAIRN_MAP_TILES_URL` is an XYZ raster tile template, as OpenLayers' XYZ
// source reads it: `{z}`, `{x}` and `{y}` each appear, and no other
// placeholder does (OpenLayers also knows `{a-c}` subdomains and `{-y}`;
// they are refused so that the template names one origin, the one the
// photos app's Content-Security-Policy allows, and one tile scheme). The
// placeholders may only follow the origin: a `{z}` in the host name would
// make the origin unknowable. The service must be https, since the photos
// app is served over https in any real deployment and would refuse mixed
// content; plain http is accepted for this machine only (tests, a local
// tile server). A user name or password in the URL is refused: browsers do
// not send them with image requests anyway.

const placeholders = ["{z}", "{x}", "{y}"] as const;

/** Hosts a plain-http tile service may be on: this machine. */
const loopbackHosts = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** The template with every placeholder replaced by `value`. */
const urlWith = (template: string, value: string): string =>
  placeholders.reduce((text, placeholder) => text.replaceAll(placeholder, value), template);

/**
 * What is wrong with `template` as a tile service's URL template, in words
 * that follow the variable's name ("must …"), or undefined when it is valid.
 * See: [Note: A tile service's URL template]
 */
export const tileURLTemplateProblem = (template: string): string | undefined => {
  const sample = urlWith(template, "0");
  const unknown = sample.match(/\{[^{}]*\}|[{}]/g);
  if (unknown !== null) {
    return `may contain no placeholder but {z}, {x} and {y} (found ${unknown.join(" ")})`;
  }
  if (!URL.canParse(sample)) {
    return "must be an absolute URL such as https://tiles.example.org/{z}/{x}/{y}.png";
  }
  const url = new URL(sample);
  if (url.protocol !== "https:" && !(url.protocol === "http:" && loopbackHosts.has(url.hostname))) {
    return "must be an https:// URL (plain http only for localhost or 127.0.0.1)";
  }
  if (url.username !== "" || url.password !== "") {
    return "must not contain a user name or password";
  }
  const missing = placeholders.filter((placeholder) => !template.includes(placeholder));
  if (missing.length > 0) return `must contain ${missing.join(", ")}`;
  const other = urlWith(template, "1");
  if (!URL.canParse(other) || new URL(other).origin !== url.origin) {
    return "may have placeholders only in its path and query, not in its host or port";
  }
  return undefined;
};
