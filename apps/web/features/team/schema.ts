import { z } from 'zod';

// Inputs of the team API; no server imports, so forms can validate with them too.

/** An address to invite (compared in lower case, as the auth service stores it). */
export const inviteSchema = z.object({
  email: z
    .string({ message: 'required' })
    .trim()
    .min(1, { message: 'required' })
    .max(254)
    .pipe(z.email({ message: 'email_invalid' }))
    .transform((email) => email.toLowerCase()),
});

/** A paper of the adder's own library, shared with the team. */
export const sharePaperSchema = z.object({ paperId: z.string().trim().min(1, { message: 'required' }).max(300) });
