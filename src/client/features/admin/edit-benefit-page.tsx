import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { EDIT_REDIRECT_MS } from '#common/admin.ts';
import { toast } from '../../components/ui/use-toast.ts';
import { wordingFormValues } from './action-wording-fields.tsx';
import { AdminLayout } from './admin-layout.tsx';
import { type EditBenefitValues, invalidateBenefits, useAdminBenefit } from './api.ts';
import { BenefitForm, type BenefitFormValues } from './benefit-form.tsx';
import { NEW_BENEFIT_MODEL } from './benefit-model-fields.tsx';
import { EMPTY_EVENT_DETAILS } from './event-details-fields.tsx';
import { ADMIN_PATHS, benefitEventsPath, editModalPath } from './paths.ts';
import { NEW_TRANSFER_SETTINGS } from './transfer-settings-fields.tsx';
import { BenefitWordsSection } from './translations/benefit-words-section.tsx';
import { UpdateStepError, updateBenefit } from './update-benefit.ts';

// Toasts show one at a time; the second waits so the first can be read before the redirect.
const SECOND_TOAST_DELAY_MS = 700;

export function EditBenefitPage({ id }: { id: string }) {
  const [, navigate] = useLocation();
  const benefit = useAdminBenefit(id);
  const update = useMutation({
    mutationFn: ({ values, image }: { values: EditBenefitValues; image: File | null }) =>
      updateBenefit(id, values, image),
    onError: () => undefined, // each step already logged its own failure
    onSettled: invalidateBenefits,
  });

  useEffect(() => {
    if (!benefit.isError) return;
    toast({ title: 'Error', description: 'Failed to load benefit data', variant: 'destructive' });
    navigate(ADMIN_PATHS.dashboard, { replace: true });
  }, [benefit.isError, navigate]);

  const sheetsSaved = update.data;
  useEffect(() => {
    if (sheetsSaved === undefined) return;
    const timers = [setTimeout(() => navigate(ADMIN_PATHS.dashboard), EDIT_REDIRECT_MS)];
    if (sheetsSaved) {
      const sheetsToast = () =>
        toast({ title: 'Google Sheets Updated', description: 'The sheet links were saved with the benefit.' });
      timers.push(setTimeout(sheetsToast, SECOND_TOAST_DELAY_MS));
    }
    return () => timers.forEach(clearTimeout);
  }, [sheetsSaved, navigate]);

  const submit = async (values: EditBenefitValues, image: File | null) => {
    try {
      await update.mutateAsync({ values, image });
      toast({ title: `Benefit "${values.benefitName}" updated successfully!` });
      return true;
    } catch (err) {
      const message = err instanceof UpdateStepError ? err.message : 'Failed to update benefit';
      toast({ title: 'Error', description: message, variant: 'destructive' });
      return false;
    }
  };

  const data = benefit.data;
  const defaults: BenefitFormValues | undefined = data && {
    benefitName: data.title,
    buttonText: data.bookingText,
    partnerContactEmail: data.partnerContactEmail ?? '',
    benefitDescription: data.description,
    excelTab1Link: data.excelTab1Link ?? '',
    excelTab2Link: data.excelTab2Link ?? '',
    actionWording: wordingFormValues(data.actionWording),
    ...(data.event ?? { ...EMPTY_EVENT_DETAILS, schedule: '' }),
    benefitType: data.benefitType ?? NEW_BENEFIT_MODEL.benefitType,
    listedUnder: data.listedUnder ?? '',
    cardOpens: data.cardOpens ?? NEW_BENEFIT_MODEL.cardOpens,
    cardLink: data.cardLink ?? '',
    ...(data.transfers ? { transfers: data.transfers } : NEW_TRANSFER_SETTINGS),
    bookedThrough: data.bookedThrough ?? NEW_BENEFIT_MODEL.bookedThrough,
    bookingUrl: data.bookingUrl ?? '',
    dateLabel: data.dateLabel ?? '',
    notifyPartner: data.notifyPartner ?? true,
    eventTitle: data.eventTitle ?? '',
    eventDescription: data.eventDescription ?? '',
  };
  return (
    <AdminLayout title={data ? `Edit Benefit: ${data.title}` : 'Edit Benefit'}>
      {data && (
        <p className="mb-6 text-sm text-zinc-300">
          What its tile's modal says (text, facts, RSVP buttons, links):{' '}
          <Link href={editModalPath(id)} className="text-gold underline underline-offset-4">
            Edit tile modal
          </Link>
          {' · '}Its further dates and a tour's slots:{' '}
          <Link href={benefitEventsPath(id)} className="text-gold underline underline-offset-4">
            Events and slots
          </Link>
        </p>
      )}
      {defaults ? (
        <BenefitForm
          mode="edit"
          defaultValues={defaults}
          currentImageUrl={data?.imageUrl || undefined}
          isPending={update.isPending || update.isSuccess}
          onSubmit={submit}
          onCancel={() => navigate(ADMIN_PATHS.dashboard)}
        />
      ) : (
        <p className="py-16 text-center text-zinc-400">Loading benefit...</p>
      )}
      {defaults && <BenefitWordsSection benefitId={id} />}
    </AdminLayout>
  );
}
