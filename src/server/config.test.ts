import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

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
      RELEASE_LINK_SECRET: 'a-production-secret-of-at-least-32-characters',
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
    expect(ok.releaseLinkSecret).toBe('a-production-secret-of-at-least-32-characters');
    const mailed = { ...base, SMTP_URL: 'smtp://m:25', PUBLIC_URL: 'https://pass.example.com' };
    expect(() => loadConfig(mailed)).toThrow(/RELEASE_LINK_SECRET: required/);
    expect(() => loadConfig({ ...mailed, RELEASE_LINK_SECRET: 'short' })).toThrow(/RELEASE_LINK_SECRET: must be/);
  });

  it('refuses a secret that was typed rather than generated in production, and says how to make one', () => {
    const mailed = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db/portal',
      SMTP_URL: 'smtp://m:25',
      PUBLIC_URL: 'https://pass.example.com',
    } as const;
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

describe('wallet settings (issue 36)', () => {
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
