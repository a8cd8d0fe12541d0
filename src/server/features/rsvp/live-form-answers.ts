import { eq } from 'drizzle-orm';
import { DEFAULT_TIME_ZONE, localDate } from '#common/event-time.ts';
import { DEFAULT_LOCALE, type Locale } from '#common/locales.ts';
import { fallbackPaths, localise, type TranslatedLocale } from '#common/organiser-words.ts';
import { slotConfigSchema } from '#common/rsvp-config.ts';
import type { Db } from '../../db/client.ts';
import { events } from '../../db/schema.ts';
import { COUNTS_TTL_MS, hotCache } from '../../lib/hot-cache.ts';
import { liveConfigFor } from '../configurations/index.ts';
import { dynamicEventId, type loadLiveForm } from './dynamic-rsvp.ts';
import { openSlots } from './event-slots.ts';

type LiveForm = Awaited<ReturnType<typeof loadLiveForm>>;

/**
 * The visible fields in the member's language (decision 062): labels, help and placeholders replaced field by field;
 * options keep their values (the Sheet's answers) and gain labels to show.
 */
function fieldsIn(live: LiveForm, locale: Locale) {
  const visible = live.fields.filter((f) => f.isVisible).map(({ columnMapping: _c, ...f }) => f);
  if (locale === DEFAULT_LOCALE) return visible;
  const base = Object.fromEntries(
    visible.map((f) => [
      f.fieldName,
      {
        displayName: f.displayName,
        helpText: f.helpText ?? '',
        placeholder: f.placeholder ?? '',
        options: f.options ?? [],
      },
    ]),
  );
  const record = { form: base, translations: live.benefit.translations };
  const { form } = localise(record, locale);
  const over = live.benefit.translations?.[locale as TranslatedLocale]?.form;
  return visible.map((f) => {
    const w = form[f.fieldName];
    if (!w) return f;
    const relabelled = w.options.some((label, i) => label !== f.options?.[i]);
    // Which of its words stay English (decision 073): the member's page marks exactly those.
    const fallback = fallbackPaths(base[f.fieldName], over?.[f.fieldName]);
    return {
      ...f,
      displayName: w.displayName,
      helpText: w.helpText || f.helpText,
      placeholder: w.placeholder || f.placeholder,
      ...(relabelled ? { optionLabels: w.options } : {}),
      ...(fallback ? { fallback } : {}),
    };
  });
}

/** A live form as its fillers get it (members, and admins booking for one), without the organiser's sheet columns. */
export function formAnswer(live: LiveForm, locale: Locale = DEFAULT_LOCALE) {
  const c = live.config;
  return {
    id: c.id,
    benefitId: c.benefitId,
    configName: c.configName,
    formFields: fieldsIn(live, locale),
    roles: live.roles,
    maxGuests: live.maxGuests,
    slotConfig: c.slotConfig,
    sheetMapping: { tab2Url: c.sheetMapping.tab2Url ?? null },
    behavior: c.behavior,
  };
}

/** The form's slots with their places left, as its slot field offers them (cached with the event's counts). */
export const cachedSlotLogic = (db: Db, benefitId: string) =>
  hotCache(db).get(dynamicEventId(benefitId), 'slot-logic', COUNTS_TTL_MS, () => slotLogicAnswer(db, benefitId));

/** The form's slots as of now, for an admin booking a member (no cache: the admin sees the counts of the moment). */
export async function slotLogicAnswer(db: Db, benefitId: string) {
  const eventId = dynamicEventId(benefitId);
  const live = await liveConfigFor(db, benefitId);
  const rules = live?.slotConfig ?? slotConfigSchema.parse({});
  // A full slot is listed when members may wait for it, or when the admin chose to show full slots.
  const waitlist = rules.allowWaitlist;
  const [slots, [event]] = await Promise.all([
    openSlots(db, eventId, { includeFull: waitlist || !rules.hideFullSlots }),
    db.select().from(events).where(eq(events.id, eventId)),
  ]);
  const hasDateAndTime = slots.some((s) => s.date);
  // Slots are read and labelled in the event's zone (a New York form says EST, not the portal's SGT; decision 022).
  const timeZone = event?.timeZone ?? DEFAULT_TIME_ZONE;
  return {
    hasTimeOnly: slots.length > 0 && !hasDateAndTime,
    hasDateAndTime,
    timeZone,
    // A time-only slot is on the event's day: its label says the zone's name in force then (EST or EDT).
    eventDay: event?.startsAt ? localDate(event.startsAt, timeZone) : null,
    slotData: slots.map((s) => ({ time: s.slotTime, date: s.date, remainingSlots: s.remainingSlots })),
    waitlist,
    showRemainingCount: rules.showRemainingCount,
  };
}
