// The plans this server grants, read from the file `CAIRN_PLANS_FILE` names
// (see `config.ts`). Pure apart from reading the file.

import { readFileSync } from "node:fs";
import { z } from "zod";

/** How long a plan lasts before it renews. */
export type PlanPeriod = "month" | "year";

/** A plan this server grants (`CAIRN_PLANS_FILE`). See: [Note: Plans are declared in a file] */
export interface ConfiguredPlan {
  /** The subscription's `productID` while the plan is held. */
  id: string;
  storageBytes: number;
  /** Shown to users as is, e.g. "€4.99"; "" for a plan that costs nothing. */
  price: string;
  period: PlanPeriod;
  /** Store product IDs, "" when the plan is not sold through that store. */
  androidID: string;
  iosID: string;
  stripeID: string;
}

// [Note: Plans are declared in a file]
//
// A self-hosted server sells nothing, but its operator grants plans (more
// storage for family or friends, or for a fee settled elsewhere). They are
// declared in the JSON file named by `CAIRN_PLANS_FILE`, read once at start:
//
//   {"plans": [{"id": "family-1tb", "storageGiB": 1024, "price": "", "period": "year"}]}
//
// A list of objects does not fit an environment variable legibly, hence a
// file. Each plan gives its storage as `storageBytes` or `storageGiB`
// (exactly one), a price text shown as is, and a period of month or year;
// store IDs are optional. Unknown fields are refused so that a misspelt one
// is not silently ignored. The billing endpoints list the plans and
// `npm run admin -- set-plan` grants one; a running server keeps the plans
// it started with.

/** The subscription product of the free plan; no configured plan may take it. */
const freeProductID = "free";

const planSchema = z
  .strictObject({
    id: z
      .string()
      .regex(/^[A-Za-z0-9._-]{1,64}$/, "must be 1-64 letters, digits, '.', '_' or '-'")
      .refine((id) => id !== freeProductID, `"${freeProductID}" is the free plan's product`),
    storageBytes: z.number().int().positive().refine(Number.isSafeInteger, "too large").optional(),
    storageGiB: z.number().positive().optional(),
    price: z.string(),
    period: z.enum(["month", "year"], { error: "must be month or year" }),
    androidID: z.string().default(""),
    iosID: z.string().default(""),
    stripeID: z.string().default(""),
  })
  .refine((plan) => (plan.storageBytes === undefined) !== (plan.storageGiB === undefined), {
    error: "give storageBytes or storageGiB (exactly one)",
  })
  .transform(({ storageBytes, storageGiB, ...plan }): ConfiguredPlan => ({
    ...plan,
    storageBytes: storageBytes ?? Math.round((storageGiB ?? 0) * 1024 ** 3),
  }));

const plansFileSchema = z.strictObject({
  plans: z
    .array(planSchema)
    .refine(
      (plans) => new Set(plans.map((plan) => plan.id)).size === plans.length,
      "plan ids must differ",
    ),
});

/**
 * The plans of a plans file's text, or what is wrong with it, each problem
 * naming the variable, the file and the field. See: [Note: Plans are declared in a file]
 */
export const parsePlansFile = (
  text: string,
  file: string,
): { plans: ConfiguredPlan[]; problems: string[] } => {
  const where = `CAIRN_PLANS_FILE: ${file}`;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { plans: [], problems: [`${where} is not JSON: ${(error as Error).message}`] };
  }
  if (typeof json !== "object" || json === null || Array.isArray(json)) {
    return { plans: [], problems: [`${where} must hold an object {"plans": [...]}`] };
  }
  const parsed = plansFileSchema.safeParse(json);
  if (parsed.success) return { plans: parsed.data.plans, problems: [] };
  return {
    plans: [],
    problems: parsed.error.issues.map((issue) => {
      const field = issue.path
        .map((key) => (typeof key === "number" ? `[${String(key)}]` : `.${String(key)}`))
        .join("")
        .replace(/^\./, "");
      return `${where}: ${field === "" ? "" : `${field}: `}${issue.message}`;
    }),
  };
};

/** The plans of the file at `file`, or why it cannot be read or used. */
export const readPlansFile = (file: string): { plans: ConfiguredPlan[]; problems: string[] } => {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    return { plans: [], problems: [`CAIRN_PLANS_FILE: cannot read ${file} (${code})`] };
  }
  return parsePlansFile(text, file);
};
