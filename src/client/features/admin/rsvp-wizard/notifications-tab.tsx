import { useState } from 'react';
import { MAIL_PLACEHOLDERS } from '#common/mail.ts';
import { Check, Section, TextInput } from './controls.tsx';
import type { Notifications } from './draft.ts';

const PLACEHOLDER_HINT = `Placeholders: ${MAIL_PLACEHOLDERS.map((p) => `{${p}}`).join(' ')}. Left blank, a standard message is sent.`;

const MAX_REMINDERS = 10;

/** '7, 1' as [7, 1]; null when any part is not a whole number of days (0-365). */
export function parseDays(text: string): number[] | null {
  const parts = text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0 || parts.length > MAX_REMINDERS) return null;
  const days = parts.map(Number);
  if (days.some((d) => !Number.isInteger(d) || d < 0 || d > 365)) return null;
  return [...new Set(days)].sort((a, b) => b - a);
}

/** Confirmation, admin and reminder e-mails (docs/spec/admin-and-rsvp.md §3 "Notifications"). */
export function NotificationsTab({
  value,
  onChange,
}: {
  value: Notifications;
  onChange: (value: Notifications) => void;
}) {
  const set = <K extends keyof Notifications>(key: K, v: Notifications[K]) => onChange({ ...value, [key]: v });
  const setReminder = <K extends keyof Notifications['reminderEmails']>(
    key: K,
    v: Notifications['reminderEmails'][K],
  ) => onChange({ ...value, reminderEmails: { ...value.reminderEmails, [key]: v } });
  const [daysText, setDaysText] = useState(value.reminderEmails.daysBefore.join(', '));
  const daysInvalid = parseDays(daysText) === null;
  const confirmationOff = !value.sendConfirmationEmail;
  const remindersOff = !value.reminderEmails.enabled;

  return (
    <div className="space-y-6">
      <Section title="Confirmation">
        <div className="flex flex-wrap gap-6">
          <Check
            id="notify-confirmation"
            label="Send confirmation e-mail"
            checked={value.sendConfirmationEmail}
            onChange={(v) => set('sendConfirmationEmail', v)}
          />
          <Check
            id="notify-admin"
            label="Send admin notification"
            checked={value.sendAdminNotification}
            onChange={(v) => set('sendAdminNotification', v)}
          />
          <Check
            id="notify-calendar"
            label="Include calendar invite"
            disabled={confirmationOff}
            checked={value.includeCalendarInvite}
            onChange={(v) => set('includeCalendarInvite', v)}
          />
        </div>
        <TextInput
          id="notify-subject"
          label="Confirmation Subject"
          disabled={confirmationOff}
          value={value.confirmationSubject}
          onChange={(v) => set('confirmationSubject', v)}
        />
        <TextInput
          id="notify-template"
          label="Confirmation Template"
          multiline
          disabled={confirmationOff}
          placeholder="Dear {firstName}, your place at {event} on {date} is confirmed..."
          hint={PLACEHOLDER_HINT}
          value={value.confirmationTemplate}
          onChange={(v) => set('confirmationTemplate', v)}
        />
      </Section>
      <Section title="Reminders">
        <Check
          id="notify-reminders"
          label="Send reminder e-mails"
          checked={value.reminderEmails.enabled}
          onChange={(v) => setReminder('enabled', v)}
        />
        <TextInput
          id="notify-days"
          label="Days Before the Event"
          hint="Comma-separated, e.g. 7, 1"
          disabled={remindersOff}
          value={daysText}
          error={
            daysInvalid ? `Enter up to ${MAX_REMINDERS} whole numbers of days (0-365), separated by commas` : undefined
          }
          onChange={(text) => {
            setDaysText(text);
            const days = parseDays(text);
            if (days) setReminder('daysBefore', days);
          }}
        />
        <TextInput
          id="notify-reminder-template"
          label="Reminder Template"
          multiline
          disabled={remindersOff}
          hint={PLACEHOLDER_HINT}
          value={value.reminderEmails.template}
          onChange={(v) => setReminder('template', v)}
        />
      </Section>
    </div>
  );
}
