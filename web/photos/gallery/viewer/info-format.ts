// Pure formatting and parsing for the viewer's info panel: the date field's
// local value, coordinates, the camera line.

import type { CameraDetails } from "../../../../workers/gallery/gallery-contract";

const pad = (value: number, width = 2): string => String(value).padStart(width, "0");

/** `timeUs` as an `<input type="datetime-local">` value in local time, to the second. */
export function dateTimeLocalValue(timeUs: number): string {
  const date = new Date(Math.floor(timeUs / 1000));
  return (
    `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

const dateTimeLocalPattern = /^(\d{4,})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;

/**
 * The µs time of a datetime-local value read as local time, or undefined
 * when it is not a real date ("2023-02-30T10:00" is refused, not rolled over).
 */
export function timeUsOfDateTimeLocal(value: string): number | undefined {
  const match = dateTimeLocalPattern.exec(value);
  if (!match) return undefined;
  const [year, month, day, hours, minutes] = match.slice(1, 6).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const secondsText = match[6];
  const seconds = secondsText === undefined ? 0 : Number(secondsText);
  const date = new Date(year, month - 1, day, hours, minutes, seconds);
  if (
    date.getFullYear() !== year ||
    date.getMonth() !== month - 1 ||
    date.getDate() !== day ||
    date.getHours() !== hours ||
    date.getMinutes() !== minutes
  ) {
    return undefined;
  }
  return date.getTime() * 1000;
}

/** Five decimals of a degree are about a metre: more is noise from the GPS. */
const coordinateDecimals = 5;

export const formatCoordinates = (latitude: number, longitude: number): string =>
  `${latitude.toFixed(coordinateDecimals)}, ${longitude.toFixed(coordinateDecimals)}`;

/** "Canon EOS 5D" — the model alone when it already names the maker. */
export function cameraName(camera: CameraDetails): string | undefined {
  const make = camera.make?.trim();
  const model = camera.model?.trim();
  if (!model) return make || undefined;
  if (!make || model.toLowerCase().startsWith(make.toLowerCase())) return model;
  return `${make} ${model}`;
}

/** Exposure as photographers write it: "1/250 s" below a second, "2.5 s" above. */
export function formatExposure(exposureTimeSec: number): string {
  if (exposureTimeSec <= 0) return "";
  if (exposureTimeSec < 1) return `1/${String(Math.round(1 / exposureTimeSec))} s`;
  return `${String(Math.round(exposureTimeSec * 10) / 10)} s`;
}

/** "ƒ/2.8 · 1/250 s · 50 mm · ISO 400", from what is known. */
export function exposureLine(camera: CameraDetails): string | undefined {
  const parts: string[] = [];
  if (camera.fNumber !== undefined && camera.fNumber > 0)
    parts.push(`ƒ/${String(Math.round(camera.fNumber * 10) / 10)}`);
  if (camera.exposureTimeSec !== undefined && camera.exposureTimeSec > 0)
    parts.push(formatExposure(camera.exposureTimeSec));
  if (camera.focalLengthMm !== undefined && camera.focalLengthMm > 0)
    parts.push(`${String(Math.round(camera.focalLengthMm * 10) / 10)} mm`);
  if (camera.iso !== undefined && camera.iso > 0) parts.push(`ISO ${String(camera.iso)}`);
  return parts.length > 0 ? parts.join(" · ") : undefined;
}

/** "4000 × 3000" when both are known. */
export const dimensionsLine = (width?: number, height?: number): string | undefined =>
  width !== undefined && height !== undefined && width > 0 && height > 0
    ? `${String(width)} × ${String(height)}`
    : undefined;
