import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

const BENEFITS = [
  ['speakers-reception', 'Speakers Reception'],
  ['sap-night', 'SAP Night at AP House'],
  ['bryan-johnson', 'Closed-Door Q&A with Bryan Johnson'],
  ['crypto-fight-night', 'Crypto Fight Night'],
  ['after2049', 'AFTER 2049'],
  ['ap-house', 'AP House Concierge Tours'],
  ['mclaren-tour', 'McLaren Technology Centre Tour'],
  ['mclaren-artura', 'McLaren Artura Showcase'],
  ['sothebys-private-auction', 'Sotheby’s Private Auction Preview'],
  ['capella-day-pass', 'Capella Singapore Day Pass'],
  ['national-gallery', 'National Gallery Singapore'],
  ['wristcheck', 'Wristcheck'],
  ['special-air-service', 'XO: The Easy Way to Fly Private'],
  ['hedley-studios', 'Hedley Studios: Exclusive Studio Offer'],
  ['elyx-life', 'Elyx Life'],
  ['jai-one-siam', 'JAI by ONESIAM'],
] as const;

/**
 * Fills the three logs with `rows` realistic rows in set-based SQL (no row-by-row loop):
 * 20% sign-ins, 60% clicks, 20% submissions, from 5000 members over the conference week,
 * popular benefits more often than others.
 */
export async function generateLogs(db: Db, rows: number, members = 5000) {
  const ids = sql.raw(`array[${BENEFITS.map(([id]) => `'${id}'`).join(',')}]`);
  const titles = sql.raw(`array[${BENEFITS.map(([, t]) => `'${t.replace(/'/g, "''")}'`).join(',')}]`);
  const when = sql.raw(`timestamptz '2025-09-29 00:00:00+08' + random() * interval '6 days'`);
  const who = sql.raw(`'member' || (1 + floor(random() * ${members}))::int || '@example.com'`);
  // Squaring a uniform number skews picks towards the first (most popular) benefits.
  const pick = sql.raw(`1 + floor(power(random(), 2) * ${BENEFITS.length})::int`);
  const n = (share: number) => Math.round(rows * share);
  await db.execute(sql`insert into portal_access_logs (user_email, access_time, user_agent, ip_address)
    select ${who}, ${when}, 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)', '203.0.113.' || (g % 250)
    from generate_series(1, ${n(0.2)}) g`);
  await db.execute(sql`insert into benefit_click_logs (user_email, benefit_id, benefit_title, click_time, user_agent, ip_address)
    select ${who}, (${ids})[p], (${titles})[p], ${when}, 'Mozilla/5.0', '203.0.113.' || (g % 250)
    from (select g, ${pick} as p from generate_series(1, ${n(0.6)}) g) x`);
  await db.execute(sql`insert into form_submission_logs (user_email, submission_type, benefit_id, benefit_title, submission_time, user_agent, ip_address)
    select ${who}, case when random() < 0.5 then 'FORM' else 'MODAL_BUTTON' end, (${ids})[p], (${titles})[p], ${when}, 'Mozilla/5.0', '203.0.113.' || (g % 250)
    from (select g, ${pick} as p from generate_series(1, ${rows - n(0.2) - n(0.6)}) g) x`);
  await db.execute(sql`analyze portal_access_logs`);
  await db.execute(sql`analyze benefit_click_logs`);
  await db.execute(sql`analyze form_submission_logs`);
}
