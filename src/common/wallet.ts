import { z } from 'zod';

/** Wallet's error log, per address a minute, lines per post and characters per line (decision 046). */
export const WALLET_LOG_LIMITS = { postsPerIp: 10, lines: 10, lineLength: 1000, bodyBytes: 16 * 1024 } as const;

// Apple Wallet's pass web service (developer.apple.com "Wallet Passes"): Apple fixes its paths and shapes.
const deviceId = z.string().regex(/^[A-Za-z0-9._-]{1,128}$/, 'Unknown device');
const passTypeId = z.string().min(1).max(200);
const serial = z.uuid('Unknown pass');

export const walletRegistrationParams = z.object({ deviceId, passTypeId, serial });
export const walletDeviceParams = z.object({ deviceId, passTypeId });
export const walletPassParams = z.object({ passTypeId, serial });
export const walletPushTokenBody = z.object({ pushToken: z.string().min(1).max(500) });
/** Wallet's tag: the newest change (a millisecond) it was told of. */
export const walletUpdatesQuery = z.object({
  passesUpdatedSince: z
    .string()
    .regex(/^\d{1,15}$/)
    .optional(),
});
export const walletUpdatedSerialsSchema = z.object({ serialNumbers: z.array(z.string()), lastUpdated: z.string() });
/** What Wallet is answered when nothing changed (204). */
export const walletNoContentSchema = z.null();
export const walletEmptySchema = z.object({});
export const walletLogBody = z.object({
  logs: z.array(z.string().max(WALLET_LOG_LIMITS.lineLength)).max(WALLET_LOG_LIMITS.lines),
});
