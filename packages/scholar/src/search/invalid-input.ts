// Bad input to the literature engine (a search, a reference to verify): one error with the problems listed.
import type { z } from 'zod';

export class InvalidInputError extends Error {
  override name = 'InvalidInputError';
  readonly code = 'invalid_input';
  readonly issues: Array<{ path: string; message: string }>;

  constructor(what: string, issues: Array<{ path: string; message: string }>) {
    super(`invalid ${what}: ${issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ')}`);
    this.issues = issues;
  }

  static fromZod(what: string, error: z.ZodError) {
    return new InvalidInputError(
      what,
      error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message })),
    );
  }
}
