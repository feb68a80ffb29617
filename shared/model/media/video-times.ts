// The times of a video from its container (spec §5 "Video metadata creation
// time ignored if empty, zero, invalid or in the future"): the creation time
// a container tag holds and the duration ffmpeg reports. Pure: the media
// worker runs ffprobe and hands the raw strings here.

// [Note: A video's creation time is read as an instant, and only when plausible]
//
// ffmpeg reports a container's creation time as an ISO 8601 string:
// `creation_time` is UTC ("2023-05-01T10:20:30.000000Z"; MP4/MOV write it
// from the `mvhd` box, Matroska from DateUTC), Apple's
// `com.apple.quicktime.creationdate` carries the capture's own offset
// ("2023-05-01T12:20:30+0200"), and AVI's IDIT reaches us without a zone
// ("2023-05-01 10:20:30"), which ffmpeg means as UTC, so we read it as UTC.
// Unlike an EXIF date (see: [Note: EXIF dates are read from raw strings, as
// local time]) every form names an instant, so the result does not depend on
// the uploader's time zone.
//
// The value is dropped (undefined, so the caller falls back to the next source
// of a date) when it is
// - empty, or not a complete date and time: cameras and editors write
//   "0000-00-00 00:00:00" or half a date;
// - not a real calendar date (a 13th month, 30 February);
// - zero: the epoch of the Unix clock (1970-01-01T00:00:00Z) or of the
//   QuickTime/MP4 clock (1904-01-01T00:00:00Z), which is what a device with an
//   unset clock or a tool that leaves the field at 0 writes;
// - in the future of the given time: a wrong clock, not a capture.

/** The µs since the Unix epoch of the QuickTime/MP4 epoch, 1904-01-01T00:00:00Z. */
const quickTimeEpochUs = Date.UTC(1904, 0, 1) * 1000;

/**
 * Date, time, optional fraction and optional zone. The zone is `Z`, `±hh:mm`,
 * `±hhmm` or `±hh`; a `T` or a space separates the date from the time.
 */
const isoDateTime =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:[.,](\d+))?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

const daysInMonth = (year: number, month: number): number =>
  new Date(Date.UTC(year, month, 0)).getUTCDate();

/** Minutes east of UTC of a zone designator; `Z` or none is UTC. */
const zoneOffsetMinutes = (zone: string | undefined): number | undefined => {
  if (zone === undefined || zone.toUpperCase() === "Z") return 0;
  const sign = zone.startsWith("-") ? -1 : 1;
  const digits = zone.slice(1).replace(":", "");
  const hours = Number(digits.slice(0, 2));
  const minutes = digits.length > 2 ? Number(digits.slice(2, 4)) : 0;
  // The widest zones in use are −12:00 and +14:00.
  if (hours > 14 || minutes > 59) return undefined;
  return sign * (hours * 60 + minutes);
};

/**
 * The instant a container's date string names, in µs since the Unix epoch, or
 * undefined when it is not a complete, real date and time.
 * See: [Note: A video's creation time is read as an instant, and only when plausible]
 */
export const parseVideoDateTimeUs = (value: string): number | undefined => {
  const match = isoDateTime.exec(value.trim());
  if (match === null) return undefined;
  const [, yearText, monthText, dayText, hourText, minuteText, secondText, fraction, zone] = match;
  const [year, month, day, hour, minute, second] = [
    yearText,
    monthText,
    dayText,
    hourText,
    minuteText,
    secondText,
  ].map(Number) as [number, number, number, number, number, number];
  const offsetMinutes = zoneOffsetMinutes(zone);
  if (
    offsetMinutes === undefined ||
    year < 1 ||
    month < 1 ||
    month > 12 ||
    day < 1 ||
    day > daysInMonth(year, month) ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  ) {
    return undefined;
  }
  // setUTCFullYear, unlike Date.UTC, keeps years 0 to 99 as they are.
  const dayStartMs = new Date(0).setUTCFullYear(year, month - 1, day);
  const utcMs = dayStartMs + ((hour * 60 + minute - offsetMinutes) * 60 + second) * 1000;
  // The fraction's first six digits are the microseconds; further digits are below our unit.
  const fractionUs = Number((fraction ?? "").slice(0, 6).padEnd(6, "0"));
  return utcMs * 1000 + fractionUs;
};

/**
 * The creation time (µs since the Unix epoch) a container tag value gives,
 * or undefined when the spec says to ignore it: empty, zero, invalid or later
 * than `nowUs`.
 * See: [Note: A video's creation time is read as an instant, and only when plausible]
 */
export const videoCreationTimeUs = (
  value: string | undefined,
  nowUs: number,
): number | undefined => {
  if (value === undefined) return undefined;
  const timeUs = parseVideoDateTimeUs(value);
  if (timeUs === undefined || timeUs === 0 || timeUs === quickTimeEpochUs || timeUs > nowUs) {
    return undefined;
  }
  return timeUs;
};

/** `HH:MM:SS[.frac]`, as ffmpeg prints a duration (hours may exceed 99). */
const clockDuration = /^(\d+):([0-5]\d):([0-5]\d(?:\.\d+)?)$/;
/** Seconds as a decimal, as ffprobe's JSON writes `duration` ("62.340000"). */
const decimalSeconds = /^\d+(?:\.\d+)?$/;
/** The duration in ffmpeg's log line "Duration: 00:01:02.34, start: 0.000000, bitrate: …". */
const durationLogLine = /Duration:\s*([^,\s]+)/;

/**
 * The duration in seconds of an ffmpeg/ffprobe duration: ffprobe's decimal
 * seconds ("62.340000"), a clock value ("00:01:02.34") or ffmpeg's whole
 * "Duration: 00:01:02.34, start: …" log line. Undefined when there is none
 * ("N/A", empty) or it is not a positive length.
 */
export const parseVideoDurationSec = (value: string | number | undefined): number | undefined => {
  if (value === undefined) return undefined;
  let seconds: number | undefined;
  if (typeof value === "number") {
    seconds = value;
  } else {
    const text = (durationLogLine.exec(value)?.[1] ?? value).trim();
    const clock = clockDuration.exec(text);
    if (clock !== null) {
      const [, hours, minutes, secs] = clock;
      seconds = Number(hours) * 3600 + Number(minutes) * 60 + Number(secs);
    } else if (decimalSeconds.test(text)) {
      seconds = Number(text);
    }
  }
  return seconds !== undefined && Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
};
