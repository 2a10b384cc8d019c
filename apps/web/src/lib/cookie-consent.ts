/** Spec §4 cookie consent: local storage key cookieConsent holding 'all' or 'essential'. */
export type CookieConsent = "all" | "essential";
export const cookieConsentKey = "cookieConsent";
export const consentChangedEvent = "cookie-consent-changed";

export function readConsent(): CookieConsent | null {
  const value = localStorage.getItem(cookieConsentKey);
  return value === "all" || value === "essential" ? value : null;
}

export function storeConsent(consent: CookieConsent): void {
  localStorage.setItem(cookieConsentKey, consent);
  if (consent === "all") window.dispatchEvent(new CustomEvent(consentChangedEvent, { detail: consent }));
}
