/** The unit ladder of storage sizes: binary multiples, as plans are sold (10 GiB = 10 × 2³⁰). */
const units = ["byte", "kilobyte", "megabyte", "gigabyte", "terabyte"] as const;

/** `sizeBytes` as a number and a unit for `Intl.NumberFormat`, e.g. 1.5 × "gigabyte". */
export function storageSize(sizeBytes: number): { value: number; unit: (typeof units)[number] } {
  let value = Math.max(0, sizeBytes);
  let index = 0;
  while (value >= 1024 && index < units.length - 1) {
    value /= 1024;
    index++;
  }
  // One decimal below 10 of a unit, whole numbers above: "1.5 GB", "12 GB".
  const rounded = value < 10 && index > 0 ? Math.round(value * 10) / 10 : Math.round(value);
  return { value: rounded, unit: units[index] ?? "byte" };
}
