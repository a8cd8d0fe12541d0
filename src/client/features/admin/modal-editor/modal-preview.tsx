import type { AdminBenefit } from '#common/admin.ts';
import type { ModalContent } from '#common/benefits.ts';
import { BenefitModalBody } from '../../../components/benefit-modal-body.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useEventChoices } from '../api.ts';

/** The modal as members will see it, drawn by the members' own component from the form as it is typed. */
export function ModalPreview({ benefit, modal }: { benefit: AdminBenefit; modal: ModalContent }) {
  const events = useEventChoices();
  const venue = [benefit.event?.venueName, benefit.event?.venueAddress].filter(Boolean).join(', ');
  return (
    <section aria-labelledby="modal-preview-title" className="space-y-3">
      <h2 id="modal-preview-title" className="text-lg font-semibold text-white">
        Preview
      </h2>
      <div
        data-testid="modal-preview"
        className="mx-auto max-w-lg rounded-xl border border-line bg-panel p-6 shadow-2xl"
      >
        <h3 className="pr-8 text-xl font-semibold text-white">{benefit.title}</h3>
        <BenefitModalBody
          benefit={{
            imageUrl: benefit.imageUrl,
            description: benefit.description,
            venue: venue || null,
            dateLabel: '',
          }}
          modal={modal}
          renderAction={(eventId) => (
            <Button disabled className="w-full">
              RSVP: {events.data?.find((e) => e.id === eventId)?.title ?? eventId}
            </Button>
          )}
        />
      </div>
      <p className="text-xs text-zinc-400">The tile's date comes from its event and shows above the text.</p>
    </section>
  );
}
