import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join } from 'node:path';
import { z } from 'zod';
import { isoDate } from '#common/dates.ts';
import { DEFAULT_TIME_ZONE, isTimeZone } from '#common/event-time.ts';
import { SPEC_CONFERENCE_MONDAY, today } from './db/seed/demo-dates.ts';
import { secretBoxKey } from './lib/secret-box.ts';
import { SECRET_HOW_TO, secretWeakness } from './lib/secret-strength.ts';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === 'true' || v === '1'));

/** An optional setting: empty counts as unset. */
function optionalText(pattern?: RegExp, message?: string) {
  const text = pattern ? z.string().regex(pattern, message) : z.string().min(1);
  return text.optional().or(z.literal('').transform(() => undefined));
}
const PEM = /-----BEGIN [A-Z0-9 ]+-----/;

/** Fastify's trustProxy as the portal sets it: off, or the proxies' addresses and CIDR ranges (decision 045). */
export type TrustProxy = false | string[];

/** `true` (the older setting) outside production: a proxy on this machine. In production it must be said which. */
const TRUST_PROXY_TRUE = 'true';
const LOCAL_PROXY = ['loopback'];
const TRUST_PROXY_HOW_TO =
  "must be false or the proxies' own addresses and CIDR ranges, comma-separated (e.g. 10.0.0.0/8,192.168.1.5; " +
  'also loopback, linklocal, uniquelocal). A hop count cannot tell a proxy from a client that connects directly';
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address or CIDR range proxy-addr (Fastify's trustProxy) accepts. */
function isProxyAddress(text: string): boolean {
  if (PROXY_NAMES.has(text)) return true;
  const [address = '', bits, ...rest] = text.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY as a list of trusted proxies, false, `true` (decided by the caller), or null when it is none of them. */
export function parseTrustProxy(raw: string): TrustProxy | typeof TRUST_PROXY_TRUE | null {
  const text = raw.trim();
  if (text === '' || text === 'false' || text === '0') return false;
  if (text === TRUST_PROXY_TRUE) return TRUST_PROXY_TRUE;
  const list = text.split(',').map((a) => a.trim());
  return list.every(isProxyAddress) ? list : null;
}

/** What start-up says about client addresses (bootstrap.ts). */
export function describeTrustProxy(trust: TrustProxy): string {
  if (trust === false) return "Client addresses: each connection's own (TRUST_PROXY is off: X-Forwarded-* are ignored)";
  return (
    `Client addresses: from X-Forwarded-For as the trusted proxies ${trust.join(', ')} wrote it ` +
    '(the nearest address not among them; what the client wrote further left is ignored)'
  );
}

/** OWASP's argon2id memory cost for a password hash, KiB (19 MiB): the default, and the least production accepts. */
export const OWASP_PASSWORD_MEMORY_KIB = 19_456;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(5000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  // Cookies get Secure when the portal is served over HTTPS (behind a proxy that terminates TLS).
  COOKIE_SECURE: bool,
  // Which proxies' X-Forwarded-* to believe (decision 045): a hop count, or their addresses and CIDR ranges.
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const parsed = parseTrustProxy(v ?? '');
      if (parsed === null) ctx.addIssue({ code: 'custom', message: TRUST_PROXY_HOW_TO });
      return parsed ?? false;
    }),
  MEMBER_SESSION_DAYS: z.coerce.number().int().min(1).max(90).default(14),
  LOGIN_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(10),
  LOGIN_LIMIT_PER_IP: z.coerce.number().int().min(1).default(600),
  LOGIN_LIMIT_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  // MEMBER_LOGIN=code: sign-in codes a day for each browser that signed in to the address before (decision 019).
  LOGIN_CODES_PER_DAY: z.coerce.number().int().min(1).default(10),
  // MEMBER_LOGIN=code: code mails to one address in any hour for other browsers; past it nothing new is sent (044).
  LOGIN_CODE_MAILS_PER_HOUR: z.coerce.number().int().min(1).max(20).default(3),
  // Member writes (bookings, changes, cancellations) per minute: per member, and per IP address for every kind.
  MEMBER_WRITES_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  MEMBER_WRITES_PER_IP_PER_MINUTE: z.coerce.number().int().min(1).default(6000),
  SEED_DEMO: bool,
  // The day a first seeding counts from: the demo's conference week is moved to start on or after it.
  SEED_AS_OF: isoDate('must be a date, YYYY-MM-DD')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  // The organiser's zone: admin lists that span events and analytics days (an event's own pages use its zone).
  ORGANISER_TIME_ZONE: z
    .string()
    .default(DEFAULT_TIME_ZONE)
    .transform((v) => v || DEFAULT_TIME_ZONE)
    .refine(isTimeZone, 'must be an IANA time zone, e.g. Asia/Singapore or America/New_York'),
  GOOGLE_SERVICE_ACCOUNT_JSON: z.string().optional(),
  GOOGLE_APPLICATION_CREDENTIALS: z.string().optional(),
  GOOGLE_SHEETS_ROOT_URL: z
    .url('must be a URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SHEETS_DEMO: bool,
  ALLOW_EMBEDDED_DB_IN_PRODUCTION: bool,
  // Memory per new password hash, KiB; below OWASP's only for tests (decision 067), refused in production.
  PASSWORD_HASH_MEMORY_KIB: z.coerce.number().int().min(8).max(4_194_304).default(OWASP_PASSWORD_MEMORY_KIB),
  OUTBOX_INTERVAL_MS: z.coerce.number().int().min(100).max(600_000).default(2000),
  // How often the scheduler looks for reminders that are due.
  SCHEDULER_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  // How often each instance looks for fair draws whose time has come (decision 031).
  DRAW_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(15_000),
  // Webhooks (decision 058): private and loopback receivers only when said (local testing); off in production.
  WEBHOOKS_ALLOW_PRIVATE: bool,
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  WEBHOOK_INTERVAL_MS: z.coerce.number().int().min(100).max(600_000).default(2000),
  // Calls one API token may make in a minute (/api/v1, decision 058).
  API_TOKEN_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(120),
  // The address members reach the portal at: links in e-mails point here.
  PUBLIC_URL: z
    .url('must be a URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  ALLOW_HTTP_PUBLIC_URL: bool,
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().min(3).max(300).default('Pass Portal <no-reply@passportal.local>'),
  // 'email': the spec's sign-in by listed e-mail; 'code': a one-time code is e-mailed as well.
  MEMBER_LOGIN: z.enum(['email', 'code']).default('email'),
  // Signs the "release my place" links (decision 016): at least 32 characters; changing it kills every link out.
  RELEASE_LINK_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  // Signs the sign-in device cookies (decision 019): at least 32 characters; when unset, derived from RELEASE_LINK_SECRET.
  SIGN_IN_DEVICE_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  // Seals authenticator apps' secrets at rest (decision 060): at least 32 characters; when unset, derived from
  // RELEASE_LINK_SECRET. Changing it makes every sealed secret unreadable (those accounts set their app up again).
  TOTP_ENCRYPTION_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  // Reports (analytics, exports, partner reports) run apart from members' reads and bookings (decision 020).
  REPORT_POOL_SIZE: z.coerce.number().int().min(1).max(20).default(2),
  REPORT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  REPORT_QUEUE_LIMIT: z.coerce.number().int().min(0).max(1000).default(20),
  REPORT_QUEUE_WAIT_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // The name on wallet passes (decision 025).
  WALLET_ORGANIZATION: z.string().min(1).max(100).default('Pass Portal'),
  // Apple Wallet passes: all of them, or none (then no "Add to Apple Wallet").
  APPLE_WALLET_PASS_TYPE_ID: optionalText(/^pass\.[A-Za-z0-9.-]+$/, 'must look like pass.com.example.portal'),
  APPLE_WALLET_TEAM_ID: optionalText(/^[A-Z0-9]{10}$/, 'must be the 10-character Apple team ID'),
  APPLE_WALLET_CERT_PEM: optionalText(PEM, 'must be a PEM certificate'),
  APPLE_WALLET_CERT_FILE: optionalText(),
  APPLE_WALLET_KEY_PEM: optionalText(PEM, 'must be a PEM private key'),
  APPLE_WALLET_KEY_FILE: optionalText(),
  APPLE_WALLET_KEY_PASSPHRASE: optionalText(),
  APPLE_WALLET_WWDR_PEM: optionalText(PEM, 'must be a PEM certificate'),
  APPLE_WALLET_WWDR_FILE: optionalText(),
  // Google Wallet: the issuer ID from the Google Pay & Wallet Console and a service account's JSON key (inline or a path).
  GOOGLE_WALLET_ISSUER_ID: optionalText(/^\d{10,25}$/, 'must be the numeric issuer ID'),
  GOOGLE_WALLET_SERVICE_ACCOUNT_JSON: optionalText(),
  GOOGLE_WALLET_SERVICE_ACCOUNT_FILE: optionalText(),
});

/** A Google service account's key as its JSON file holds it: what the Save to Google Wallet JWT needs. */
const serviceAccountSchema = z.object({ client_email: z.email(), private_key: z.string().regex(PEM) });

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  cookieSecure: boolean;
  /** Fastify's trustProxy: false (the socket's address), the number of proxy hops in front, or their addresses. */
  trustProxy: TrustProxy;
  memberSessionDays: number;
  /** Argon2id memory per new password hash, KiB (PASSWORD_HASH_MEMORY_KIB). */
  passwordHashMemoryKib: number;
  loginLimitPerEmail: number;
  loginLimitPerIp: number;
  loginLimitWindowMs: number;
  loginCodesPerDay: number;
  loginCodeMailsPerHour: number;
  memberWriteLimits: { bookingsPerMember: number; perIp: number };
  seedDemo: boolean;
  /** The catalogue's first seeding moves its conference week to start on or after this day (seed/demo-dates.ts). */
  seedAsOf: string;
  /** IANA zone of admin lists that span events and of analytics' days (ORGANISER_TIME_ZONE). */
  organiserTimeZone: string;
  logLevel: string;
  sheets: { credentialsJson?: string; keyFile?: string; rootUrl?: string; demo: boolean };
  outboxIntervalMs: number;
  schedulerIntervalMs: number;
  drawIntervalMs: number;
  /** Outbound webhook requests (lib/safe-request.ts) and how often the worker looks for due deliveries. */
  webhooks: { allowPrivate: boolean; httpsOnly: boolean; timeoutMs: number; intervalMs: number };
  apiTokenPerMinute: number;
  publicUrl: string;
  /** PUBLIC_URL was not set: links in mails and the calendar feed point at this machine (said at start-up). */
  publicUrlIsLocal: boolean;
  /** Without smtpUrl (outside production) each message is written as an .eml file into dir. */
  mail: { smtpUrl: string | undefined; from: string; dir: string };
  memberLogin: 'email' | 'code';
  /** The HMAC key of the release links (features/booking-rules/release-link.ts). */
  releaseLinkSecret: string;
  /** The HMAC key of the sign-in device cookies (lib/device-cookie.ts). */
  deviceCookieSecret: string;
  /** The AES-256-GCM key that seals staff TOTP secrets in the database (lib/secret-box.ts). */
  totpKey: Buffer;
  /** Reports' own connections and their limits (features/analytics/report-runner.ts). */
  reports: ReportSettings;
  /** Passes in the phone's wallet (features/wallet): each is offered only when configured. */
  wallet: WalletConfig;
};

