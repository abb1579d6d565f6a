/**
 * The forms' limits and defaults. A module of its own, importing nothing of the server's, so that
 * the configuration can read the defaults without depending on the routes (and, through them, on
 * the database that reads the configuration).
 */
export interface FormSettings {
  /** Per client: submission keys plus submissions, `max` per `windowMs`. */
  submitLimit: { max: number; windowMs: number };
  /** Per client: validation calls and captcha challenges. */
  validateLimit: { max: number; windowMs: number };
  /** How long a submission key stays usable. */
  keyTtlMs: number;
  /** ALTCHA work: PBKDF2 iterations per attempt, and the range of the secret counter. */
  captchaCost: number;
  captchaMaxCounter: number;
  captchaTtlMs: number;
  mailFrom: string;
}

export const DEFAULT_FORM_SETTINGS: FormSettings = {
  submitLimit: { max: 20, windowMs: 10 * 60_000 },
  validateLimit: { max: 120, windowMs: 60_000 },
  keyTtlMs: 60 * 60_000,
  captchaCost: 1000,
  captchaMaxCounter: 2000,
  captchaTtlMs: 10 * 60_000,
  mailFrom: 'Storefront <no-reply@localhost>',
};
