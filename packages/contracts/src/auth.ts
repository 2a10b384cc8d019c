import { z } from "zod";
import { limits, messages, subjectPattern } from "./messages";
import { planNames } from "./plans";

const email = z
  .string({ error: messages.emailRequired })
  .trim()
  .min(1, messages.emailRequired)
  .max(254, messages.emailInvalid)
  .pipe(z.email({ error: messages.emailInvalid }));

export const planStatuses = ["active", "incomplete", "past_due", "canceled"] as const;
export type PlanStatus = (typeof planStatuses)[number];

export const billingPeriods = ["monthly", "yearly"] as const;

export const notificationPreferencesSchema = z.strictObject({
  /** immediate: one alert per change; digest: one email a day summarising the changes. */
  alertMode: z.enum(["immediate", "digest"]),
  /** Hour of the day (UTC) at which the digest is sent. */
  digestHour: z.number().int().min(0).max(23),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
export const defaultNotificationPreferences: NotificationPreferences = {
  alertMode: "immediate",
  digestHour: 8,
};

/** The user as the access token carries it (spec §3). */
export const authUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  planStatus: z.enum(planStatuses),
  planType: z.enum(planNames),
  isAdmin: z.boolean(),
  emailVerified: z.boolean(),
  notificationPreferences: notificationPreferencesSchema,
});
export type AuthUser = z.infer<typeof authUserSchema>;

export const profileSchema = authUserSchema.extend({
  avatarUrl: z.string().nullable(),
  period: z.enum(billingPeriods),
  createdAt: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

export const loginSchema = z.strictObject({
  email,
  password: z
    .string({ error: messages.loginPasswordRequired })
    .min(1, messages.loginPasswordRequired)
    .max(1024),
  keepSignedIn: z.boolean().optional(),
});
export type LoginInput = z.input<typeof loginSchema>;

export const signupSchema = z.strictObject({
  email,
  password: z
    .string({ error: messages.passwordRequired })
    .min(1, messages.passwordRequired)
    .min(limits.passwordMin, messages.passwordMin)
    .max(1024),
  firstName: z
    .string({ error: messages.firstNameRequired })
    .trim()
    .min(1, messages.firstNameRequired)
    .max(100),
  lastName: z.string().trim().max(100).optional(),
  planType: z.enum(planNames).default("Free"),
  period: z.enum(billingPeriods).default("monthly"),
  keepSignedIn: z.boolean().optional(),
});
export type SignupInput = z.input<typeof signupSchema>;

export const forgotPasswordSchema = z.strictObject({ email });

const passcode = z
  .string({ error: messages.passcodeRequired })
  .regex(new RegExp(`^\\d{${limits.passcodeLength}}$`), messages.passcodeDigits);

export const verifyPasscodeSchema = z.strictObject({
  id: z.string().min(1).max(64),
  passcode,
  isVerifyEmail: z.boolean().default(false),
});
export type VerifyPasscodeInput = z.input<typeof verifyPasscodeSchema>;

export const resetPasswordSchema = z.strictObject({
  id: z.string().min(1).max(64),
  /** What verify-passcode answered to whoever proved the code: the reset is theirs alone. */
  resetToken: z.string().min(1).max(128),
  password: z
    .string({ error: messages.newPasswordRequired })
    .min(1, messages.newPasswordRequired)
    .min(limits.passwordMin, messages.passwordMin)
    .max(1024),
});
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

export const resendCodeSchema = z.strictObject({
  userId: z.string().min(1).max(64),
  email,
});
export type ResendCodeInput = z.input<typeof resendCodeSchema>;

export const updatePasswordSchema = z.strictObject({
  currentPassword: z
    .string({ error: messages.loginPasswordRequired })
    .min(1, messages.loginPasswordRequired)
    .max(1024),
  newPassword: z
    .string({ error: messages.newPasswordRequired })
    .min(1, messages.newPasswordRequired)
    .min(limits.passwordMin, messages.passwordMin)
    .max(1024),
});
export type UpdatePasswordInput = z.input<typeof updatePasswordSchema>;

export const updateMerchantFieldsSchema = z.strictObject({
  firstName: z
    .string({ error: messages.firstNameRequired })
    .trim()
    .min(1, messages.firstNameRequired)
    .max(100),
  lastName: z.string().trim().max(100).default(""),
});
export type UpdateMerchantFields = z.input<typeof updateMerchantFieldsSchema>;

export const subjectSchema = z
  .string({ error: messages.subjectRequired })
  .trim()
  .min(1, messages.subjectRequired)
  .max(limits.subjectMax, messages.subjectMax)
  .regex(subjectPattern, messages.onlyAlphanumeric);

export const messageSchema = z
  .string({ error: messages.messageRequired })
  .trim()
  .min(1, messages.messageRequired)
  .max(limits.messageMax, messages.messageMax)
  .regex(subjectPattern, messages.onlyAlphanumeric);

export const getHelpSchema = z.strictObject({ subject: subjectSchema, message: messageSchema });
export type GetHelpInput = z.input<typeof getHelpSchema>;

export const contactSchema = z.strictObject({
  name: z
    .string({ error: "Name is required" })
    .trim()
    .min(1, "Name is required")
    .max(100, "Max. 100 characters allowed!"),
  email,
  subject: subjectSchema.optional(),
  message: messageSchema,
  type: z.literal("contact us").default("contact us"),
});
export type ContactInput = z.input<typeof contactSchema>;

export const tokenResponseSchema = z.object({ accessToken: z.string(), user: authUserSchema });
export type TokenResponse = z.infer<typeof tokenResponseSchema>;
export const userIdResponseSchema = z.object({ userId: z.string() });
export type UserIdResponse = z.infer<typeof userIdResponseSchema>;
/** POST /users/new-merchant answers the new session and the new account's id. */
export const signupResponseSchema = tokenResponseSchema.extend(userIdResponseSchema.shape);
export type SignupResponse = z.infer<typeof signupResponseSchema>;
/** A verified reset code also answers a single-use token that reset-password requires. */
export const verifyPasscodeResponseSchema = userIdResponseSchema.extend({
  resetToken: z.string().optional(),
});
export type VerifyPasscodeResponse = z.infer<typeof verifyPasscodeResponseSchema>;
