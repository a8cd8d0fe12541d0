import { z } from 'zod';
import { benefitIdParams } from './benefits.ts';
import { DEFAULT_TIME_ZONE, formatShortInstant } from './event-time.ts';

// Offer code pools (decision 029): the admin routes' contract, shared with the Offer codes panel.

/** Longest code accepted: partner codes are short; a pasted paragraph is refused line by line. */
export const OFFER_CODE_MAX = 100;
/** Most codes in one upload (decision 048). */
export const OFFER_UPLOAD_MAX = 100_000;
/** Longest upload text: the most codes with a CSV's other columns beside them (its route's body limit follows). */
export const OFFER_UPLOAD_TEXT_MAX = 12_000_000;
/** Codes listed at once on the panel (search narrows it). */
export const OFFER_LIST_MAX = 500;
/** Without the organiser's own threshold the low-pool alert mails at 10 left, or 10 % of a smaller pool. */
export const lowPoolThreshold = (own: number | null, total: number) =>
  own ?? Math.max(1, Math.min(10, Math.ceil(total / 10)));

export const offerCodeParams = benefitIdParams;

export const offerPoolModes = ['codes', 'shared'] as const;

const instant = z.iso.datetime({ offset: true, message: 'Enter a date and time' }).nullable();

export const offerSettingsBody = z
  .object({
    mode: z.enum(offerPoolModes),
    sharedCode: z.string().trim().max(OFFER_CODE_MAX).nullable().default(null),
    perMemberLimit: z.number().int('Enter a whole number').min(1, 'At least 1 code per member').max(100),
    claimOpensAt: instant.default(null),
    claimClosesAt: instant.default(null),
    lowThreshold: z.number().int().min(0).max(100000).nullable().default(null),
  })
  .refine((s) => s.mode !== 'shared' || (s.sharedCode ?? '') !== '', {
    path: ['sharedCode'],
    message: 'Enter the shared code',
  })
  .refine((s) => !s.claimOpensAt || !s.claimClosesAt || Date.parse(s.claimOpensAt) < Date.parse(s.claimClosesAt), {
    path: ['claimClosesAt'],
    message: 'The claim window must close after it opens',
  });
export type OfferSettingsBody = z.input<typeof offerSettingsBody>;

export const offerPoolSchema = z.object({
  benefitId: z.string(),
  title: z.string(),
  /** null: no pool yet (the offer is claimed as a flag). */
  mode: z.enum(offerPoolModes).nullable(),
  sharedCode: z.string().nullable(),
  perMemberLimit: z.number().int(),
  claimOpensAt: z.string().nullable(),
  claimClosesAt: z.string().nullable(),
  /** The offer's event zone: the claim window is read and written on its clock. */
  timeZone: z.string().default(DEFAULT_TIME_ZONE),
  lowThreshold: z.number().int().nullable(),
  /** The threshold in force (the organiser's or the default). */
  alertAt: z.number().int(),
  total: z.number().int(),
  claimed: z.number().int(),
  redeemed: z.number().int(),
  left: z.number().int(),
  waiting: z.number().int(),
});
export type OfferPool = z.infer<typeof offerPoolSchema>;

/** Pasted text or a CSV file's text: one code a line, or a `code` column. */
export const offerUploadBody = z.object({ text: z.string().max(OFFER_UPLOAD_TEXT_MAX) });

export const offerLineProblems = ['blank', 'duplicate_in_upload', 'already_in_pool', 'too_long'] as const;
export const offerLineReportSchema = z.object({
  line: z.number().int(),
  code: z.string(),
  problem: z.enum(offerLineProblems),
});
export type OfferLineReport = z.infer<typeof offerLineReportSchema>;

export const offerUploadResultSchema = z.object({ added: z.number().int(), promoted: z.number().int() });

export const OFFER_LINE_WORDS: Record<(typeof offerLineProblems)[number], string> = {
  blank: 'blank line',
  duplicate_in_upload: 'appears earlier in this upload',
  already_in_pool: 'already in the pool',
  too_long: `longer than ${OFFER_CODE_MAX} characters`,
};

export const offerListQuery = z.object({
  q: z.string().trim().max(200).optional(),
  status: z.enum(['all', 'free', 'claimed', 'redeemed']).default('all'),
});
export const offerCodeRowSchema = z.object({
  id: z.string(),
  code: z.string(),
  claimedBy: z.string().nullable(),
  claimedAt: z.string().nullable(),
  redeemedAt: z.string().nullable(),
  redeemedBy: z.string().nullable(),
});
export type OfferCodeRow = z.infer<typeof offerCodeRowSchema>;
export const offerCodeListSchema = z.object({ codes: z.array(offerCodeRowSchema), more: z.boolean() });

/** A typed code, or the member's pass code read from `/me`. */
export const offerRedeemBody = z.object({ code: z.string().trim().min(1, 'Enter a code').max(200) });
export const offerRedeemResultSchema = z.object({ code: offerCodeRowSchema });

export const offerRedeemLineProblems = ['unknown', 'already_redeemed', 'not_claimed'] as const;
export const offerRedeemReportSchema = z.object({
  redeemed: z.number().int(),
  problems: z.array(z.object({ line: z.number().int(), code: z.string(), problem: z.enum(offerRedeemLineProblems) })),
});
export type OfferRedeemReport = z.infer<typeof offerRedeemReportSchema>;
export const OFFER_REDEEM_WORDS: Record<(typeof offerRedeemLineProblems)[number], string> = {
  unknown: 'not a code of this offer',
  already_redeemed: 'already redeemed',
  not_claimed: 'not claimed by any member yet',
};

export const OFFER_MSG = {
  noPool: 'This offer has no code pool yet',
  notOffer: 'Codes are for offers members claim in the portal',
  rejected: (n: number) => `${n} ${n === 1 ? 'line was' : 'lines were'} refused: nothing was added`,
  empty: 'Paste or upload at least one code',
  tooMany: `At most ${OFFER_UPLOAD_MAX.toLocaleString('en')} codes at once`,
  uploadStopped: 'The upload was stopped before it finished: nothing was added. Upload the codes again.',
  unknownCode: 'No code of this offer matches',
  /** 'Already redeemed on 28 Nov, 3:46 PM SGT': when, in the event's zone, labelled. */
  alreadyRedeemed: (at: Date | null, timeZone: string) =>
    at ? `Already redeemed on ${formatShortInstant(at, timeZone)}` : 'Already redeemed',
  notClaimed: 'This code has not been claimed by a member',
  notRedeemed: 'This code is not redeemed',
  sharedRedeem: 'A shared code is not redeemed one by one',
  limitReached: (n: number) =>
    n === 1 ? 'You have already claimed this offer' : `You have already claimed this offer ${n} times`,
  notOpenYet: (when: string) => `Claims open on ${when}`,
  closed: 'Claims for this offer have closed',
  soldOut: 'All codes for this offer have been claimed',
} as const;
