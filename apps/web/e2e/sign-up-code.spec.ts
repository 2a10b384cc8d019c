import {
  codesSoFar,
  createAccount,
  expect,
  nextCode,
  seriousViolations,
  submitSignUpForm,
  test,
  uniqueEmail,
} from "./fixtures";

/**
 * Issue 13 §5: sign-up asks for the emailed code in the same flow (after 'Signup successful!!'); a resend
 * does not void a code still valid; verifying keeps the new user signed in. A taken email gets the same
 * step, which simply never accepts a code.
 */
const password = "Code-in-the-mail-8";

async function signUp(page: import("@playwright/test").Page, email: string) {
  await submitSignUpForm(page, { email, password, firstName: "Noor" });
  await expect(page.getByText("Signup successful!!")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
}

test("the first code still works after a resend, and verifying keeps the user signed in", async ({
  page,
}) => {
  const email = uniqueEmail("signup-code");
  await signUp(page, email);
  await expect(page.getByText(email)).toBeVisible();
  // The cursor waits in the first box.
  await expect(page.getByLabel("Digit 1")).toBeFocused();
  const first = await nextCode(email, "verification", 0);

  await page.getByRole("button", { name: "Resend Code" }).click();
  await expect(page.getByText("Passcode resent. Please check your email!")).toBeVisible();
  const second = await nextCode(email, "verification", 1);

  // A wrong code is answered in the banner and the boxes start over.
  let wrong = "000000";
  while (wrong === first || wrong === second) wrong = String(Number(wrong) + 111111);
  await page.getByLabel("Digit 1").click();
  await page.keyboard.type(wrong);
  await expect(page.getByRole("alert").filter({ hasText: "The code is wrong or has expired" })).toBeVisible();
  await expect(page.getByLabel("Digit 1")).toHaveValue("");
  await expect(page.getByLabel("Digit 1")).toBeFocused();

  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: test.info().outputPath(`code-step-${width}.png`), fullPage: true });
  }
  expect(await seriousViolations(page)).toEqual([]);

  // The code from the first mail, still valid though a second one was sent.
  await page.keyboard.type(first);
  await expect(page.getByText("Email verified. Change alerts can now reach you.")).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Verify your email" })).toBeHidden();
  // Still signed in after a reload of the tab.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Verify your email" })).toBeHidden();
});

test("a taken email gets the same code step, which never accepts a code and mails no code", async ({
  page,
  request,
}) => {
  const email = uniqueEmail("signup-taken");
  await createAccount(request, email, password);
  const codesBefore = await codesSoFar(email, "verification");
  await signUp(page, email);
  await page.getByRole("button", { name: "Resend Code" }).click();
  await expect(page.getByText("Passcode resent. Please check your email!")).toBeVisible();
  // The owner's own first code (mailed when the account was made) does not verify this attempt either.
  const ownersCode = await nextCode(email, "verification", codesBefore - 1);
  await page.getByLabel("Digit 1").click();
  await page.keyboard.type(ownersCode);
  await expect(page.getByRole("alert").filter({ hasText: "The code is wrong or has expired" })).toBeVisible();
  expect(await codesSoFar(email, "verification")).toBe(codesBefore);
  await expect(page).toHaveURL(/\/register$/);
});
