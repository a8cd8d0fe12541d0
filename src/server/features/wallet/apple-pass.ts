import { createHmac, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import * as walletApi from '#common/api/wallet.ts';
import { formatInstant } from '#common/event-time.ts';
import { groupPassCode } from '#common/passes.ts';
import type { AppleWalletConfig } from '../../config.ts';
import { mailT } from '../../lib/mail-i18n.ts';
import { fromRoot } from '../../lib/project-root.ts';
import type { WalletPassData } from './pass-data.ts';

/** The pass's pictures: the portal's mark, drawn from favicon.svg (Wallet requires an icon); read from source in a build too. */
const ASSETS = ['icon.png', 'icon@2x.png', 'icon@3x.png', 'logo.png', 'logo@2x.png'];
const assets = Object.fromEntries(
  ASSETS.map((name) => [name, readFileSync(fromRoot('src/server/features/wallet/assets', name))]),
);

/** Wallet's authenticationToken for a pass: an HMAC of its serial, so no token needs to be stored. */
export function passAuthToken(secret: string, serial: string): string {
  return createHmac('sha256', secret).update(`apple-wallet:${serial}`).digest('base64url');
}

/** Whether an `ApplePass <token>` header belongs to this serial (constant time). */
export function validPassAuth(secret: string, serial: string, header: string | undefined): boolean {
  const given = Buffer.from(/^ApplePass (\S+)$/.exec(header ?? '')?.[1] ?? '');
  const expected = Buffer.from(passAuthToken(secret, serial));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * A booking's .pkpass, signed with the organiser's pass certificate (passkit-generator: PKCS#7 detached signature
 * of the manifest of SHA-1 hashes). Built fresh on every download, so it shows the booking's current slot and time;
 * a booking no longer admitted gets a voided pass (Wallet greys it out and drops its barcode use).
 */
export async function applePass(
  config: AppleWalletConfig,
  pass: WalletPassData,
  web: { publicUrl: string; authSecret: string },
): Promise<Buffer> {
  // passkit-generator takes a second or more to load: it loads with the first pass, not with the server.
  const { PKPass } = await import('passkit-generator');
  // Written in the member's language (decision 061): one language per pass, as it is built for one member.
  const t = mailT(pass.locale);
  const pkpass = new PKPass(
    assets,
    {
      wwdr: config.wwdrPem,
      signerCert: config.certPem,
      signerKey: config.keyPem,
      signerKeyPassphrase: config.keyPassphrase,
    },
    {
      formatVersion: 1,
      passTypeIdentifier: config.passTypeId,
      teamIdentifier: config.teamId,
      organizationName: config.organization,
      serialNumber: pass.serial,
      description: t('pass.description', { title: pass.title }),
      logoText: config.organization,
      backgroundColor: 'rgb(11, 11, 15)',
      foregroundColor: 'rgb(255, 255, 255)',
      labelColor: 'rgb(212, 175, 55)',
      voided: !pass.admitted,
      webServiceURL: `${web.publicUrl}${walletApi.WEB_SERVICE_PATH}`,
      authenticationToken: passAuthToken(web.authSecret, pass.serial),
    },
  );
  pkpass.type = 'eventTicket';
  pkpass.primaryFields.push({ key: 'event', label: t('pass.event'), value: pass.title });
  pkpass.secondaryFields.push({
    key: 'when',
    label: t('pass.when'),
    value: pass.when ?? formatInstant(pass.start, pass.timeZone, pass.locale),
  });
  if (pass.venue) pkpass.auxiliaryFields.push({ key: 'where', label: t('pass.where'), value: pass.venue });
  pkpass.auxiliaryFields.push({ key: 'guests', label: t('pass.guests'), value: String(pass.guests) });
  pkpass.backFields.push(
    { key: 'code', label: t('pass.code'), value: groupPassCode(pass.code) },
    { key: 'zone', label: t('pass.zone'), value: pass.timeZone },
    { key: 'status', label: t('pass.status'), value: pass.admitted ? t('pass.confirmed') : t('pass.voided') },
  );
  pkpass.setBarcodes({
    format: 'PKBarcodeFormatQR',
    message: pass.code,
    messageEncoding: 'iso-8859-1',
    altText: groupPassCode(pass.code),
  });
  pkpass.setRelevantDate(pass.start);
  pkpass.setExpirationDate(pass.end);
  return pkpass.getAsBuffer();
}
