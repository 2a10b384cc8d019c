/** The XSRF cookie the server sets with every session; it lives exactly as long as the refresh cookie. */
export const xsrfCookieName = "XSRF-TOKEN";
export const xsrfHeaderName = "X-XSRF-TOKEN";

export function readCookie(name: string, cookieString = document.cookie): string | null {
  for (const part of cookieString.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return null;
}
