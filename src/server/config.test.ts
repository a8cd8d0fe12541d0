import { describe, expect, it } from 'vitest';
import { describeTrustProxy, loadConfig, SECRET_SETTINGS } from './config.ts';

/** What production needs besides its keys: mail, the public address, PostgreSQL. */
const PRODUCTION = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://db/portal',
  SMTP_URL: 'smtp://m:25',
  PUBLIC_URL: 'https://pass.example.com',
} as const;

describe('configuration', () => {
  it('has safe defaults for a first run', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      env: 'development',
      port: 5000,
      dataDir: './data',
      databaseUrl: undefined,
      cookieSecure: false,
      seedDemo: true,
      organiserTimeZone: 'Asia/Singapore',
    });
    expect(loadConfig({ ORGANISER_TIME_ZONE: '' }).organiserTimeZone).toBe('Asia/Singapore');
    expect(loadConfig({ ORGANISER_TIME_ZONE: 'America/New_York' }).organiserTimeZone).toBe('America/New_York');
    expect(c.sheets.demo).toBe(true);
    // Reports keep to a small pool of their own (decision 020).
    expect(c.reports).toEqual({ poolSize: 2, timeoutMs: 10_000, queueLimit: 20, queueWaitMs: 5_000 });
  });

  it('stops on a bad value with a clear message', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ ORGANISER_TIME_ZONE: 'Mars/Olympus' })).toThrow(/ORGANISER_TIME_ZONE: must be an IANA/);
    expect(() => loadConfig({ REPORT_POOL_SIZE: '0' })).toThrow(/REPORT_POOL_SIZE/);
    expect(() => loadConfig({ REPORT_TIMEOUT_MS: '5' })).toThrow(/REPORT_TIMEOUT_MS/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must be a postgres/);
    expect(() => loadConfig({ GOOGLE_SERVICE_ACCOUNT_JSON: '{not json' })).toThrow(
      /GOOGLE_SERVICE_ACCOUNT_JSON: not valid JSON/,
    );
  });

  it('refuses unsafe production settings', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/DATABASE_URL: required in production/);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/portal', SEED_DEMO: 'true' }),
    ).toThrow(/SEED_DEMO/);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/portal', COOKIE_SECURE: 'false' }),
    ).toThrow(/COOKIE_SECURE/);
    const ok = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db/portal',
      SMTP_URL: 'smtp://mail.example.com:587',
      PUBLIC_URL: 'https://pass.example.com',
      RELEASE_LINK_SECRET: 'Zq3vR8tLw1nB6yHc0pKs5xGj2mDf9aUe',
    });
    expect(ok).toMatchObject({ cookieSecure: true, seedDemo: false, publicUrl: 'https://pass.example.com' });
    const base = { NODE_ENV: 'production', DATABASE_URL: 'postgres://db/portal' } as const;
    expect(() => loadConfig({ ...base, PUBLIC_URL: 'https://pass.example.com' })).toThrow(/SMTP_URL: required/);
    expect(() => loadConfig({ ...base, SMTP_URL: 'smtp://m:25', PUBLIC_URL: 'http://pass.example.com' })).toThrow(
      /PUBLIC_URL: must be https/,
    );
    expect(
      loadConfig({
        ...base,
        SMTP_URL: 'smtp://m:25',
        PUBLIC_URL: 'http://pass',
        ALLOW_HTTP_PUBLIC_URL: 'true',
        RELEASE_LINK_SECRET: 'Zq3vR8tLw1nB6yHc0pKs5xGj2mDf9aUe',
      }).publicUrl,
    ).toBe('http://pass');
    expect(ok.sheets.demo).toBe(false);
    expect(ok.releaseLinkSecret).toBe('Zq3vR8tLw1nB6yHc0pKs5xGj2mDf9aUe');
    const mailed = { ...base, SMTP_URL: 'smtp://m:25', PUBLIC_URL: 'https://pass.example.com' };
    expect(() => loadConfig(mailed)).toThrow(/RELEASE_LINK_SECRET: required/);
    expect(() => loadConfig({ ...mailed, RELEASE_LINK_SECRET: 'short' })).toThrow(/RELEASE_LINK_SECRET: must be/);
  });

  it("hashes passwords at OWASP's cost unless told otherwise, and production refuses less (decision 067)", () => {
    expect(loadConfig({}).passwordHashMemoryKib).toBe(19_456);
    expect(loadConfig({ PASSWORD_HASH_MEMORY_KIB: '64' }).passwordHashMemoryKib).toBe(64);
    expect(() => loadConfig({ PASSWORD_HASH_MEMORY_KIB: '4' })).toThrow(/PASSWORD_HASH_MEMORY_KIB/);
    const secret = { RELEASE_LINK_SECRET: 'Zq3vR8tLw1nB6yHc0pKs5xGj2mDf9aUe' };
    expect(() => loadConfig({ ...PRODUCTION, ...secret, PASSWORD_HASH_MEMORY_KIB: '64' })).toThrow(
      /PASSWORD_HASH_MEMORY_KIB: at least 19456 in production/,
    );
    expect(loadConfig({ ...PRODUCTION, ...secret, PASSWORD_HASH_MEMORY_KIB: '65536' }).passwordHashMemoryKib).toBe(
      65_536,
    );
  });

  it('refuses a secret that was typed rather than generated in production, and says how to make one', () => {
    const mailed = PRODUCTION;
    for (const weak of ['a'.repeat(32), 'secret'.repeat(6), 'abcdefghijklmnopqrstuvwxyz0123456789']) {
      expect(() => loadConfig({ ...mailed, RELEASE_LINK_SECRET: weak })).toThrow(
        /RELEASE_LINK_SECRET: is too predictable .*openssl rand -base64 32/,
      );
    }
    const generated = 'k8Jq0vWm3ZrT5bY1nXcE7hLd2sPf9uGa4oRi6eNwQ/M=';
    expect(loadConfig({ ...mailed, RELEASE_LINK_SECRET: generated }).releaseLinkSecret).toBe(generated);
    // Outside production the length rule alone applies: a laptop's key signs links to demo accounts.
    expect(loadConfig({ RELEASE_LINK_SECRET: 'a'.repeat(32) }).releaseLinkSecret).toBe('a'.repeat(32));
  });
});

