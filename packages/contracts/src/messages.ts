/** Every user-facing message the spec fixes (spec §5, §8). Server and web use these, never copies. */
export const messages = {
  /** Issue 13 §5: proving the address one is signed in to keeps the session; emailVerifiedLogin is for the rest. */
  emailVerifiedSignedIn: "Email verified. Change alerts can now reach you.",
  emailRequired: "Email is required",
  emailInvalid: "Must be valid email address",
  firstNameRequired: "First Name is required",
  passwordRequired: "Password is required",
  passwordMin: "Password should be min. 3 characters long",
  loginPasswordRequired: "Password is required!",
  newPasswordRequired: "New Password is required!",
  confirmPasswordRequired: "Password is required!",
  passwordsMustMatch: "Passwords must match!",
  subjectRequired: "Subject is required",
  subjectMax: "Max. 40 characters allowed!",
  onlyAlphanumeric: "Only alphabets and numbers allowed!",
  messageRequired: "Message is required",
  /** DECISIONS 1: 500 is enforced, the text stays as the spec wrote it. */
  messageMax: "Max. 300 characters allowed!",
  passcodeRequired: "Passcode is required",
  passcodeDigits: "Passcode must be 6 digits",

  signupFailed: "Signup Failed!!",
  signupSuccess: "Signup successful!!",
  passcodeResent: "Passcode resent. Please check your email!",
  verifyEmailError: "Error in Verifying Email Id!",
  resendError: "Error in resending Passcode!",
  verifyPasscodeError: "Error in Verifying Passcode!",
  resetPasswordError: "Error in resetting password!",
  passwordUpdatedLogin: "Password updated successfully! Please login.",
  emailVerifiedLogin: "Email Verified. Please Login!",
  paymentRequiredTitle: "Payment Required",
  notFoundTitle: "Sorry! Page Not Found",
} as const;

export const limits = {
  toastMs: 4000,
  passcodeLength: 6,
  subjectMax: 40,
  messageMax: 500,
  passwordMin: 3,
  minimumAge: 13,
  accessLogDays: 30,
  avatarMaxBytes: 2 * 1024 * 1024,
  passcodeTtlMinutes: 10,
  passcodeMaxAttempts: 5,
  accessTokenMinutes: 15,
  persistentRefreshDays: 30,
} as const;

/** Letters, digits, underscore, dot, hyphen, whitespace and exclamation mark (spec §5). */
export const subjectPattern = /^[\p{L}\p{N}_.\-\s!]*$/u;
