import { useT } from '../../i18n/use-t.ts';
import { RsvpAction } from './rsvp-action.tsx';
import { RsvpPageFrame } from './rsvp-page-frame.tsx';

const EVENT = 'mclaren-tour';

/** The car-maker tour page: the same one-click action as its modal, polled every 3 s. */
export function CarMakerTourPage() {
  const t = useT();
  return (
    <RsvpPageFrame benefitId={EVENT}>
      {(benefit) => (
        <div className="max-w-sm space-y-4">
          <p className="font-semibold text-gold">{t('tour.limited')}</p>
          <RsvpAction eventId={EVENT} benefit={benefit} />
        </div>
      )}
    </RsvpPageFrame>
  );
}
