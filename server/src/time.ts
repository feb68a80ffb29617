// The server counts time in µs since the epoch (as the wire does), and its
// timers and windows in ms; these are the spans they are written in.

export const microsecondsPerMillisecond = 1_000;
export const microsecondsPerSecond = 1_000_000;
export const microsecondsPerMinute = 60 * microsecondsPerSecond;
export const microsecondsPerHour = 60 * microsecondsPerMinute;
export const microsecondsPerDay = 24 * microsecondsPerHour;

export const millisecondsPerMinute = 60_000;
export const millisecondsPerHour = 60 * millisecondsPerMinute;
