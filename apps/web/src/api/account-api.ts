import type {
  AuthUser,
  ContactInput,
  LoginInput,
  ResendCodeInput,
  ResetPasswordInput,
  SignupInput,
  SignupResponse,
  TokenResponse,
  UserIdResponse,
  VerifyPasscodeInput,
  VerifyPasscodeResponse,
} from "@changeradar/contracts";
import { apiClient } from "./client";

/** The account calls of spec §7. Each returns the answer's body. */

export const accountApi = {
  login: async (input: LoginInput) => (await apiClient.post<TokenResponse>("/auth/login", input)).data,
  logout: async () => {
    await apiClient.post("/auth/logout");
  },
  signup: async (input: SignupInput) =>
    (await apiClient.post<SignupResponse>("/users/new-merchant", input)).data,
  forgotPassword: async (email: string) =>
    (await apiClient.post<UserIdResponse>("/users/forgot-password", { email })).data,
  verifyPasscode: async (input: VerifyPasscodeInput) =>
    (await apiClient.post<VerifyPasscodeResponse>("/users/verify-passcode", input)).data,
  resetPassword: async (input: ResetPasswordInput) => {
    await apiClient.post("/users/reset-password", input);
  },
  resendCode: async (input: ResendCodeInput) => {
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
