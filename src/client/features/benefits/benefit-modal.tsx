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
          renderAction={(eventId) => <RsvpAction eventId={eventId} benefit={benefit} />}
          onExternal={() => trackSubmission(benefit, 'redirect')}
        />
      )}
    </Dialog>
  );
}