export type ReportSettings = {
  /** PostgreSQL connections for reports, and how many run at once (PGlite, one connection: one at a time). */
  poolSize: number;
  /** A statement (and a whole report) past this answers 503 report_timeout. */
  timeoutMs: number;
  /** Reports waiting for a turn; one more answers 503 report_busy at once. */
  queueLimit: number;
  /** How long a report waits for a turn before answering 503 report_busy. */
  queueWaitMs: number;
};

export type AppleWalletConfig = {
  passTypeId: string;
  teamId: string;
  organization: string;
  certPem: string;
  keyPem: string;
  keyPassphrase: string | undefined;
  wwdrPem: string;
};
export type GoogleWalletConfig = { issuerId: string; issuerName: string; clientEmail: string; privateKey: string };
export type WalletConfig = {
  apple: AppleWalletConfig | undefined;
  google: GoogleWalletConfig | undefined;
  /** The HMAC key of the Apple pass web service's authentication tokens (features/wallet/apple-web-service.ts). */
  authSecret: string;
};

/** The settings that are keys, every *_SECRET (a new one is checked without a list to edit): in production each must look generated. */
export const SECRET_SETTINGS = Object.keys(envSchema.shape).filter((name) => name.endsWith('_SECRET'));

/** Outside production only: a known key is fine where every account is a demo one; production must set its own. */
const DEV_RELEASE_LINK_SECRET = 'development-only release link secret, never for production';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration in the environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.GOOGLE_SERVICE_ACCOUNT_JSON) {
    try {
      JSON.parse(e.GOOGLE_SERVICE_ACCOUNT_JSON);
    } catch {
      throw new Error('Invalid configuration in the environment:\n  GOOGLE_SERVICE_ACCOUNT_JSON: not valid JSON');
    }
  }
  const wallet = walletConfig(e);
  const production = e.NODE_ENV === 'production';
  if (production) {
    // Production refuses settings that are only safe on a laptop.
    const unsafe: string[] = [];
    if (!e.DATABASE_URL && !e.ALLOW_EMBEDDED_DB_IN_PRODUCTION)
      unsafe.push(
        'DATABASE_URL: required in production (set ALLOW_EMBEDDED_DB_IN_PRODUCTION=true to run one instance on PGlite)',
      );
    if (e.SEED_DEMO) unsafe.push('SEED_DEMO: demo accounts are not allowed in production');
    if (e.SHEETS_DEMO) unsafe.push('SHEETS_DEMO: the demo spreadsheets are not allowed in production');
    if (e.COOKIE_SECURE === false) unsafe.push('COOKIE_SECURE: cookies must be Secure in production');
    if (!e.SMTP_URL) unsafe.push('SMTP_URL: required in production (without it mail is only written to files)');
    if (!e.PUBLIC_URL) unsafe.push('PUBLIC_URL: required in production (links in e-mails point to it)');
    else if (!e.PUBLIC_URL.startsWith('https://') && !e.ALLOW_HTTP_PUBLIC_URL)
      unsafe.push('PUBLIC_URL: must be https:// in production (or set ALLOW_HTTP_PUBLIC_URL=true)');
    if (e.TRUST_PROXY === TRUST_PROXY_TRUE)
      unsafe.push(
        "TRUST_PROXY: true would believe addresses clients write themselves; give the proxies' addresses or CIDR " +
          'ranges instead (e.g. TRUST_PROXY=10.0.0.0/8), see docs/operations.md "Behind a proxy"',
      );
    if (e.PASSWORD_HASH_MEMORY_KIB < OWASP_PASSWORD_MEMORY_KIB)
      unsafe.push(
        `PASSWORD_HASH_MEMORY_KIB: at least ${OWASP_PASSWORD_MEMORY_KIB} in production (OWASP's argon2id cost)`,
      );
    if (!e.RELEASE_LINK_SECRET) unsafe.push('RELEASE_LINK_SECRET: required in production (it signs release links)');
    // Every secret setting: a guessable key forges what it signs.
    for (const name of SECRET_SETTINGS) {
      const value = e[name as keyof typeof e];
      const weakness = typeof value === 'string' ? secretWeakness(value) : null;
      if (weakness) unsafe.push(`${name}: ${weakness}; ${SECRET_HOW_TO}`);
    }
    if (unsafe.length)
      throw new Error(`Unsafe configuration for production:\n${unsafe.map((u) => `  ${u}`).join('\n')}`);
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    cookieSecure: e.COOKIE_SECURE ?? production,
    // Outside production `true` trusts a proxy on this machine only: never an address a client wrote.
    trustProxy: e.TRUST_PROXY === TRUST_PROXY_TRUE ? LOCAL_PROXY : e.TRUST_PROXY,
    memberSessionDays: e.MEMBER_SESSION_DAYS,
    passwordHashMemoryKib: e.PASSWORD_HASH_MEMORY_KIB,
    loginLimitPerEmail: e.LOGIN_LIMIT_PER_EMAIL,
    loginLimitPerIp: e.LOGIN_LIMIT_PER_IP,
    loginLimitWindowMs: e.LOGIN_LIMIT_WINDOW_MINUTES * 60_000,
    loginCodesPerDay: e.LOGIN_CODES_PER_DAY,
    loginCodeMailsPerHour: e.LOGIN_CODE_MAILS_PER_HOUR,
    memberWriteLimits: { bookingsPerMember: e.MEMBER_WRITES_PER_MINUTE, perIp: e.MEMBER_WRITES_PER_IP_PER_MINUTE },
    seedDemo: e.SEED_DEMO ?? !production,
    // Outside production the demo stays bookable: its week lies ahead of the first start.
    seedAsOf: e.SEED_AS_OF ?? (production ? SPEC_CONFERENCE_MONDAY : today()),
    organiserTimeZone: e.ORGANISER_TIME_ZONE,
    logLevel: e.LOG_LEVEL,
    sheets: {
      credentialsJson: e.GOOGLE_SERVICE_ACCOUNT_JSON || undefined,
      keyFile: e.GOOGLE_APPLICATION_CREDENTIALS || undefined,
      rootUrl: e.GOOGLE_SHEETS_ROOT_URL,
      // Without Google credentials, outside production, the demo spreadsheets are served locally.
      demo:
        e.SHEETS_DEMO ??
        (!production &&
          !e.GOOGLE_SERVICE_ACCOUNT_JSON &&
          !e.GOOGLE_APPLICATION_CREDENTIALS &&
          !e.GOOGLE_SHEETS_ROOT_URL),
    },
    outboxIntervalMs: e.OUTBOX_INTERVAL_MS,
    schedulerIntervalMs: e.SCHEDULER_INTERVAL_MS,
    drawIntervalMs: e.DRAW_INTERVAL_MS,
    webhooks: {
      allowPrivate: e.WEBHOOKS_ALLOW_PRIVATE ?? !production,
      httpsOnly: production,
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
      intervalMs: e.WEBHOOK_INTERVAL_MS,
    },
    apiTokenPerMinute: e.API_TOKEN_PER_MINUTE,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    publicUrlIsLocal: !e.PUBLIC_URL,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, dir: join(e.DATA_DIR, 'mail') },
    memberLogin: e.MEMBER_LOGIN,
    releaseLinkSecret: e.RELEASE_LINK_SECRET ?? DEV_RELEASE_LINK_SECRET,
    // A key of its own, derived when unset, so a device cookie can never pass for a release link or the reverse.
    deviceCookieSecret:
      e.SIGN_IN_DEVICE_SECRET ??
      createHmac('sha256', e.RELEASE_LINK_SECRET ?? DEV_RELEASE_LINK_SECRET)
        .update('sign-in device cookies')
        .digest('base64url'),
    // Derived like the device cookies' when unset (production always has RELEASE_LINK_SECRET): never a known key.
    totpKey: secretBoxKey(
      e.TOTP_ENCRYPTION_SECRET ??
        createHmac('sha256', e.RELEASE_LINK_SECRET ?? DEV_RELEASE_LINK_SECRET)
          .update('totp secrets at rest')
          .digest('base64url'),
    ),
    reports: {
      poolSize: e.REPORT_POOL_SIZE,
      timeoutMs: e.REPORT_TIMEOUT_MS,
      queueLimit: e.REPORT_QUEUE_LIMIT,
      queueWaitMs: e.REPORT_QUEUE_WAIT_MS,
    },
    wallet,
  };
}