describe('every secret setting, one strength check (decision 045)', () => {
  const mailed = { ...PRODUCTION, RELEASE_LINK_SECRET: 'k8Jq0vWm3ZrT5bY1nXcE7hLd2sPf9uGa4oRi6eNwQ/M=' } as const;

  it('covers every *_SECRET setting, the device cookie key among them', () => {
    expect(SECRET_SETTINGS).toEqual(expect.arrayContaining(['RELEASE_LINK_SECRET', 'SIGN_IN_DEVICE_SECRET']));
  });

  it.each(SECRET_SETTINGS)('refuses a weak %s in production, naming it', (name) => {
    for (const [weak, why] of [
      ['a'.repeat(32), /is too predictable/],
      ['xY7'.repeat(12), /is too predictable/],
      ['changeme-Q8z1Lr5Wn2Kd7Tb4Hx9Vj3Pc', /looks like a placeholder .*"changeme"/],
      ['your-secret-here-0f3a9c2e7b5d1f84', /looks like a placeholder .*"secret"/],
      ['short', /must be at least 32 characters/],
    ] as const)
      expect(() => loadConfig({ ...mailed, [name]: weak }), `${name}=${weak}`).toThrow(
        new RegExp(`${name}: ${why.source}`),
      );
  });

  it('says how to make one, and starts with generated keys', () => {
    expect(() => loadConfig({ ...mailed, SIGN_IN_DEVICE_SECRET: 'a'.repeat(32) })).toThrow(/openssl rand -base64 32/);
    const device = 'Pm4TfX0c9Lq2vR7sZy1KwH5gNb8jD3eA6uYo+IrCt0E=';
    expect(loadConfig({ ...mailed, SIGN_IN_DEVICE_SECRET: device }).deviceCookieSecret).toBe(device);
    // Outside production a laptop's key signs cookies for demo accounts: the length rule alone applies.
    expect(loadConfig({ SIGN_IN_DEVICE_SECRET: 'a'.repeat(32) }).deviceCookieSecret).toBe('a'.repeat(32));
  });

  it('seals TOTP secrets with a 32-byte key: its own setting, else one derived from RELEASE_LINK_SECRET', () => {
    const derived = loadConfig({}).totpKey;
    expect(derived).toHaveLength(32);
    expect(loadConfig({}).totpKey).toEqual(derived);
    const own = loadConfig({ TOTP_ENCRYPTION_SECRET: 'Pm4TfX0c9Lq2vR7sZy1KwH5gNb8jD3eA6uYo' }).totpKey;
    expect(own).not.toEqual(derived);
    expect(loadConfig({ RELEASE_LINK_SECRET: 'Qn5UgY1d0Mr3wS8tAz2LxJ6hOc9kE4fB' }).totpKey).not.toEqual(derived);
  });
});

