import argon2 from "argon2";
import { ServiceUnavailable, TooManyRequests } from "../http/errors";
import { currentClientAddress } from "../request-scope";
import { FairSlots, SlotsRefused } from "./fair-slots";

/**
 * Each argon2 call takes 64 MiB and a libuv pool thread (4 by default, shared with DNS lookups and file
 * reads) for a few hundred milliseconds. At most two run at once, taken in turn by client address, so a
 * flood of logins from one address cannot starve everyone else's sign-in, nor the rest of the server.
 */
export const passwordHashing = new FairSlots(2, 8, 64);

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await passwordHashing.run(currentClientAddress() ?? "", work);
  } catch (error) {
    if (!(error instanceof SlotsRefused)) throw error;
    if (error.reason === "lane-full")
      throw new TooManyRequests(
        "Too many password checks from your address at once. Please wait a moment and try again.",
      );
    throw new ServiceUnavailable("The server is busy checking passwords. Please try again in a moment.");
  }
}

/** argon2id with the library's defaults (64 MiB, 3 passes), as OWASP recommends. */
export function hashPassword(password: string): Promise<string> {
  return inTurn(() => argon2.hash(password, { type: argon2.argon2id }));
}

export function verifyPassword(hash: string, password: string): Promise<boolean> {
  // A malformed stored hash is a wrong password, not a server error.
  return inTurn(() => argon2.verify(hash, password).catch(() => false));
}

let dummyHash: Promise<string> | null = null;

/**
 * Spends the same time as a real check when there is no account, so response times do not reveal
 * which emails are registered.
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
  // Made once, outside the slots: a refused turn must not leave a rejected promise here for good.
  dummyHash ??= argon2.hash("no account has this password", { type: argon2.argon2id });
  await verifyPassword(await dummyHash, password);
  return false;
}
