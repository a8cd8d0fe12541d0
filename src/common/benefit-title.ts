import type { Locale } from './locales.ts';

/**
 * A benefit's (or its event's) title as a member reads it in `locale`: the organiser's words. Minimal until the
 * organiser can write titles per language (decision 059's next step); mails, invites and passes already ask here.
 */
export function benefitTitle(benefit: { title: string }, _locale: Locale): string {
  return benefit.title;
}
