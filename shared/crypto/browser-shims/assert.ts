// Browser stand-in for Node's `assert`, as far as fast-srp-hap uses it:
// calling it as a function and `assert.strictEqual`. The web and bench builds
// alias the module id `assert` to this file.

export class AssertionError extends Error {
  override readonly name = "AssertionError";
}

const ok = (value: unknown, message?: string): void => {
  if (!value) throw new AssertionError(message ?? "Assertion failed");
};

export const strictEqual = (actual: unknown, expected: unknown, message?: string): void => {
  if (!Object.is(actual, expected)) {
    throw new AssertionError(message ?? `Expected ${String(expected)}, got ${String(actual)}`);
  }
};

const assert = Object.assign(ok, { ok, strictEqual, AssertionError });

export { ok };
export default assert;
