import type { TokenResponse } from "@changeradar/contracts";
import { accountApi } from "../api/account-api";
import { refreshSession } from "../api/client";
import { useAuthStore } from "../store/auth-store";
import { forgetSession, setStaySignedIn, shouldRestoreSession } from "../store/session-persistence";

export function completeSignIn(response: TokenResponse, keepSignedIn: boolean): void {
  useAuthStore.getState().signIn(response.user, response.accessToken);
  setStaySignedIn(keepSignedIn);
}

/** A new access token carrying the user's current fields (e.g. emailVerified after verification). */
export async function refreshClaims(): Promise<void> {
  try {
    await refreshSession();
  } catch {
    // The old token still works; the fields catch up at the next refresh.
  }
}

/** Spec §4: logout clears auth state and calls the logout endpoint; errors from it are ignored. */
export async function signOut(): Promise<void> {
  try {
    await accountApi.logout();
  } catch {
    // The session is ended locally whatever the server answers.
  }
  useAuthStore.getState().signOut();
  forgetSession();
}

/** On app load: with the 'stay signed in' flag (or a live tab session), trade the refresh cookie for a token. */
export async function restoreSession(): Promise<void> {
  if (!shouldRestoreSession()) {
    useAuthStore.getState().finishLoading();
    return;
  }
  try {
    await refreshSession();
  } catch {
    forgetSession();
  } finally {
    useAuthStore.getState().finishLoading();
  }
}
