/**
 * Whether the app should try to restore a session on load. The persisted 'stay signed in' flag
 * (local storage) survives a browser restart; the session marker (session storage) only lets a reload
 * within the same tab keep the user signed in.
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
  return staySignedIn() || sessionStorage.getItem(sessionMarkerKey) === "true";
}

export function forgetSession(): void {
  localStorage.removeItem(staySignedInKey);
  sessionStorage.removeItem(sessionMarkerKey);
}
