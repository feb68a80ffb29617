// Reading fields of foreign JSON files without trusting their types.

export type JSONObject = Record<string, unknown>;

export const isObject = (value: unknown): value is JSONObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A string field, or "" when absent or of another type. */
export const stringField = (object: JSONObject, key: string): string => {
  const value = object[key];
  return typeof value === "string" ? value : "";
};

/** A string or number field as the OTP validation takes it, or undefined. */
export const scalarField = (object: JSONObject, key: string): string | number | undefined => {
  const value = object[key];
  return typeof value === "string" || typeof value === "number" ? value : undefined;
};
