import { readCookie, xsrfCookieName } from "../api/cookies";

/**
 * Whether the app should try to restore a session on load. The persisted 'stay signed in' flag
 * (local storage) survives a browser restart; the session marker (session storage) lets a reload within
 * the same tab keep the user signed in; the XSRF cookie, which lives as long as the refresh cookie, lets a
 * new tab (an alert email's link) reach the session without a new login (issue 13 §5).
 */
const staySignedInKey = "staySignedIn";
const sessionMarkerKey = "cr_signed_in";

export function setStaySignedIn(stay: boolean): void {
  if (stay) localStorage.setItem(staySignedInKey, "true");
  else localStorage.removeItem(staySignedInKey);
  sessionStorage.setItem(sessionMarkerKey, "true");
}

export function staySignedIn(): boolean {
  return localStorage.getItem(staySignedInKey) === "true";
}

export function shouldRestoreSession(): boolean {
  return (
    staySignedIn() ||
    sessionStorage.getItem(sessionMarkerKey) === "true" ||
    readCookie(xsrfCookieName) !== null
  );
}

export function forgetSession(): void {
  localStorage.removeItem(staySignedInKey);
  sessionStorage.removeItem(sessionMarkerKey);
  // A session the server no longer knows: stop trying it on every load.
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari.
  document.cookie = `${xsrfCookieName}=; Max-Age=0; path=/`;
}
