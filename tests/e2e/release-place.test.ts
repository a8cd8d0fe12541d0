import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RELEASE_LABEL } from '#common/release.ts';
import { loadConfig } from '../../src/server/config.ts';
import { bookings } from '../../src/server/db/schema.ts';
import { runRemindersOnce } from '../../src/server/features/notify/reminders.ts';
import { createTestEvent, DAY, HOUR } from '../support/events.ts';
import type { ReceivedMail } from '../support/smtp-peer.ts';
import { expectNoViolations } from './support/axe.ts';
import { screenshot } from './support/browser.ts';
import { setupE2eWithSmtp } from './support/smtp.ts';

// Decision 016: "Can't make it? Release my place": a member releases from the link in a reminder (no sign-in), another
// from My bookings on a phone; each time the first in line is promoted and mailed, through a real SMTP peer.
const EVENT = 'release-e2e';
const START = new Date(Date.now() + DAY + 3 * HOUR);

const { e2e, received } = setupE2eWithSmtp();

/** A two-place event with a waitlist and a reminder a day before, tomorrow. */
async function makeEvent() {
  await createTestEvent(e2e.db, EVENT, {
    benefitTitle: 'Rooftop Mixer',
    description: 'Drinks',
    title: 'Rooftop Mixer',
    capacity: 2,
    location: 'Marina Rooftop',
    startsAt: START,
    hours: 3,
    config: {
      configName: 'Rooftop Mixer',
      slotConfig: { allowWaitlist: true },
      notifications: { reminderEmails: { enabled: true, daysBefore: [1] } },
    },
  });
}

/** A member with a context of their own (signed in) who books the event. */
async function booked(name: string, width = 1280) {
  const context = await e2e.newContext(width);
  const email = await e2e.newMember(`release-${name.toLowerCase()}-`, name);
  await e2e.signIn(context, email);
  const res = await context.request.post(`/api/rsvp/${EVENT}`, { data: {} });
  expect(res.status(), await res.text()).toBe(201);
  return { context, email };
}

const statusOf = async (email: string) =>
  (await e2e.db.select().from(bookings).where(eq(bookings.email, email)))[0]?.status;

async function mailTo(email: string, subject: RegExp) {
  let found: ReceivedMail | undefined;
  await expect
    .poll(() => (found = received().find((m) => m.envelopeTo.includes(email) && subject.test(m.parsed.subject ?? ''))))
    .toBeTruthy();
  return found as ReceivedMail;
}

describe('Release my place', () => {
  it('from a reminder mail without signing in, and from My bookings on a phone; the waitlist moves up', async () => {
    await makeEvent();
    const ann = await booked('Ann');
    const cat = await booked('Cat', 390);
    const ben = await booked('Ben');
    const dov = await booked('Dov');
    expect([await statusOf(ben.email), await statusOf(dov.email)]).toEqual(['waitlisted', 'waitlisted']);

    const run = await runRemindersOnce(e2e.db, {
      now: new Date(START.getTime() - DAY + 60_000),
      portalUrl: e2e.baseUrl,
      releaseSecret: loadConfig({ NODE_ENV: 'test' }).releaseLinkSecret,
    });
    expect(run.sent).toBe(2);
    const reminder = await mailTo(ann.email, /^Reminder: Rooftop Mixer/);
    const link = reminder.parsed.text?.match(new RegExp(`${RELEASE_LABEL.replace('?', '\\?')}: (\\S+)`))?.[1];
    expect(link).toMatch(new RegExp(`^${e2e.baseUrl}/release/[A-Za-z0-9_-]{48}$`));

    // A browser that never signed in: the page says what would be released, in the event's zone.
    const page = await (await e2e.newContext(1280)).newPage();
    await page.goto(link as string);
    const details = page.getByTestId('release-details');
    await details.waitFor();
    const text = await details.innerText();
    expect(text).toContain('Rooftop Mixer');
    expect(text).toContain('SGT');
    expect(text).toContain('Marina Rooftop');
    expect(await statusOf(ann.email)).toBe('confirmed'); // opening the link released nothing
    await screenshot(page, 'release-confirm-1280.png');
    await expectNoViolations(page, 'release confirmation at 1280 px');
    await page.getByTestId('release-confirm').click();
    await page.getByTestId('release-done').waitFor();
    await screenshot(page, 'release-done-1280.png');
    await expectNoViolations(page, 'release done at 1280 px');
    expect(await statusOf(ann.email)).toBe('cancelled');
    expect(await statusOf(ben.email)).toBe('confirmed');
    await mailTo(ben.email, /^A place has opened up/);

    // Cat, signed in on a phone, goes through My bookings.
    const phone = await cat.context.newPage();
    await phone.goto('/me');
    await phone.getByTestId('release-link').waitFor();
    await screenshot(phone, 'release-my-bookings-390.png');
    await phone.getByTestId('release-link').click();
    await phone.getByTestId('release-details').waitFor();
    await screenshot(phone, 'release-confirm-390.png');
    await phone.getByTestId('release-confirm').click();
    await phone.getByTestId('release-done').waitFor();
    await screenshot(phone, 'release-done-390.png');
    expect(await statusOf(dov.email)).toBe('confirmed');
    await mailTo(dov.email, /^A place has opened up/);
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);

    // The reminder's link again: used, said plainly.
    await phone.goto(link as string);
    const refused = phone.getByTestId('release-refused');
    await refused.waitFor();
    expect(await refused.getAttribute('data-code')).toBe('release_link_used');
    await screenshot(phone, 'release-used-390.png');
    await expectNoViolations(phone, 'release link used at 390 px');
  });
});