type Env = z.output<typeof envSchema>;

/** An inline PEM or JSON setting, else the file its _FILE twin names (read once, at start-up). */
function inlineOrFile(inline: string | undefined, file: string | undefined, name: string): string | undefined {
  if (inline) return inline;
  if (!file) return undefined;
  try {
    return readFileSync(file, 'utf8');
  } catch {
    throw new Error(`Invalid configuration in the environment:\n  ${name}_FILE: cannot read ${file}`);
  }
}

/** The wallets' settings: each wallet is all set or not at all, so a half-configured one fails at start-up. */
function walletConfig(e: Env): WalletConfig {
  const invalid = (line: string) => new Error(`Invalid configuration in the environment:\n  ${line}`);
  const apple = {
    passTypeId: e.APPLE_WALLET_PASS_TYPE_ID,
    teamId: e.APPLE_WALLET_TEAM_ID,
    certPem: inlineOrFile(e.APPLE_WALLET_CERT_PEM, e.APPLE_WALLET_CERT_FILE, 'APPLE_WALLET_CERT'),
    keyPem: inlineOrFile(e.APPLE_WALLET_KEY_PEM, e.APPLE_WALLET_KEY_FILE, 'APPLE_WALLET_KEY'),
    wwdrPem: inlineOrFile(e.APPLE_WALLET_WWDR_PEM, e.APPLE_WALLET_WWDR_FILE, 'APPLE_WALLET_WWDR'),
  };
  const missing = Object.entries(apple).filter(([, v]) => !v);
  if (missing.length > 0 && missing.length < 5)
    throw invalid(`APPLE_WALLET_*: set all of pass type ID, team ID, certificate, key and WWDR certificate, or none`);
  const googleJson = inlineOrFile(
    e.GOOGLE_WALLET_SERVICE_ACCOUNT_JSON,
    e.GOOGLE_WALLET_SERVICE_ACCOUNT_FILE,
    'GOOGLE_WALLET_SERVICE_ACCOUNT',
  );
  if (Boolean(googleJson) !== Boolean(e.GOOGLE_WALLET_ISSUER_ID))
    throw invalid('GOOGLE_WALLET_*: set both the issuer ID and the service account key, or neither');
  let google: GoogleWalletConfig | undefined;
  if (googleJson && e.GOOGLE_WALLET_ISSUER_ID) {
    let key: z.infer<typeof serviceAccountSchema>;
    try {
      key = serviceAccountSchema.parse(JSON.parse(googleJson));
    } catch {
      throw invalid('GOOGLE_WALLET_SERVICE_ACCOUNT_JSON: not a service account key (client_email, private_key)');
    }
    google = {
      issuerId: e.GOOGLE_WALLET_ISSUER_ID,
      issuerName: e.WALLET_ORGANIZATION,
      clientEmail: key.client_email,
      privateKey: key.private_key,
    };
  }
  return {
    apple:
      missing.length === 0
        ? {
            ...(apple as Omit<AppleWalletConfig, 'organization' | 'keyPassphrase'>),
            organization: e.WALLET_ORGANIZATION,
            keyPassphrase: e.APPLE_WALLET_KEY_PASSPHRASE,
          }
        : undefined,
    google,
    authSecret: createHmac('sha256', e.RELEASE_LINK_SECRET ?? DEV_RELEASE_LINK_SECRET)
      .update('wallet pass web service')
      .digest('base64url'),
  };
}
