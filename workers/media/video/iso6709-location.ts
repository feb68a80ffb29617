// Where a video was taken, from the ISO 6709 string phones write in the
// container (`location` from MP4's ©xyz box, Android; and
// `com.apple.quicktime.location.ISO6709`, iPhone): "+48.8584+002.2945/",
// "+48.8584+002.2945+035.000/" (with altitude). Pure.

export interface VideoLocation {
  latitude: number;
  longitude: number;
}

/**
 * A signed latitude then a signed longitude, each with its integer digits
 * telling the unit (ISO 6709 Annex H): latitude ±DD, ±DDMM or ±DDMMSS,
 * longitude ±DDD, ±DDDMM or ±DDDMMSS, each with an optional decimal
 * fraction. What follows (altitude, CRS, the closing "/") is not needed.
 */
const iso6709 = /^([+-])(\d{2}|\d{4}|\d{6})(\.\d+)?([+-])(\d{3}|\d{5}|\d{7})(\.\d+)?(?:[+-]|\/|$)/;

/** Degrees of the digits of one coordinate: DD[D], DD[D]MM or DD[D]MMSS, then the fraction of the last unit. */
const degreesOf = (
  sign: string,
  digits: string,
  fraction: string | undefined,
  degreeDigits: number,
) => {
  const degrees = Number(digits.slice(0, degreeDigits));
  const minutes =
    digits.length > degreeDigits ? Number(digits.slice(degreeDigits, degreeDigits + 2)) : 0;
  const seconds = digits.length > degreeDigits + 2 ? Number(digits.slice(degreeDigits + 2)) : 0;
  const fractionOfLast = fraction === undefined ? 0 : Number(`0${fraction}`);
  const unitDegrees =
    digits.length === degreeDigits ? 1 : digits.length === degreeDigits + 2 ? 1 / 60 : 1 / 3600;
  if (minutes >= 60 || seconds >= 60) return undefined;
  const value = degrees + minutes / 60 + seconds / 3600 + fractionOfLast * unitDegrees;
  return sign === "-" ? -value : value;
};

/** The latitude and longitude of an ISO 6709 string, or undefined when it is not one or is out of range. */
export const parseIso6709Location = (value: string | undefined): VideoLocation | undefined => {
  if (value === undefined) return undefined;
  const match = iso6709.exec(value.trim());
  if (match === null) return undefined;
  const [, latSign = "+", latDigits = "", latFraction, lonSign = "+", lonDigits = "", lonFraction] =
    match;
  const latitude = degreesOf(latSign, latDigits, latFraction, 2);
  const longitude = degreesOf(lonSign, lonDigits, lonFraction, 3);
  if (latitude === undefined || longitude === undefined) return undefined;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return undefined;
  return { latitude, longitude };
};
