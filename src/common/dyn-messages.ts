import type pages from './catalogues/pages/en.json';
import type { DynMessages } from './dynamic-form.ts';

type DynKey = Extract<keyof typeof pages, `dyn.${string}`>;
/** A translator of the dynamic form's keys: the browser's `t`, or the server's per-request instance. */
export type DynTranslate = (id: DynKey, values?: Record<string, string | number>) => string;

/** The dynamic form's checks in one language, from the pages catalogue: the browser's and the server's (decision 072). */
export function dynMessagesFrom(t: DynTranslate): DynMessages {
  return {
    required: (name) => t('dyn.required', { name }),
    select: (name) => t('dyn.select', { name }),
    accept: (name) => t('dyn.accept', { name }),
    email: t('dyn.email'),
    minLength: (name, n) => t('dyn.minLength', { name, n }),
    maxLength: (name, n) => t('dyn.maxLength', { name, n }),
    pattern: (name) => t('dyn.pattern', { name }),
    number: (name) => t('dyn.number', { name }),
    date: (name) => t('dyn.date', { name }),
    time: (name) => t('dyn.time', { name }),
    min: (name, n) => t('dyn.min', { name, n }),
    max: (name, n) => t('dyn.max', { name, n }),
    guests: (max) => (max === 2 ? t('dyn.guests2') : t('dyn.guests', { max })),
    dateOnYes: t('dyn.dateOnYes'),
    slotForDate: t('dyn.slotForDate'),
    slotForTour: t('dyn.slotForTour'),
    slotOnYes: t('dyn.slotOnYes'),
    tourOnYes: t('dyn.tourOnYes'),
    tourYesNoOnYes: t('dyn.tourYesNoOnYes'),
    termsRequired: t('dyn.termsRequired'),
    termsLabel: t('dyn.termsLabel'),
    validationTitle: t('dyn.validationTitle'),
    validationLead: t('dyn.validationLead'),
  };
}
