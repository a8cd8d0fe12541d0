import { useState } from 'react';
import {
  AUDIENCE_LABEL,
  MESSAGE_AUDIENCES,
  MESSAGE_SUBJECT_MAX,
  MESSAGE_TEXT_MAX,
  type MessageAudience,
  type SendMessageBody,
} from '#common/attendee-messages.ts';
import type { AttendeeSlot } from '#common/attendees.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field, inputClass } from '../../../components/ui/field.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { serverMessageOr } from '../../../lib/admin-http.ts';
import { ApiError } from '../../../lib/api.ts';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { type Translations, WordsTabs } from '../translations/words-tabs.tsx';
import { useMessagePreview, useSendMessage } from './messages-api.ts';

const people = (n: number) => `${n} attendee${n === 1 ? '' : 's'}`;

/**
 * Writes a message to the event's attendees: whom (an audience, optionally one slot), subject and text, the server's
 * preview for a real recipient, the count, and a last confirmation before one mail per recipient is queued.
 */
export function MessageComposer({
  eventId,
  slots,
  open,
  onOpenChange,
}: {
  eventId: string;
  slots: AttendeeSlot[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [audience, setAudience] = useState<MessageAudience>('all');
  const [slotId, setSlotId] = useState('');
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  const [translations, setTranslations] = useState<Translations>({});
  const [confirming, setConfirming] = useState(false);
  const typed = { subject: useDebounced(subject, 300), text: useDebounced(text, 300) };
  const whom = { audience, ...(slotId ? { slotId } : {}) };
  const preview = useMessagePreview(eventId, { ...whom, ...typed }, open);
  const send = useSendMessage(eventId);
  const recipients = preview.data?.recipients ?? 0;
  const ready = subject.trim() !== '' && text.trim() !== '' && !preview.isFetching && recipients > 0;

  const submit = () =>
    send.mutate(
      {
        ...whom,
        subject,
        text,
        expectedRecipients: recipients,
        translations: translations as SendMessageBody['translations'],
      },
      {
        onSuccess: (m) => {
          onOpenChange(false);
          toast({ title: 'Message queued', description: `${people(m.recipients)} will get “${m.subject}”.` });
        },
        // A changed audience goes back to the form with the new count; anything else stays on the question.
        onError: (err) => {
          if (err instanceof ApiError && err.code === ERROR_CODE.recipientsChanged) setConfirming(false);
        },
      },
    );

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Message attendees">
      {confirming ? (
        <div className="mt-4 space-y-4" data-testid="message-confirm">
          <p className="text-sm text-zinc-200">
            Send “{subject.trim()}” to <strong>{people(recipients)}</strong> ({AUDIENCE_LABEL[audience].toLowerCase()}
            {slotId ? `, ${slots.find((s) => s.id === slotId)?.label ?? 'one slot'}` : ''})? Each gets their own e-mail;
            it cannot be called back.
          </p>
          {send.isError && (
            <p role="alert" className="text-sm text-red-400">
              {serverMessageOr(send.error, 'The message could not be sent')}
            </p>
          )}
          <div className="flex justify-end gap-3">
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              Back
            </Button>
            <Button onClick={submit} disabled={send.isPending}>
              {send.isPending ? 'Sending...' : `Send to ${people(recipients)}`}
            </Button>
          </div>
        </div>
      ) : (
        <form
          className="mt-4 space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            send.reset();
            if (ready) setConfirming(true);
          }}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="message-audience" label="To">
              <select
                id="message-audience"
                className={`${inputClass} h-11`}
                value={audience}
                onChange={(e) => setAudience(e.target.value as MessageAudience)}
              >
                {MESSAGE_AUDIENCES.map((a) => (
                  <option key={a} value={a}>
                    {AUDIENCE_LABEL[a]}
                  </option>
                ))}
              </select>
            </Field>
            {slots.length > 0 && (
              <Field id="message-slot" label="Slot">
                <select
                  id="message-slot"
                  className={`${inputClass} h-11`}
                  value={slotId}
                  onChange={(e) => setSlotId(e.target.value)}
                >
                  <option value="">Every slot</option>
                  {slots.map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.label}
                    </option>
                  ))}
                </select>
              </Field>
            )}
          </div>
          <Field id="message-subject" label="Subject">
            <input
              id="message-subject"
              className={inputClass}
              maxLength={MESSAGE_SUBJECT_MAX}
              required
              value={subject}
              onChange={(e) => setSubject(e.target.value)}
            />
          </Field>
          <Field
            id="message-text"
            label="Message"
            hint={`${text.length.toLocaleString()} / ${MESSAGE_TEXT_MAX.toLocaleString()} characters. A greeting with each attendee's first name and the link to their booking are added.`}
          >
            <textarea
              id="message-text"
              className={`${inputClass} min-h-32`}
              maxLength={MESSAGE_TEXT_MAX}
              required
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
          </Field>
          <WordsTabs
            intro="Attendees who chose a language get these; a field left blank is the English."
            base={{ subject, text }}
            entries={[
              { path: ['subject'], label: 'Subject', english: subject, long: false },
              { path: ['text'], label: 'Message', english: text, long: true },
            ]}
            value={translations}
            onChange={setTranslations}
          />
          <MessagePreviewBox preview={preview} />
          <div className="flex flex-wrap items-center justify-end gap-3">
            <Button variant="ghost" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!ready}>
              {preview.data ? `Send to ${people(recipients)}...` : 'Send...'}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

function MessagePreviewBox({ preview }: { preview: ReturnType<typeof useMessagePreview> }) {
  const p = preview.data;
  if (preview.isError)
    return (
      <p role="alert" className="text-sm text-red-400">
        {serverMessageOr(preview.error, 'The preview could not be made')}
      </p>
    );
  if (!p) return <p className="text-sm text-zinc-400">Preparing the preview...</p>;
  return (
    <section aria-label="Preview" data-testid="message-preview" className="rounded-lg border border-line bg-ink/60 p-3">
      <p className="text-sm text-zinc-300" data-testid="message-recipients" aria-live="polite">
        {p.sample
          ? `${people(p.recipients)} will get it. Preview for ${p.sample.name}:`
          : 'Nobody matches this audience: choose another one.'}
      </p>
      <p className="mt-2 break-words text-sm font-semibold text-white">{p.subject || '(no subject yet)'}</p>
      <div className="mt-2 whitespace-pre-wrap break-words text-sm text-zinc-200">{p.text.trim()}</div>
    </section>
  );
}
