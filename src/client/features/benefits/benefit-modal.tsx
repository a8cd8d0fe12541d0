import type { Benefit } from '#common/benefits.ts';
import { fieldLang } from '#common/served-lang.ts';
import { BenefitModalBody } from '../../components/benefit-modal-body.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { useTextLang } from '../../i18n/text-lang.ts';
import { trackSubmission } from '../../lib/track-submission.ts';
import { RsvpAction } from '../rsvp/rsvp-action.tsx';

/** The modal behind a tile: the benefit's own content, from data. */
export function BenefitModal({ benefit, onClose }: { benefit: Benefit | null; onClose: () => void }) {
  const lang = useTextLang();
  return (
    <Dialog
      open={Boolean(benefit)}
      onOpenChange={(open) => !open && onClose()}
      title={benefit?.title ?? ''}
      titleLang={lang(fieldLang(benefit?.fallback, 'title'))}
    >
      {benefit && (
        <BenefitModalBody
          benefit={benefit}
          modal={benefit.modal}
          // Its own event's button says the tile's words (the organiser's Button Text) where it has none of its own.
          renderAction={(eventId) => (
            <RsvpAction
              eventId={eventId}
              benefit={benefit}
              label={ownButtonText(benefit, eventId)}
              labelLang={lang(fieldLang(benefit.fallback, 'bookingText'))}
            />
          )}
          onExternal={() => trackSubmission(benefit, 'redirect')}
        />
      )}
    </Dialog>
  );
}

/** The Button Text for the benefit's own event when that event has no idle word of its own (as RSVP NOW is). */
const ownButtonText = (benefit: Benefit, eventId: string) =>
  eventId === benefit.eventIds?.[0] && !benefit.actionWording?.[eventId]?.idle
    ? benefit.bookingText || undefined
    : undefined;
