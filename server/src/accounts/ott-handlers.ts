import type { userEndpoints } from "../../../shared/api/endpoints/users";
import type { ClientApp } from "../../../shared/api/headers";
import { registrationStateOf } from "../admin/registration";
import type { HandlerMap } from "../http/register-endpoints";
import { authorizationFor } from "./authorization";
import { apiError, forbidden, tooManyRequests } from "../http/api-errors";
import { clientOf, type AccountsContext } from "./context";
import { microsecondsPerHour } from "../time";
import { accountLimitConstants } from "./limits";
import {
  emailHashOf,
  encryptWithServerKey,
  keyedHashB64URL,
  newSixDigitCode,
  normalizeEmail,
  sameHash,
} from "./server-crypto";
import type { ServerSecrets } from "../config/secrets";
import type { AccountsServices } from "./services";
import {
  activeOttCountOf,
  activeOttsOf,
  countWrongOttAttempt,
  deleteUsedAndExpiredOtts,
  insertOtt,
} from "./ott-repository";
import { keyAttributesRowOf, setUserEmail } from "./user-repository";
import { createUser, findUserByEmail } from "./users";

// One-time codes by email (wire-contract §2.1): sending, verifying, and the
// email change that uses them.

/** The refusal of a new account while registration is closed. See: [Note: Registration can be closed] */
const registrationClosed = () =>
  apiError(
    403,
    "REGISTRATION_CLOSED",
    "Registration is closed on this server; ask its administrator for an account",
  );

/** A code is valid for an hour (wire-contract §2.1). */
export const ottValidityUs = microsecondsPerHour;

/**
 * [Note: One-time codes are stored as a keyed hash]
 *
 * A code is six digits, so an unkeyed hash of it (even salted with the email
 * hash beside it in the row) is undone by trying the million codes. The row
 * keeps HMAC-SHA-256 of the code with its email hash under a key the database
 * does not hold, so a copy of the database reveals no valid code, and a code
 * is checked by hashing it again and comparing in constant time.
 * See: [Note: Keyed hashes of short secrets use keys derived from the hash key]
 */
const ottHashOf = (secrets: ServerSecrets, emailHash: string, code: string) =>
  keyedHashB64URL(secrets, "ott-hash", `${emailHash}:${code}`);

/** The mail that carries a code; the subject holds the code so a glance (or a test) finds it. */
export const ottMail = (code: string) => ({
  subject: `Your Cairn verification code is ${code}`,
  text: [
    `Your Cairn verification code is ${code}`,
    "",
    "Enter it in the app to continue. It is valid for one hour.",
    "If you did not ask for it, you can ignore this mail.",
  ].join("\n"),
});

/**
 * Checks a code for an email and app, consuming it. Wrong codes count on
 * every active code; 20 of them lock verification (429) until the codes
 * expire. See wire-contract §0.4.
 */
export const consumeOtt = async (
  context: AccountsContext,
  email: string,
  app: ClientApp,
  code: string,
): Promise<void> => {
  const emailHash = await emailHashOf(context.secrets, email);
  const scope = { emailHash, app, nowUs: context.nowUs() };
  const active = await activeOttsOf(context.db, scope);
  if (active.length === 0) {
    throw apiError(410, "CODE_EXPIRED", "There is no valid code for this email; ask for a new one");
  }
  const wrong = Math.max(...active.map((row) => row.wrong_attempt));
  if (wrong >= accountLimitConstants.maxOttWrongAttempts) {
    throw tooManyRequests("Too many wrong codes; ask for a new code later");
  }
  const hash = ottHashOf(context.secrets, emailHash, code);
  // Every active code is compared, so the time taken tells nothing of which matched.
  const matches = active.filter((row) => sameHash(row.ott_hash, hash));
  if (matches.length === 0) {
    await countWrongOttAttempt(context.db, scope);
    throw apiError(401, "INCORRECT_CODE", "The code is not correct");
  }
  await deleteUsedAndExpiredOtts(context.db, scope, hash);
};

type OttHandlers = Pick<
  HandlerMap<typeof userEndpoints>,
  "sendOtt" | "verifyEmail" | "changeEmail"
