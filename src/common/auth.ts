import { z } from 'zod';
import { MSG } from './messages.ts';

/** One definition of an e-mail as the portal compares it: trimmed, lower-cased. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export const loginSchema = z.object(
  {
    email: z
      .string({ error: MSG.emailRequired })
      .max(320, MSG.notAuthorized)
      .transform((v) => v.trim())
      .pipe(z.string().min(1, MSG.emailRequired)),
  },
  { error: MSG.emailRequired },
);
export type LoginInput = z.input<typeof loginSchema>;

export const sessionUserSchema = z.object({
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const okSchema = z.object({ success: z.literal(true) });
export const errorSchema = z.object({ error: z.string() });
