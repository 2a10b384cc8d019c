import type { TokenResponse } from "@changeradar/contracts";
import axios, { type AxiosError, type InternalAxiosRequestConfig } from "axios";
import { useAuthStore } from "../store/auth-store";
import { forgetSession } from "../store/session-persistence";
import { readCookie, xsrfCookieName, xsrfHeaderName } from "./cookies";

/** Spec §7: base path /api/v1, cookies sent, JSON, no timeout. */
export const apiClient = axios.create({
  baseURL: "/api/v1",
  withCredentials: true,
  headers: { "Content-Type": "application/json" },
});

const refreshPath = "/auth/refresh";

apiClient.interceptors.request.use((config) => {
  const xsrf = readCookie(xsrfCookieName);
  if (xsrf) config.headers.set(xsrfHeaderName, xsrf);
  const token = useAuthStore.getState().auth.accessToken;
  const isRefresh = config.url === refreshPath;
  if (token && !isRefresh && !config.headers.has("Authorization"))
    config.headers.set("Authorization", `Bearer ${token}`);
  return config;
});

let refreshing: Promise<TokenResponse> | null = null;

/** GET /auth/refresh, shared by concurrent callers so the rotating refresh cookie is used once. */
export function refreshSession(): Promise<TokenResponse> {
  refreshing ??= apiClient
    .get<TokenResponse>(refreshPath)
    .then((res) => {
      useAuthStore.getState().signIn(res.data.user, res.data.accessToken);
      return res.data;
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

type RetriableConfig = InternalAxiosRequestConfig & { _retried?: boolean };

/** Spec §4 / DECISIONS 5: on 403 of an authenticated call, refresh once and retry once; if refresh fails, sign out. */
apiClient.interceptors.response.use(undefined, async (error: AxiosError) => {
  const config = error.config as RetriableConfig | undefined;
  const authenticated = Boolean(config?.headers?.get("Authorization"));
  if (error.response?.status !== 403 || !config || config._retried || !authenticated) throw error;
  config._retried = true;
  let fresh: TokenResponse;
  try {
    fresh = await refreshSession();
  } catch {
    useAuthStore.getState().signOut();
    forgetSession();
    throw error;
  }
  config.headers.set("Authorization", `Bearer ${fresh.accessToken}`);
  return apiClient(config);
});
