import type { AuthUser, PlanName, TokenResponse, VerifyPasscodeResponse } from "@changeradar/contracts";
import { apiClient } from "./client";

/** The account calls of spec §7. Each returns the answer's body. */

export interface LoginInput {
  email: string;
  password: string;
  keepSignedIn?: boolean;
}
export interface SignupInput {
  email: string;
  password: string;
  firstName: string;
  planType: PlanName;
  period: "monthly" | "yearly";
  keepSignedIn?: boolean;
}
export interface ContactInput {
  name: string;
  email: string;
  message: string;
  subject?: string;
}

export const accountApi = {
  login: async (input: LoginInput) => (await apiClient.post<TokenResponse>("/auth/login", input)).data,
  logout: async () => {
    await apiClient.post("/auth/logout");
  },
  signup: async (input: SignupInput) =>
    (await apiClient.post<TokenResponse & { userId: string }>("/users/new-merchant", input)).data,
  forgotPassword: async (email: string) =>
    (await apiClient.post<{ userId: string }>("/users/forgot-password", { email })).data,
  verifyPasscode: async (input: { id: string; passcode: string; isVerifyEmail: boolean }) =>
    (await apiClient.post<VerifyPasscodeResponse>("/users/verify-passcode", input)).data,
  resetPassword: async (input: { id: string; password: string; resetToken: string }) => {
    await apiClient.post("/users/reset-password", input);
  },
  resendCode: async (input: { userId: string; email: string }) => {
    await apiClient.post("/auth/resend-code", input);
  },
  recordVisitor: async () => {
    await apiClient.post("/auth/record-visitor");
  },
  contactUs: async (input: ContactInput) => {
    await apiClient.post("/users/contactus", { ...input, type: "contact us" });
  },
  me: async () => (await apiClient.get<AuthUser>("/users/me")).data,
};
