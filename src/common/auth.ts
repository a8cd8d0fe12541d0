import { z } from 'zod';
import { LOGIN_CODE_DIGITS } from './constants.ts';
import { LOCALES } from './locales.ts';
import { MSG } from './messages.ts';

/** One definition of an e-mail as the portal compares it: trimmed, lower-cased. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

const emailField = z
  .string({ error: MSG.emailRequired })
  .max(320, MSG.notAuthorized)
  .transform((v) => v.trim())
  .pipe(z.string().min(1, MSG.emailRequired));

export const loginSchema = z.object({ email: emailField }, { error: MSG.emailRequired });
export type LoginInput = z.input<typeof loginSchema>;

export const sessionUserSchema = z.object({
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  /** The language the member chose (decision 059); absent or null when they never chose one. */
  locale: z.string().nullable().optional(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** How members sign in (MEMBER_LOGIN): the spec's listed e-mail, or a one-time code e-mailed to it. */
export const loginModeSchema = z.object({ mode: z.enum(['email', 'code']) });
export type LoginMode = z.infer<typeof loginModeSchema>['mode'];

/** The answer to POST /api/auth/login in code mode: the same whether or not the e-mail is listed. */
export const loginCodeSentSchema = z.object({ codeSent: z.literal(true) });
export type LoginCodeSent = z.infer<typeof loginCodeSentSchema>;

const codeDigits = new RegExp(`^\\d{${LOGIN_CODE_DIGITS}}$`);
/** The e-mailed code typed in ({email, code}) or the e-mailed link's token ({token}). */
export const verifyLoginSchema = z.union(
  [
    z.object({
      email: emailField,
      code: z
        .string({ error: MSG.loginCodeInvalid })
        .max(64, MSG.loginCodeInvalid)
        .transform((v) => v.replace(/\s+/g, ''))
        .pipe(z.string().regex(codeDigits, MSG.loginCodeInvalid)),
    }),
    z.object({
      token: z.string({ error: MSG.loginCodeInvalid }).min(1, MSG.loginCodeInvalid).max(200, MSG.loginCodeInvalid),
    }),
  ],
  { error: MSG.loginCodeInvalid },
);
export type VerifyLoginInput = z.input<typeof verifyLoginSchema>;

export const okSchema = z.object({ success: z.literal(true) });
/** A sign-in: the session at once, or (MEMBER_LOGIN=code) word that a code was sent. */
export const loginAnswerSchema = z.union([sessionUserSchema, loginCodeSentSchema]);
export const userNameSchema = z.object({ fullName: z.string() });
/** Every non-OK answer: `{error, code}`, the code one of ERROR_CODE (error-codes.ts). */
export const errorSchema = z.object({ error: z.string(), code: z.string() });

/** The member's language, chosen from the header menu (decision 059). */
export const memberLocaleSchema = z.object({ locale: z.enum(LOCALES) });
