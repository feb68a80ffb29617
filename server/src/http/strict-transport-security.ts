// [Note: HSTS only over https]
//
// `Strict-Transport-Security` tells a browser to use only https for the host
// from then on, so it is sent only by a listener whose public URL is https
// (browsers ignore it over http anyway, and a plain-http deployment must not
// be told otherwise). A year is the usual lifetime (and what preload lists
// ask for). No `includeSubDomains`: Cairn may be served from the operator's
// bare domain, and their other hosts are not ours to force onto https. No
// `preload`: submitting a domain to the browsers' lists is the operator's
// decision.

/** The header's value. See: [Note: HSTS only over https] */
export const strictTransportSecurity = "max-age=31536000";

/** Whether a listener with this public URL sends HSTS. See: [Note: HSTS only over https] */
export const sendsHSTS = (publicURL: string): boolean => new URL(publicURL).protocol === "https:";
