import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, benefits, bookings, eventSlots, offerCodes } from '../../src/server/db/schema.ts';
import { createTestEvent } from '../support/events.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin('auditor@example.com');
});
afterAll(() => t.close());

const editWristcheck = (partnerContactEmail: string) =>
  t.put('/api/admin/benefits/wristcheck', admin, {
    benefitName: 'Wristcheck',
    benefitDescription: 'Up to USD 2,000 off the first purchase.',
    buttonText: 'Claim Your Offer',
    partnerContactEmail,
  });
const partnerOf = async (id: string) => {
  const res = await t.get(`/api/admin/benefits/${id}`, admin);
  return res.json().partnerContactEmail as string;
};
const auditRows = async () =>
  (await t.get('/api/admin/audit', admin)).json().entries as {
    action: string;
    targetId: string | null;
    targetName?: string | null;
    adminEmail: string;
  }[];

describe('audit rows are written with the change they record', () => {
  it('records a benefit edit with who, what and which', async () => {
    expect((await editWristcheck('first@partner.example')).statusCode).toBe(200);
    const entry = (await auditRows()).find((e) => e.action === 'benefit.update' && e.targetId === 'wristcheck');
    expect(entry?.adminEmail).toBe('auditor@example.com');
  });

  it('does not make a change whose audit row cannot be written', async () => {
    const before = await partnerOf('wristcheck');
    const count = (await auditRows()).length;
    await t.db.execute(sql`alter table admin_audit add constraint audit_frozen check (action = 'frozen') not valid`);
    try {
      const res = await editWristcheck('silent@attacker.example');
      expect(res.statusCode).toBe(500);
      expect(res.json().code).toBe('internal');
    } finally {
      await t.db.execute(sql`alter table admin_audit drop constraint audit_frozen`);
    }
    expect(await partnerOf('wristcheck')).toBe(before);
    expect((await auditRows()).length).toBe(count);
  });

  it('records a member added and removed, and nothing for a refused removal', async () => {
    await t.post('/api/admin/members', admin, { email: 'leaving@example.com' });
    const removed = await t.del('/api/admin/members/leaving@example.com', admin);
    expect(removed.statusCode).toBe(200);
    const missing = await t.del('/api/admin/members/nobody@example.com', admin);
    expect(missing.statusCode).toBe(404);
    const actions = (await auditRows()).filter((e) => e.targetId?.endsWith('@example.com')).map((e) => e.action);
    expect(actions).toContain('member.add');
    expect(actions).toContain('member.remove');
    // A refused change leaves no row: nothing was removed for nobody@example.com.
    expect((await auditRows()).some((e) => e.targetId === 'nobody@example.com')).toBe(false);
  });
});

describe('audit targets by name', () => {
  it('names a benefit, an event, a booking, a slot and an offer code; an id it cannot read stays an id', async () => {
    expect((await editWristcheck('named@partner.example')).statusCode).toBe(200);
    const edit = (await auditRows()).find((e) => e.action === 'benefit.update' && e.targetId === 'wristcheck');
    expect(edit?.targetName).toBe('Wristcheck');

    await createTestEvent(t.db, 'audit-named', { capacity: 5, title: 'Named Night' });
    const [booking] = await t.db
      .insert(bookings)
      .values({ eventId: 'audit-named', email: 'guest@named.example' })
      .returning();
    const [slot] = await t.db
      .insert(eventSlots)
      .values({ eventId: 'audit-named', slotTime: '7:00 PM', capacity: 3 })
      .returning();
    await t.db
      .insert(benefits)
      .values({ id: 'audit-offer', title: 'Named Offer', slug: 'audit-offer', description: 'd' });
    const [code] = await t.db.insert(offerCodes).values({ benefitId: 'audit-offer', code: 'NAMED-1' }).returning();
    const row = (targetType: string, targetId: string) => ({
      adminEmail: 'auditor@example.com',
      action: 'booking.cancel',
      targetType,
      targetId,
    });
    await t.db
      .insert(adminAudit)
      .values([
        row('event', 'audit-named'),
        row('booking', booking?.id ?? ''),
        row('slot', slot?.id ?? ''),
        row('offer_code', code?.id ?? ''),
        row('booking', 'not-a-uuid'),
      ]);
    const named = new Map((await auditRows()).map((e) => [e.targetId, e.targetName]));
    expect(named.get('audit-named')).toBe('Named Night');
    expect(named.get(booking?.id ?? '')).toBe('guest@named.example · Named Night');
    expect(named.get(slot?.id ?? '')).toBe('Named Night · 7:00 PM');
    expect(named.get(code?.id ?? '')).toBe('NAMED-1 · Named Offer');
    expect(named.get('not-a-uuid')).toBeNull();
  });
});
