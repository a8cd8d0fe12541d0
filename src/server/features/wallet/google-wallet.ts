import { importPKCS8, SignJWT } from 'jose';
import { isoInZone } from '#common/event-time.ts';
import { groupPassCode } from '#common/passes.ts';
import type { GoogleWalletConfig } from '../../config.ts';
import { mailT } from '../../lib/mail-i18n.ts';
import type { WalletPassData } from './pass-data.ts';

/** Where the member's browser goes to save a pass: Google's page for a signed "save to wallet" JWT. */
export const GOOGLE_SAVE_URL = 'https://pay.google.com/gp/v/save/';

/** Google Wallet ids: the issuer ID, a dot, then letters, digits, '.', '_' or '-'. */
const idPart = (text: string) => text.replace(/[^A-Za-z0-9._-]/g, '_');
const text = (value: string, language = 'en') => ({ defaultValue: { language, value } });

/** The service account's key, imported once per key. */
const keys = new Map<string, Promise<CryptoKey>>();
const signingKey = (pem: string) => {
  if (!keys.has(pem)) keys.set(pem, importPKCS8(pem, 'RS256'));
  return keys.get(pem) as Promise<CryptoKey>;
};

/**
 * The "Save to Google Wallet" link of a booking's pass: a JWT (RS256, signed with the service account's key, jose)
 * carrying the event's ticket class and the member's ticket object. Google creates both on first save and does
 * not update saved ones from a JWT, so the object's id carries the booking's version (a moved booking saves a new
 * pass) and the class's id its slot (each slot has its own time).
 */
export async function googleWalletUrl(config: GoogleWalletConfig, pass: WalletPassData, origin: string) {
  const t = mailT(pass.locale);
  const classId = `${config.issuerId}.${idPart(pass.slotId ? `${pass.eventId}-${pass.slotId}` : pass.eventId)}`;
  const eventTicketClass = {
    id: classId,
    issuerName: config.issuerName,
    reviewStatus: 'UNDER_REVIEW',
    eventName: text(pass.title, pass.locale),
    ...(pass.venue ? { venue: { name: text(pass.venue), address: text(pass.venue) } } : {}),
    dateTime: { start: isoInZone(pass.start, pass.timeZone), end: isoInZone(pass.end, pass.timeZone) },
  };
  const eventTicketObject = {
    id: `${config.issuerId}.${idPart(`${pass.serial}-${pass.version}`)}`,
    classId,
    state: pass.admitted ? 'ACTIVE' : 'INACTIVE',
    barcode: { type: 'QR_CODE', value: pass.code, alternateText: groupPassCode(pass.code) },
    validTimeInterval: { end: { date: isoInZone(pass.end, pass.timeZone) } },
    textModulesData: [
      ...(pass.when ? [{ id: 'when', header: t('pass.whenShort'), body: pass.when }] : []),
      { id: 'guests', header: t('pass.guestsShort'), body: String(pass.guests) },
    ],
  };
  const jwt = await new SignJWT({
    iss: config.clientEmail,
    aud: 'google',
    typ: 'savetowallet',
    origins: [origin],
    payload: { eventTicketClasses: [eventTicketClass], eventTicketObjects: [eventTicketObject] },
  })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuedAt()
    .sign(await signingKey(config.privateKey));
  return `${GOOGLE_SAVE_URL}${jwt}`;
}
