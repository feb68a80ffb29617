// The value of an `<input type="datetime-local">` ("YYYY-MM-DDTHH:mm" with
// optional seconds) as µs since the epoch in the page's time zone, and back.
// Pure (the time zone is the runtime's, as the gallery's days are).

const pattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/;

export const localDateTimeToUs = (value: string): number | undefined => {
  // Browsers leave out the seconds when they are zero.
  const match = pattern.exec(/T\d{2}:\d{2}$/.test(value) ? `${value}:00` : value);
  if (match === null) return undefined;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = match
    .slice(1)
    .map(Number);
  const date = new Date(year, month - 1, day, hour, minute, second);
  // Reject dates the Date constructor rolled over (e.g. February 30).
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) {
    return undefined;
  }
  return date.getTime() * 1000;
};

const pad = (value: number) => String(value).padStart(2, "0");

export const usToLocalDateTime = (timeUs: number): string => {
  const date = new Date(Math.floor(timeUs / 1000));
  return `${String(date.getFullYear())}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
};
