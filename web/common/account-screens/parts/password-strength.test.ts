import { describe, expect, it } from "vitest";
import { passwordStrength, type PasswordStrength } from "./password-strength";

describe("passwordStrength", () => {
  const cases: [string, PasswordStrength][] = [
    ["", "weak"],
    ["abc", "weak"],
    ["Ab1!xyz", "weak"], // 7 characters, however varied
    ["abcdefgh", "weak"], // 8 characters of one class
    ["12345678901", "weak"],
    ["abcdefg1", "moderate"],
    ["Abcdefgh", "moderate"],
    ["abcdefghijk!", "moderate"], // 12 characters but only two classes
    ["Abcdefghij1k", "strong"], // 12 characters, three classes
    ["Abc1!Abc1!Ab", "strong"],
    ["correct horse battery", "strong"], // a long passphrase
    ["aaaaaaaaaaaaaaaaaaaa", "strong"], // length alone reaches the passphrase threshold
    ["mot de passe éé", "moderate"], // spaces and accents count as "other"
    ["🔒🔒🔒🔒🔒🔒🔒", "weak"], // 7 characters, although 14 UTF-16 units
    ["👩‍👩‍👧‍👦👩‍👩‍👧‍👦👩‍👩‍👧‍👦👩‍👩‍👧‍👦👩‍👩‍👧‍👦", "weak"], // 5 family emoji of 7 code points each
  ];
  it.each(cases)("%j is %s", (password, expected) => {
    expect(passwordStrength(password)).toBe(expected);
  });
});
