import { codesSoFar, createAccount, expect, nextCode, submitSignUpForm, test, uniqueEmail } from "./fixtures";

test("the whole password recovery, with the code read from the mail", async ({ page, request }) => {
  const email = uniqueEmail("recover");
  await createAccount(request, email, "Old-password-1");

  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot Password?" }).click();
  await expect(page.getByText(/check your spam folder/)).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send Code" }).click();
  await expect(page).toHaveURL(/\/verify-code$/);
  await expect(page.getByText(email)).toBeVisible();
  await nextCode(email, "password reset", 0);

  // Resend Code: a new code arrives, and that is the one to enter.
  await page.getByRole("button", { name: "Resend Code" }).click();
  await expect(page.getByText("Passcode resent. Please check your email!")).toBeVisible();
  const code = await nextCode(email, "password reset", 1);

  await page.getByLabel("Digit 1").click();
  await page.keyboard.type(code); // the sixth digit submits
  await expect(page).toHaveURL(/\/new-password$/);
  await page.getByLabel("New Password").fill("New-password-2");
  await page.getByLabel("Confirm Password").fill("New-password-2");
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("Password updated successfully! Please login.")).toBeVisible();

  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("New-password-2");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/auth$/);
});

test("a wrong code is refused in the banner and the boxes are cleared", async ({ page, request }) => {
  const email = uniqueEmail("wrongcode");
  await createAccount(request, email, "Old-password-1");
  await page.goto("/forgot-password");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send Code" }).click();
  const code = await nextCode(email, "password reset", 0);
  const wrong = code === "000000" ? "111111" : "000000";
  await page.getByLabel("Digit 1").click();
  await page.keyboard.type(wrong);
  await expect(page.getByRole("alert")).toBeVisible();
  await expect(page.getByLabel("Digit 1")).toHaveValue("");
  await expect(page).toHaveURL(/\/verify-code$/);
});

test("email verification from the dashboard's getting-started checklist keeps the user signed in", async ({
  page,
}) => {
  const email = uniqueEmail("verify");
  await submitSignUpForm(page, { email, password: "Verify-me-3", firstName: "Vera" });
  await page.getByRole("button", { name: "Verify later" }).click();
  await expect(page).toHaveURL(/\/auth$/);

  // Sign-up mailed a first verification code; the alert's button sends a fresh one.
  const received = await nextCode(email, "verification", 0).then(() => codesSoFar(email, "verification"));
  await page.getByRole("button", { name: "Verify your email" }).click();
  await expect(page).toHaveURL(/\/verify-code$/);
  const code = await nextCode(email, "verification", received);
  // Pasting the whole code fills the six boxes, and the full code submits itself.
  await page.getByLabel("Digit 1").evaluate((box, pasted) => {
    const clipboardData = new DataTransfer();
    clipboardData.setData("text", pasted);
    box.dispatchEvent(new ClipboardEvent("paste", { clipboardData, bubbles: true, cancelable: true }));
  }, code);
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText("Email verified. Change alerts can now reach you.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Verify your email" })).toBeHidden();
});
