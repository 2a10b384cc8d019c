import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, test as base, expect, type Page } from "@playwright/test";

interface CapturedMail {
  to: string[];
  subject: string;
}
type CodeKind = "verification" | "password reset";

/** The subjects of every mail sent to `email` so far, oldest first. */
export async function subjectsMailedTo(email: string): Promise<string[]> {
  const response = await fetch(`${process.env.CR_E2E_MAILBOX_URL}/mails`);
  const mails = (await response.json()) as CapturedMail[];
  return mails.filter((m) => m.to.includes(email.toLowerCase())).map((m) => m.subject);
}

/** The codes mailed so far to an address, oldest first (the server puts each code in the subject). */
async function codesMailedTo(email: string, kind: CodeKind): Promise<string[]> {
  const subject = new RegExp(`^(\\d{6}) is your ChangeRadar ${kind} code`);
  return (await subjectsMailedTo(email))
    .map((line) => subject.exec(line)?.[1])
    .filter((code): code is string => Boolean(code));
}

/** How many codes of a kind an address has received: take it before the action that sends the next one. */
export async function codesSoFar(email: string, kind: CodeKind): Promise<number> {
  return (await codesMailedTo(email, kind)).length;
}

/** Waits for a code beyond the first `alreadyReceived` ones and returns the newest. */
export async function nextCode(email: string, kind: CodeKind, alreadyReceived: number): Promise<string> {
  let codes: string[] = [];
  await expect
    .poll(
      async () => {
        codes = await codesMailedTo(email, kind);
        return codes.length;
      },
      { message: `a new ${kind} code mailed to ${email}`, timeout: 15_000 },
    )
    .toBeGreaterThan(alreadyReceived);
  return codes.at(-1)!;
}

/** Fills the sign-up form at `url` (/register, or with a plan chosen) and presses Create Account. */
export async function submitSignUpForm(
  page: Page,
  account: { email: string; password: string; firstName: string },
  url = "/register",
) {
  await page.goto(url);
  await page.getByLabel("First Name").fill(account.firstName);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Create Account" }).click();
}

/** Creates an account straight through the API (spec §7), for tests about what comes after sign-up. */
export async function createAccount(request: APIRequestContext, email: string, password: string) {
  const response = await request.post("/api/v1/users/new-merchant", {
    data: { email, password, firstName: "Robin", planType: "Free", period: "monthly" },
  });
  expect(response.status(), await response.text()).toBe(200);
}

let counter = 0;
export function uniqueEmail(label: string): string {
  counter++;
  return `${label}-${Date.now()}-${counter}@example.test`;
}

/**
 * axe on `page`, run in the page itself (axe-core's "legacy" mode). The default mode runs axe in every
 * frame, then opens a blank page to merge the results: that extra page and the second copy of axe cost a
 * quarter of the customer screens' test time (customer-flow: 108 -> 81 s). What it adds is cross-origin
 * frames, and our screens have none that axe is meant to read (the previews are left out by the callers).
 */
export function axeOn(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode(true);
}

/** Serious or critical accessibility violations on the page as it is now, outside `exclude` (a selector). */
export async function seriousViolations(page: Page, exclude?: string) {
  const axe = axeOn(page);
  const results = await (exclude === undefined ? axe : axe.exclude(exclude)).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

export const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  baseURL: async ({}, use) => {
    await use(process.env.CR_E2E_BASE_URL);
  },
});
export { expect };
