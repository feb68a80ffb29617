// A family plan in Chromium: "a family invite is sent,
// accepted and used for storage". Fay (logged in) opens the family page from
// her settings, creates her family and invites Gus, who has an account. Gus
// opens the link of the invite mail in his own browser and accepts. Fay's
// page lists him with his usage; his navigation now shows the family's storage
// (Fay's plan), which counts his files; Fay removes him, and his own plan
// applies again.

import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { uploadTestFile } from "../../workers/sync/test-support/library";
import { generatedJpeg } from "../test-support/media";
import { button, field, openSettings } from "./test-support/accounts";
import {
  type AccountWithLibrary,
  openLoggedInGallery,
  signUpWithLibraryClient,
} from "./test-support/library";
import { useCairnInChromium, type TestCairn } from "./test-support/suite";
import { pageCatchUpMs } from "./test-support/waits";

const { cairn, browser } = useCairnInChromium({ rateLimitScale: 100 });

let fay: AccountWithLibrary;
let gus: AccountWithLibrary;
let fayPage: Page;
let gusPage: Page;

beforeAll(async () => {
  const makeFay = async () => {
    fay = await signUpWithLibraryClient(cairn(), "family-fay");
    fayPage = await openLoggedInGallery(browser(), cairn(), fay.account);
  };
  const makeGus = async () => {
    gus = await signUpWithLibraryClient(cairn(), "family-gus");
    const own = await gus.client.createCollection({ name: "Gus's photos", type: "album" });
    await uploadTestFile(gus.client, own, "kite.jpg", await generatedJpeg(21));
    gusPage = await openLoggedInGallery(browser(), cairn(), gus.account);
  };
  await Promise.all([makeFay(), makeGus()]);
});

afterAll(async () => {
  await fay.client.close();
  await gus.client.close();
});

/** Undoes quoted-printable soft breaks and escapes, as a mail reader shows the text. */
const decodeQuotedPrintable = (text: string) =>
  text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The link of the last family invite mailed to `email`. */
async function mailedInviteLink(testCairn: TestCairn, email: string): Promise<string> {
  const dir = path.join(testCairn.dataDir, "mail");
  const deadline = Date.now() + pageCatchUpMs;
  for (;;) {
    const files = (await readdir(dir)).filter((name) => name.endsWith(".eml")).sort();
    for (const file of files.reverse()) {
      const message = decodeQuotedPrintable(await readFile(path.join(dir, file), "utf8"));
      const to = /^To: (.*)$/m.exec(message)?.[1] ?? "";
      const link = /(https?:\/\/\S+\/family\?inviteToken=\S+)/.exec(message)?.[1];
      if (to.toLowerCase().includes(email.toLowerCase()) && link !== undefined) return link;
    }
    if (Date.now() > deadline) throw new Error(`No family invite mailed to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The rows of the family page: email, status, usage. */
const membersShown = (page: Page) =>
  page
    .getByTestId("family-member")
    .evaluateAll((rows) =>
      rows.map((row) => Array.from(row.querySelectorAll("td")).map((td) => td.textContent)),
    );

const openFamilyFromSettings = async (page: Page) => {
  await openSettings(page);
  await page.getByRole("button", { name: /^Family/ }).click();
  await page.waitForURL((url) => url.pathname === "/family");
  await page.getByRole("heading", { name: "Family plan" }).waitFor();
};

const familyDataOf = async (account: AccountWithLibrary) => {
  const answer = await fetch(`${cairn().urls.api}/users/details/v2?memoryCount=false`, {
    headers: { "X-Auth-Token": account.account.token, "X-Client-Package": "io.cairn.photos.web" },
  });
  const details = (await answer.json()) as {
    usage: number;
    familyData?: { storage: number; members: { email: string; usage: number }[] };
  };
  return details;
};

it("sends an invite that the invitee accepts from the mailed link, and shares the storage", async () => {
  // Fay opens the family page from the settings: no family yet.
  await openFamilyFromSettings(fayPage);
  // The token is taken out of the address bar (and history).
  expect(new URL(fayPage.url()).search).toBe("");
  await button(fayPage, "Create a family").click();
  await fayPage.getByTestId("family-storage").waitFor();
  await expect
    .poll(() => membersShown(fayPage))
    .toEqual([[fay.account.email, "Admin", "0 bytes", "None", ""]]);

  // She invites Gus by email.
  await field(fayPage, "Email of their Cairn account").fill(gus.account.email);
  await button(fayPage, "Send invite").click();
  await fayPage.getByText(`Invitation sent to ${gus.account.email}.`).waitFor();
  await expect
    .poll(async () => (await membersShown(fayPage)).map((row) => row.slice(0, 2)))
    .toEqual([
      [fay.account.email, "Admin"],
      [gus.account.email, "Invited"],
    ]);

  // Gus opens the mailed link in his browser and accepts.
  const link = await mailedInviteLink(cairn(), gus.account.email);
  expect(new URL(link).origin).toBe(new URL(cairn().urls.photos).origin);
  await gusPage.goto(link);
  await gusPage
    .getByTestId("family-invite")
    .getByText(`${fay.account.email} has invited you`, { exact: false })
    .waitFor();
  expect(new URL(gusPage.url()).search).toBe("");
  await button(gusPage, "Accept invitation").click();
  await gusPage.getByText(`You joined ${fay.account.email}'s family`, { exact: false }).waitFor();

  // Fay's page lists Gus as a member, with his usage.
  const gusUsage = (await familyDataOf(gus)).usage;
  expect(gusUsage).toBeGreaterThan(0);
  await fayPage.reload();
  await expect
    .poll(async () => (await membersShown(fayPage)).map((row) => row.slice(0, 2)))
    .toEqual([
      [fay.account.email, "Admin"],
      [gus.account.email, "Member"],
    ]);
  const gusRow = (await membersShown(fayPage))[1] ?? [];
  expect(gusRow[2]).not.toBe("0 bytes");

  // Gus's usage counts against Fay's storage: his details show her family.
  const fayStorage = (await familyDataOf(fay)).familyData?.storage;
  const gusFamily = (await familyDataOf(gus)).familyData;
  expect(gusFamily?.storage).toBe(fayStorage);
  expect(gusFamily?.members.find((m) => m.email === gus.account.email)?.usage).toBe(gusUsage);
  // His navigation shows the family's storage.
  await gusPage.goto(`${cairn().urls.photos}/gallery`);
  await gusPage.getByTestId("sidebar-storage").getByText("Family storage").waitFor();
  // The family page shows him as a member, with a way to leave.
  await openFamilyFromSettings(gusPage);
  await gusPage
    .getByTestId("family-admin")
    .getByText(fay.account.email, { exact: false })
    .waitFor();
  await button(gusPage, "Leave family").waitFor();

  // Fay removes him (confirmed in a dialog naming him); his own plan applies again.
  await fayPage
    .getByTestId("family-member")
    .filter({ hasText: gus.account.email })
    .getByRole("button", { name: "Remove", exact: true })
    .click();
  const confirm = fayPage.getByRole("dialog");
  await confirm.getByText(gus.account.email, { exact: false }).first().waitFor();
  expect((await membersShown(fayPage)).length).toBe(2);
  await confirm.getByRole("button", { name: "Remove", exact: true }).click();
  await expect.poll(async () => (await membersShown(fayPage)).length).toBe(1);
  expect((await familyDataOf(gus)).familyData).toBeUndefined();

  // "Back to Cairn" leads to the gallery.
  await fayPage.getByRole("link", { name: "Back to Cairn" }).click();
  await fayPage.waitForURL((url) => url.pathname === "/gallery");
});