describe('trusted proxies (decision 045)', () => {
  it("is off by default: the connection's own address", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(describeTrustProxy(false)).toMatch(/connection's own/);
  });

  it("takes the proxies' addresses and CIDR ranges, and says which at start-up", () => {
    const trust = loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.5,2001:db8::/32,loopback' }).trustProxy;
    expect(trust).toEqual(['10.0.0.0/8', '192.168.1.5', '2001:db8::/32', 'loopback']);
    expect(describeTrustProxy(['10.0.0.0/8'])).toMatch(/trusted proxies 10\.0\.0\.0\/8/);
  });

  it('refuses a hop count or anything that is not an address, with what to write instead', () => {
    for (const bad of ['1', '2', 'yes', '10.0.0.0/33', '300.1.1.1', 'proxy.example.com'])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(
        /TRUST_PROXY: must be false or the proxies' own addresses/,
      );
  });

  it('refuses TRUST_PROXY=true in production; elsewhere it trusts a proxy on this machine only', () => {
    expect(() =>
      loadConfig({
        ...PRODUCTION,
        RELEASE_LINK_SECRET: 'k8Jq0vWm3ZrT5bY1nXcE7hLd2sPf9uGa4oRi6eNwQ/M=',
        TRUST_PROXY: 'true',
      }),
    ).toThrow(/TRUST_PROXY: true would believe addresses clients write themselves; give the proxies' addresses/);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toEqual(['loopback']);
  });
});

describe('wallet settings (decision 025)', () => {
  const pem = (kind: string) => `-----BEGIN ${kind}-----\nMIIB\n-----END ${kind}-----\n`;
  const apple = {
    APPLE_WALLET_PASS_TYPE_ID: 'pass.com.example.portal',
    APPLE_WALLET_TEAM_ID: 'ABCDE12345',
    APPLE_WALLET_CERT_PEM: pem('CERTIFICATE'),
    APPLE_WALLET_KEY_PEM: pem('PRIVATE KEY'),
    APPLE_WALLET_WWDR_PEM: pem('CERTIFICATE'),
  };

  it('offers no wallet without settings, and each wallet once all its settings are there', () => {
    expect(loadConfig({}).wallet).toMatchObject({ apple: undefined, google: undefined });
    expect(loadConfig(apple).wallet.apple).toMatchObject({
      passTypeId: 'pass.com.example.portal',
      teamId: 'ABCDE12345',
    });
    const account = JSON.stringify({
      client_email: 'wallet@x.iam.gserviceaccount.com',
      private_key: pem('PRIVATE KEY'),
    });
    const google = { GOOGLE_WALLET_ISSUER_ID: '3388000000012345678', GOOGLE_WALLET_SERVICE_ACCOUNT_JSON: account };
    expect(loadConfig(google).wallet.google).toMatchObject({ clientEmail: 'wallet@x.iam.gserviceaccount.com' });
  });

  it('stops on a half-configured wallet, a wrong-looking value or an unreadable file', () => {
    expect(() => loadConfig({ ...apple, APPLE_WALLET_KEY_PEM: '' })).toThrow(/APPLE_WALLET_\*: set all/);
    expect(() => loadConfig({ ...apple, APPLE_WALLET_TEAM_ID: 'x' })).toThrow(/APPLE_WALLET_TEAM_ID/);
    expect(() => loadConfig({ ...apple, APPLE_WALLET_CERT_PEM: 'not a pem' })).toThrow(/APPLE_WALLET_CERT_PEM/);
    expect(() =>
      loadConfig({ ...apple, APPLE_WALLET_CERT_PEM: '', APPLE_WALLET_CERT_FILE: '/nonexistent/cert.pem' }),
    ).toThrow(/APPLE_WALLET_CERT_FILE: cannot read/);
    expect(() => loadConfig({ GOOGLE_WALLET_ISSUER_ID: '3388000000012345678' })).toThrow(/GOOGLE_WALLET_\*/);
    expect(() =>
      loadConfig({ GOOGLE_WALLET_ISSUER_ID: '3388000000012345678', GOOGLE_WALLET_SERVICE_ACCOUNT_JSON: '{}' }),
    ).toThrow(/not a service account key/);
  });
});
