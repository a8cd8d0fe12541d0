import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { AUTO_TAB1_NAME, createConfigSchema } from '../../../../common/rsvp-config.ts';
import { toast } from '../../../components/ui/use-toast.ts';
import { AdminLayout } from '../admin-layout.tsx';
import { serverMessageOr } from '../http.ts';
import { ADMIN_PATHS } from '../paths.ts';
import { createConfig, deployConfig, updateConfig } from './api.ts';
import { ConfigureStep } from './configure-step.tsx';
import {
  applyProcessed,
  checkDraft,
  type Draft,
  type DraftErrors,
  emptyDraft,
  type ProcessedSheets,
  toPayload,
} from './draft.ts';
import { toastWarnings, withServerReason } from './notify.ts';
import { PreviewStep } from './preview-step.tsx';
import { ProcessStep, type SheetForm } from './process-step.tsx';
import { type StepKey, Stepper } from './stepper.tsx';

const SAVE_FAILED = 'Failed to save configuration. Please try again.';
type Saved = { id: string; benefitId: string };

/** /admin/rsvp-config: Process Sheets, Configure RSVP, Preview & Deploy (admin spec §2, §4). */
export function RsvpWizardPage() {
  const [, navigate] = useLocation();
  const [step, setStep] = useState<StepKey>('process');
  const [sheetForm, setSheetForm] = useState<SheetForm>({
    tab1Url: '',
    tab1Name: AUTO_TAB1_NAME,
    tab2Url: '',
    tab2Name: '',
  });
  const [processed, setProcessed] = useState<ProcessedSheets | null>(null);
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [errors, setErrors] = useState<DraftErrors>({});
  // The configuration saved by this visit: later saves update it while its benefit stays the same.
  const [saved, setSaved] = useState<Saved | null>(null);
  const [liveUrl, setLiveUrl] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: ({ body, target }: { body: ReturnType<typeof toPayload>; target: Saved | null }) =>
      target ? updateConfig(target.id, body) : createConfig(body),
  });
  const deploy = useMutation({ mutationFn: deployConfig });

  const changeDraft = (next: Draft) => {
    setDraft(next);
    // Messages already on screen go away once their problem is fixed.
    if (Object.keys(errors).length > 0) {
      const still = checkDraft(next);
      setErrors(Object.fromEntries(Object.keys(errors).map((k) => [k, still[k as keyof DraftErrors]])));
    }
  };

  const onSave = (): DraftErrors => {
    const found = checkDraft(draft);
    setErrors(found);
    if (found.configName) {
      toast({
        title: found.configName,
        description: 'Please enter a name for this configuration',
        variant: 'destructive',
      });
      return found;
    }
    const first = Object.values(found).find(Boolean);
    if (first) {
      toast({ title: 'Save failed', description: first, variant: 'destructive' });
      return found;
    }
    if (!processed) return found;
    const target = saved && saved.benefitId === draft.benefitId.trim() ? saved : null;
    // A new configuration waits for Deploy; one that is already live stays live while it is edited.
    const body = toPayload(draft, processed.sheetMapping, Boolean(target && liveUrl));
    const checked = createConfigSchema.safeParse(body);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      toast({ title: 'Save failed', description: issue?.message ?? SAVE_FAILED, variant: 'destructive' });
      return found;
    }
    save.mutate(
      { body, target },
      {
        onSuccess: (answer) => {
          if (!target) setLiveUrl(null);
          setSaved({ id: answer.id, benefitId: answer.benefitId });
          toast({
            title: 'Configuration saved',
            description: `"${answer.configName}" for benefit ${answer.benefitId}.`,
          });
          setStep('preview');
        },
        onError: (err) =>
          toast({ title: 'Save failed', description: withServerReason(SAVE_FAILED, err), variant: 'destructive' }),
      },
    );
    return found;
  };

  const onDeploy = () => {
    if (!saved) return;
    deploy.mutate(saved.id, {
      onSuccess: (answer) => {
        setLiveUrl(answer.url);
        toast({
          title: 'Configuration Deployed!',
          description: 'Your RSVP form is now live and ready to accept submissions',
        });
        toastWarnings(answer.warnings);
      },
      onError: (err) =>
        toast({
          title: 'Deploy failed',
          description: serverMessageOr(err, 'Failed to deploy the configuration. Please try again.'),
          variant: 'destructive',
        }),
    });
  };

  return (
    <AdminLayout title="RSVP Configuration">
      <Stepper current={step} />
      {step === 'process' && (
        <ProcessStep
          form={sheetForm}
          onFormChange={setSheetForm}
          onProcessed={(answer, sheetMapping) => {
            setProcessed({ slots: answer.tab2SlotLogic, sheetMapping });
            setDraft((d) => applyProcessed(d, answer));
            setStep('configure');
          }}
        />
      )}
      {step === 'configure' && (
        <ConfigureStep
          draft={draft}
          onChange={changeDraft}
          slots={processed?.slots ?? []}
          errors={errors}
          saving={save.isPending}
          onBack={() => setStep('process')}
          onSave={onSave}
        />
      )}
      {step === 'preview' && (
        <PreviewStep
          draft={draft}
          slotCount={processed?.slots.length ?? 0}
          liveUrl={liveUrl}
          deploying={deploy.isPending}
          onEdit={() => setStep('configure')}
          onDeploy={onDeploy}
          onDashboard={() => navigate(ADMIN_PATHS.dashboard)}
        />
      )}
    </AdminLayout>
  );
}
