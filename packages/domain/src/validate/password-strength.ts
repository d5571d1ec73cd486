// The password-strength score and its five levels (spec part 2 §5 and §2.18), shared by the web meter
// and any server-side check.

/** Number of segments of the meter, from red to green. */
export const STRENGTH_LEVELS = 5;

const CLASSES = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^a-zA-Z0-9]/] as const;

/**
 * 2 points per character, 1 more from 10 characters, 10 per class present (lowercase, uppercase, digits,
 * symbols); capped at 10 for 6 characters or fewer or a single class, at 20 for two classes, 40 for three.
 * Symbols are every character that is not an ASCII letter or digit (JHipster's list forgot # @ \ and space).
 * @example passwordStrength('Abcdef12') === 40
 */
export function passwordStrength(password: string): number {
  const length = [...password].length;
  const classes = CLASSES.filter((pattern) => pattern.test(password)).length;
  let score = 2 * length + (length >= 10 ? 1 : 0) + 10 * classes;
  if (length <= 6 || classes === 1) score = Math.min(score, 10);
  if (classes === 2) score = Math.min(score, 20);
  if (classes === 3) score = Math.min(score, 40);
  return score;
}

/**
 * The meter level, 1 (red) to 5 (green): scores up to 10, 20, 30, 40, then above.
 * @example strengthLevel(passwordStrength('Abcdef1!')) === 5
 */
export function strengthLevel(score: number): number {
  const bounds = [10, 20, 30, 40];
  const index = bounds.findIndex((bound) => score <= bound);
  return index === -1 ? STRENGTH_LEVELS : index + 1;
}
