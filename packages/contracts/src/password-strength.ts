/** Spec §4 password strength, with the special characters of DECISIONS 9. */
export const strengthSpecialCharacters = "!#@$%^&*)(+=._-";

export type StrengthLabel = "Poor" | "Weak" | "Normal" | "Good" | "Strong";

export function passwordScore(password: string): number {
  let score = 0;
  if (password.length > 5) score++;
  if (password.length > 7) score++;
  if (/\d/.test(password)) score++;
  if ([...password].some((c) => strengthSpecialCharacters.includes(c))) score++;
  if (/[a-z]/.test(password) && /[A-Z]/.test(password)) score++;
  return score;
}

export function strengthLabel(score: number): StrengthLabel {
  if (score < 2) return "Poor";
  if (score < 3) return "Weak";
  if (score < 4) return "Normal";
  if (score < 5) return "Good";
  if (score < 6) return "Strong";
  return "Poor";
}
