import type { Frame, Page } from "playwright-core";
import { pageScript } from "./page-script";

/**
 * "Accept the cookie banner" as a general rule, for any site: a visible button whose words accept cookies
 * (in several languages), preferring one inside an element that looks like a consent banner (its id,
 * class, label or role speak of cookies, consent or privacy). Consent banners in frames are searched too.
 * A page without a banner is not an error: banners are often shown only on the first visit.
 */

/** Whole button texts that accept, lower case, without punctuation. */
export const ACCEPT_TEXTS = [
  // English
  "accept",
  "accept all",
  "accept all cookies",
  "accept cookies",
  "accept and continue",
  "accept and close",
  "allow",
  "allow all",
  "allow all cookies",
  "allow cookies",
  "agree",
  "i agree",
  "agree and continue",
  "i accept",
  "ok",
  "okay",
  "got it",
  "yes i agree",
  "consent",
  "continue with cookies",
  // German
  "alle akzeptieren",
  "akzeptieren",
  "alle cookies akzeptieren",
  "zustimmen",
  "alle zulassen",
  "einverstanden",
  "annehmen",
  "alle annehmen",
  "ich stimme zu",
  "verstanden",
  // French
  "accepter",
  "tout accepter",
  "accepter tout",
  "accepter et fermer",
  "j'accepte",
  "accepter les cookies",
  "autoriser tous les cookies",
  "d'accord",
  // Spanish, Portuguese, Italian
  "aceptar",
  "aceptar todo",
  "aceptar todas",
  "aceptar cookies",
  "acepto",
  "aceitar",
  "aceitar todos",
  "aceito",
  "accetta",
  "accetta tutti",
  "accetto",
  "accetta tutto",
  // Dutch, Nordic, Polish, Czech
  "accepteren",
  "alles accepteren",
  "akkoord",
  "acceptera",
  "acceptera alla",
  "godkänn",
  "godkänn alla",
  "accepter alle",
  "tillad alle",
  "hyväksy",
  "hyväksy kaikki",
  "akceptuję",
  "zaakceptuj",
  "akceptuj wszystkie",
  "zgadzam się",
  "přijmout vše",
  "souhlasím",
];

const CONSENT_CONTAINER = /cookie|consent|gdpr|privacy|cmp|datenschutz|tracking/i;
const ACCEPT_ATTRIBUTE = /accept|agree|allow|consent-all|allow-all/i;
const MARK = "data-changeradar-consent";

/** Clicks the banner's accept button when there is one; returns whether one was clicked. */
export async function acceptCookieBanner(page: Page, timeoutMs: number): Promise<boolean> {
  for (const frame of page.frames()) {
    const marked = await markAcceptButton(frame).catch(() => false);
    if (!marked) continue;
    await frame.locator(`[${MARK}]`).first().click({ timeout: timeoutMs });
    return true;
  }
  return false;
}

/** Finds the best accept button in a frame and marks it (the click then goes through Playwright). */
async function markAcceptButton(frame: Frame): Promise<boolean> {
  const marked = await frame.evaluate(
    pageScript(
      ({ texts, container, attribute, mark }: MarkArgs) => {
        const accepted = new Set(texts);
        const containerPattern = new RegExp(container, "i");
        const attributePattern = new RegExp(attribute, "i");
        const words = (element: Element) =>
          (
            element.textContent ||
            (element as HTMLInputElement).value ||
            element.getAttribute("aria-label") ||
            ""
          )
            .toLowerCase()
            .replace(/[\u2019]/g, "'")
            .replace(/[^\p{L}\p{N}' ]+/gu, " ")
            .replace(/\s+/g, " ")
            .trim();
        const visible = (element: Element) => {
          const box = element.getBoundingClientRect();
          const style = getComputedStyle(element);
          return box.width > 0 && box.height > 0 && style.visibility !== "hidden" && style.display !== "none";
        };
        const describes = (element: Element) =>
          [
            element.id,
            element.getAttribute("class"),
            element.getAttribute("aria-label"),
            element.getAttribute("name"),
          ]
            .concat(
              Array.from(element.attributes)
                .filter((a) => a.name.startsWith("data-"))
                .map((a) => `${a.name} ${a.value}`),
            )
            .filter(Boolean)
            .join(" ");
        const inBanner = (element: Element) => {
          for (let node = element.parentElement; node; node = node.parentElement) {
            if (containerPattern.test(describes(node))) return true;
            if (node.getAttribute("role") === "dialog" || node.getAttribute("aria-modal") === "true")
              return true;
          }
          return false;
        };
        const candidates = Array.from(
          document.querySelectorAll(
            "button, [role=button], a, input[type=button], input[type=submit], [onclick]",
          ),
        ).filter(visible);
        const byText = candidates.filter((element) => accepted.has(words(element)));
        const choice =
          byText.find(inBanner) ??
          candidates.find((element) => inBanner(element) && attributePattern.test(describes(element))) ??
          byText.find((element) => /cookie|all|alle|tout|todo|tutti/.test(words(element)));
        if (!choice) return false;
        choice.setAttribute(mark, "1");
        return true;
      },
      {
        texts: ACCEPT_TEXTS,
        container: CONSENT_CONTAINER.source,
        attribute: ACCEPT_ATTRIBUTE.source,
        mark: MARK,
      },
    ),
  );
  return marked === true;
}

interface MarkArgs {
  texts: readonly string[];
  container: string;
  attribute: string;
  mark: string;
}
