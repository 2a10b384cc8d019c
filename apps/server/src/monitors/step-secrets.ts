import { type BrowserStep, secretPlaceholder } from "@changeradar/contracts";
import { createSecretBox, type SecretBox } from "../alerts/secret-box";
import { Invalid } from "../http/errors";

/**
 * Secrets typed by browser steps (a password): sealed at rest with AES-256-GCM under a key of their own
 * derived from the server secret, never sent back (the API shows `secretPlaceholder`), opened only to run.
 */
const STEP_SECRETS_KEY = "changeradar/browser-step-secrets/v1";

export function stepSecretBox(serverSecret: string): SecretBox {
  return createSecretBox(serverSecret, STEP_SECRETS_KEY);
}

/**
 * The steps to store: a new secret is sealed; the placeholder sent back keeps the stored secret typed
 * into the same field (matched by selector, so reordering the steps keeps it).
 */
export function sealSteps(
  box: SecretBox,
  incoming: readonly BrowserStep[],
  stored: readonly BrowserStep[],
): BrowserStep[] {
  const kept = stored.filter((step) => step.kind === "type" && step.secret);
  return incoming.map((step, index) => {
    if (step.kind !== "type" || !step.secret) return step;
    if (step.text !== secretPlaceholder) return { ...step, text: box.seal(step.text) };
    const previous = kept.find((old) => old.kind === "type" && old.selector === step.selector);
    if (previous?.kind !== "type") {
      const message = `Step ${index + 1}: enter the secret again (the field changed).`;
      throw Invalid.field("browserSteps", message);
    }
    kept.splice(kept.indexOf(previous), 1);
    return { ...step, text: previous.text };
  });
}

/** The steps as the API shows them: a secret's text is the placeholder. */
export function presentSteps(stored: readonly BrowserStep[]): BrowserStep[] {
  return stored.map((step) =>
    step.kind === "type" && step.secret ? { ...step, text: secretPlaceholder } : step,
  );
}

/** The steps as the browser runs them: secrets opened. */
export function openSteps(box: SecretBox, stored: readonly BrowserStep[]): BrowserStep[] {
  return stored.map((step) =>
    step.kind === "type" && step.secret ? { ...step, text: box.open(step.text) } : step,
  );
}
