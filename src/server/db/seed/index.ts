import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { addBenefitSchema } from '#common/admin.ts';
import { benefitEventInputSchema } from '#common/benefit-events.ts';
import { memberActionWordingSchema } from '#common/member-action-wording.ts';
import { benefitTranslationsSchema } from '#common/organiser-words.ts';
import { AUTO_TAB1_NAME, createConfigSchema } from '#common/rsvp-config.ts';
import { processSheetsSchema } from '#common/sheets.ts';
import { adminExists, upsertAdmin, upsertMember } from '../../features/auth/index.ts';
import {
  addBenefitEvent,
  addEventSlots,
  createBenefit,
  saveBenefitWords,
  saveModal,
  savePage,
} from '../../features/benefits/index.ts';
import { createConfig } from '../../features/configurations/index.ts';
import { publishReadDraft, readDraftSheets } from '../../features/rsvp/index.ts';
import { demoSheetsReader, processSheets } from '../../features/sheets/index.ts';
import type { Db, Tx } from '../client.ts';
import { benefits, events, partnerPages } from '../schema.ts';
import { SEEDED_ACTION_WORDING } from './action-wording.ts';
import { demoCatalogue } from './catalogue.ts';
import { demoShiftDays, SPEC_CONFERENCE_MONDAY } from './demo-dates.ts';
import { demoPartnerPages } from './partner-pages.ts';
import type { SeedBenefit } from './types.ts';

export const DEMO_MEMBER = { email: 'member@example.com', firstName: 'Demo', lastName: 'Member' };
export const DEMO_ADMIN_EMAIL = 'admin@example.com';

/**
 * Builds the demo week where it is missing, through the organiser's own service calls and rules (decision 053), its
 * dates moved so the conference week starts on or after `asOf` (the spec's own dates by default). Idempotent, and
 * never overwrites what staff have since changed: a benefit that exists (deleted ones too) is left as it is, so a
 * second run changes nothing, whatever its `asOf`.
 */
export async function seedCatalogue(db: Db, opts: { asOf?: string } = {}) {
  const shiftDays = demoShiftDays(opts.asOf ?? SPEC_CONFERENCE_MONDAY);
  const catalogue = demoCatalogue(shiftDays);
  await db.transaction(async (tx) => {
    const present = new Set(
      (
        await tx
          .select({ id: benefits.id })
          .from(benefits)
          .where(
            inArray(
              benefits.id,
              catalogue.map((b) => b.id),
            ),
          )
      ).map((r) => r.id),
    );
    const added = catalogue.filter((b) => !present.has(b.id));
    const sheets = demoSheetsReader(shiftDays);
    for (const b of added) await seedBenefit(tx, b, sheets);
    // Modals name events of other benefits too: they follow once every event is there.
    for (const b of added) if (b.modal) await saveModal(tx, b.id, b.modal);
    // The words in other languages come last: they translate the modal too.
    for (const b of added)
      if (b.translations) await saveBenefitWords(tx, b.id, benefitTranslationsSchema.parse(b.translations));
    // The spec's button and toast wording (decision 033), through the schema an admin's passes; an event seeded
    // before the wording was data gets it once (null: never set; an admin's cleared wording is {}, and stays).
    for (const [eventId, wording] of Object.entries(SEEDED_ACTION_WORDING))
      await tx
        .update(events)
        .set({ actionWording: memberActionWordingSchema.parse(wording) })
        .where(and(eq(events.id, eventId), isNull(events.actionWording)));
    await seedPages(tx, shiftDays, new Set(added.map((b) => b.id)));
  });
}

type Sheets = ReturnType<typeof demoSheetsReader>;

/** One benefit as the add-benefit form makes it, then its further events, its built-in form's slots, its Sheet's form. */
async function seedBenefit(tx: Tx, b: SeedBenefit, sheets: Sheets) {
  const eventId = b.eventId ?? b.id;
  const form = addBenefitSchema.parse(b.form);
  await createBenefit(tx, form, b.imageUrl, { id: b.id, slug: b.slug, displayOrder: b.displayOrder, eventId });
  for (const e of b.events ?? []) await addBenefitEvent(tx, b.id, benefitEventInputSchema.parse(e.input), e.id);
  if (b.slots) await addEventSlots(tx, eventId, b.slots);
  if (b.sheetForm) await seedSheetForm(tx, sheets, b.id, form, b.sheetForm.configName);
}

/**
 * The RSVP wizard's three steps with the organiser's defaults (decision 070): process the benefit's sheets, save the
 * fields as its configuration, deploy it. The sheets are the demo's, read from the repository; a demo sheet that
 * would need a new column or warns is a mistake in the demo, so it stops the seed.
 */
async function seedSheetForm(
  tx: Tx,
  sheets: Sheets,
  benefitId: string,
  form: { excelTab1Link?: string; excelTab2Link?: string },
  configName: string,
) {
  const sheetMapping = { tab1Url: form.excelTab1Link ?? '', tab1Name: AUTO_TAB1_NAME, tab2Url: form.excelTab2Link };
  const processed = await processSheets(sheets, processSheetsSchema.parse(sheetMapping));
  const hasSlots = processed.tab2SlotLogic.length > 0;
  const config = { benefitId, configName, formFields: processed.tab1Headers, slotConfig: { hasSlots }, sheetMapping };
  await createConfig(tx, createConfigSchema.parse({ ...config, isActive: false }));
  const draft = await readDraftSheets(tx, sheets, benefitId);
  const { warnings } = await publishReadDraft(tx, draft, DEMO_ADMIN_EMAIL);
  const problems = [...processed.warnings, ...warnings];
  if (problems.length > 0) throw new Error(`The demo form of ${benefitId}: ${problems.join(' ')}`);
}

/** Pages come with their benefit (a page staff removed stays removed); a page of no benefit where it is missing. */
async function seedPages(tx: Tx, shiftDays: number, added: Set<string>) {
  for (const p of demoPartnerPages(shiftDays)) {
    if (p.benefitId ? !added.has(p.benefitId) : await pageExists(tx, p.slug)) continue;
    await savePage(tx, p.slug, { benefitId: p.benefitId, layout: p.layout, content: p.content });
  }
}

const pageExists = async (tx: Tx, slug: string) =>
  (await tx.select({ slug: partnerPages.slug }).from(partnerPages).where(eq(partnerPages.slug, slug))).length > 0;

/** Demo accounts for a first run outside production; returns the admin password once, when created. */
export async function seedDemoAccounts(db: Db): Promise<{ adminPassword: string | null }> {
  await upsertMember(db, DEMO_MEMBER);
  if (await adminExists(db, DEMO_ADMIN_EMAIL)) return { adminPassword: null };
  const adminPassword = randomBytes(12).toString('base64url');
  await upsertAdmin(db, { email: DEMO_ADMIN_EMAIL, password: adminPassword });
  return { adminPassword };
}