>;

export const createOttHandlers = ({ context, limits }: AccountsServices): OttHandlers => {
  /** The refusal a purpose gets for this email, if any (wire-contract §2.1). */
  const refusalFor = async (email: string, purpose: string) => {
    const user = await findUserByEmail(context, email);
    const hasKeys =
      user !== undefined && (await keyAttributesRowOf(context.db, user.user_id)) !== undefined;
    switch (purpose) {
      case "signup":
        if (hasKeys) {
          return apiError(409, "USER_ALREADY_REGISTERED", "This email already has an account");
        }
        return user === undefined && (await registrationStateOf(context.db)) === "closed"
          ? registrationClosed()
          : undefined;
      case "login":
        if (user === undefined) {
          return apiError(404, "USER_NOT_REGISTERED", "No account has this email");
        }
        return hasKeys
          ? undefined
          : apiError(404, "USER_SIGNUP_INCOMPLETE", "The sign-up of this account was not finished");
      case "change":
        return user === undefined ? undefined : forbidden("This email is already in use");
      default:
        return undefined;
    }
  };

  return {
    sendOtt: async ({ body, app, request }) => {
      const email = normalizeEmail(body.email);
      const refusal = await refusalFor(email, body.purpose ?? "");
      if (refusal !== undefined) {
        // [Note: Disclosing answers are limited]
        //
        // Refusals tell whether an email has an account. Past a process-wide
        // budget the server answers 200 and sends nothing instead, so the
        // endpoint cannot be used to test many emails (wire-contract §2.1).
        if (
          limits.ottDisclosures.tryTake(
            "send-ott",
            limits.scaled(accountLimitConstants.ottDisclosuresPerHour),
          )
        ) {
          throw refusal;
        }
        return undefined;
      }
      if (!limits.tryOttSend(clientOf(request).ip)) {
        throw tooManyRequests("Too many codes were sent; try again in a few minutes");
      }
      const emailHash = await emailHashOf(context.secrets, email);
      const now = context.nowUs();
      const activeCount = await activeOttCountOf(context.db, { emailHash, app, nowUs: now });
      if (activeCount >= accountLimitConstants.maxActiveOtts) {
        throw tooManyRequests("Too many codes are active for this email; use one of them");
      }
      const code = newSixDigitCode();
      await insertOtt(context.db, {
        ott_hash: ottHashOf(context.secrets, emailHash, code),
        email_hash: emailHash,
        app,
        creation_time_us: now,
        expiration_time_us: now + ottValidityUs,
        wrong_attempt: 0,
      });
      await context.mailer.send({ to: email, ...ottMail(code) });
      return undefined;
    },

    verifyEmail: async ({ body, app, request }) => {
      const email = normalizeEmail(body.email);
      await consumeOtt(context, email, app, body.ott);
      const existing = await findUserByEmail(context, email);
      // A code asked for before registration closed must not open an account after.
      if (existing === undefined && (await registrationStateOf(context.db)) === "closed") {
        throw registrationClosed();
      }
      const user =
        existing ??
        // Two first verifications racing: the loser's insert fails on the
        // unique email hash, and it continues with the winner's user.
        (await createUser(context, email, body.source).catch(async (error: unknown) => {
          const winner = await findUserByEmail(context, email);
          if (winner === undefined) throw error;
          return winner;
        }));
      return authorizationFor(context, user, app, request);
    },

    changeEmail: async ({ body, app, session }) => {
      const email = normalizeEmail(body.email);
      await consumeOtt(context, email, app, body.ott);
      const taken = await findUserByEmail(context, email);
      if (taken !== undefined && taken.user_id !== session.userID) {
        throw forbidden("This email is already in use");
      }
      const { encryptedB64, nonceB64 } = await encryptWithServerKey(context.secrets, email);
      await setUserEmail(context.db, session.userID, {
        encryptedEmail: encryptedB64,
        emailDecryptionNonce: nonceB64,
        emailHash: await emailHashOf(context.secrets, email),
      });
      return undefined;
    },
  };
};
