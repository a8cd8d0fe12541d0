import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { AUTO_TAB1_NAME, AUTO_TAB2_NAME, createConfigSchema } from '#common/rsvp-config.ts';
import { toast } from '../../../components/ui/use-toast.ts';
import { serverMessageOr } from '../../../lib/admin-http.ts';
import { AdminLayout } from '../admin-layout.tsx';
import { useAdminBenefit } from '../api.ts';
import { ADMIN_PATHS } from '../paths.ts';
import { createConfig, deployConfig, draftKey, loadDraft, processSheets, sheetSlotsKey, updateConfig } from './api.ts';
import { ConfigureStep } from './configure-step.tsx';
import { CurrentConfig } from './current-config.tsx';
import {
  applyProcessed,
  checkDraft,
  type Draft,
  type DraftErrors,
  emptyDraft,
  fromStored,
  keepEdits,
  type ProcessedSheets,
  storedMapping,
  toPayload,
} from './draft.ts';
import { toastWarnings, withServerReason } from './notify.ts';
import { PreviewStep } from './preview-step.tsx';
import { ProcessStep, type SheetForm } from './process-step.tsx';
import { type StepKey, Stepper } from './stepper.tsx';
import { useRestore, useVersionQueries } from './use-versions.ts';

const SAVE_FAILED = 'Failed to save configuration. Please try again.';
type Saved = { id: string; benefitId: string };

/** /admin/rsvp-config: Process Sheets, Configure RSVP, Preview & Deploy (docs/spec/admin-and-rsvp.md §2, §4). */
export function RsvpWizardPage() {
  const [, navigate] = useLocation();
  // ?benefit=ID opens that benefit's configuration (decision 013).
  const search = useSearch();
  const [chosen, setChosen] = useState(() => new URLSearchParams(search).get('benefit') ?? '');
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
  const stored = useQuery({ queryKey: draftKey(chosen), queryFn: () => loadDraft(chosen), enabled: Boolean(chosen) });
  const benefitId = draft.benefitId.trim();
  const inPreview = step === 'preview' && Boolean(benefitId);
  const { view, versions, refresh } = useVersionQueries(benefitId, inPreview);

  // A benefit without a configuration yet: its own sheet links (Add/Edit benefit) fill step 1.
  const linked = useAdminBenefit(chosen, Boolean(chosen) && stored.data === null);
  // The stored configuration's sheets fill step 1's form, ready to be re-processed (once per configuration opened).
  const [filledFor, setFilledFor] = useState<string | null>(null);
  if (stored.data && filledFor !== stored.data.id) {
    setFilledFor(stored.data.id);
    const m = storedMapping(stored.data);
    setSheetForm({ tab1Url: m.tab1Url, tab1Name: m.tab1Name, tab2Url: m.tab2Url ?? '', tab2Name: m.tab2Name ?? '' });
  } else if (stored.data === null && linked.data?.id === chosen && filledFor !== `benefit:${chosen}`) {
    setFilledFor(`benefit:${chosen}`);
    const { excelTab1Link, excelTab2Link } = linked.data;
    setSheetForm((f) => ({
      ...f,
      tab1Url: excelTab1Link || f.tab1Url,
      tab2Url: excelTab2Link || f.tab2Url,
      tab2Name: excelTab2Link ? f.tab2Name || AUTO_TAB2_NAME : f.tab2Name,
    }));
  }

  // A stored configuration opened without step 1 has not read Tab 2: read it now, so step 3 previews the sheet's
  // slots, never made-up ones.
  const mapping = processed?.sheetMapping;
  const sheetSlots = useQuery({
    queryKey: sheetSlotsKey(mapping),
    queryFn: async () =>
      mapping?.tab2Url
        ? (
            await processSheets({
              // A configuration saved through the API may map only Tab 2: the read needs a Tab 1, any tab will do.
              tab1Url: mapping.tab1Url || mapping.tab2Url,
              tab1Name: mapping.tab1Name || AUTO_TAB1_NAME,
              tab2Url: mapping.tab2Url,
              tab2Name: mapping.tab2Name ?? undefined,
            })
          ).tab2SlotLogic
        : [],
    enabled: Boolean(mapping?.tab2Url) && processed?.slots.length === 0,
    staleTime: 60_000,
  });
  const slots = processed?.slots.length ? processed.slots : (sheetSlots.data ?? []);

  /** "Edit current configuration": straight to step 2 with the stored draft (or live) loaded. */
  const openStored = () => {
    if (!stored.data) return;
    setDraft(fromStored(stored.data));
    setProcessed({ slots: [], sheetMapping: storedMapping(stored.data) });
    setSaved({ id: stored.data.id, benefitId: stored.data.benefitId });
    setStep('configure');
  };

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
    const body = toPayload(draft, processed.sheetMapping);
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
          setLiveUrl(null);
          setSaved({ id: answer.id, benefitId: answer.benefitId });
          void refresh(answer.benefitId);
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
        void refresh(answer.benefitId);
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

  const restore = useRestore(benefitId, (fresh) => {
    setDraft(fromStored(fresh));
    setProcessed((p) => ({ slots: p?.slots ?? [], sheetMapping: storedMapping(fresh) }));
    setLiveUrl(null);
  });

  return (
    <AdminLayout title="RSVP Configuration">
      <Stepper current={step} />
      {step === 'process' && (
        <div className="space-y-6">
          <CurrentConfig
            benefitId={chosen}
            onBenefit={setChosen}
            stored={stored.data}
            loading={stored.isLoading}
            onEdit={openStored}
          />
          <ProcessStep
            form={sheetForm}
            onFormChange={setSheetForm}
            again={Boolean(stored.data)}
            onProcessed={(answer, sheetMapping) => {
              setProcessed({ slots: answer.tab2SlotLogic, sheetMapping });
              const opened = stored.data;
              if (opened) {
                // Re-processing a stored configuration: the sheet's fields, the organiser's edits kept.
                const before = fromStored(opened);
                setDraft(keepEdits(applyProcessed(before, answer), before));
                setSaved({ id: opened.id, benefitId: opened.benefitId });
              } else setDraft((d) => applyProcessed(chosen ? { ...d, benefitId: chosen } : d, answer));
              setStep('configure');
            }}
          />
        </div>
      )}
      {step === 'configure' && (
        <ConfigureStep
          draft={draft}
          onChange={changeDraft}
          slots={slots}
          errors={errors}
          saving={save.isPending}
          onBack={() => setStep('process')}
          onSave={onSave}
        />
      )}
      {step === 'preview' && (
        <PreviewStep
          draft={draft}
          slots={slots}
          // A Tab 2 that cannot be read leaves the preview its sample slots rather than an empty list.
          slotsFromSheet={Boolean(mapping?.tab2Url) && !sheetSlots.isError}
          slotsLoading={sheetSlots.isFetching}
          view={view.data ?? undefined}
          versions={versions.data}
          liveUrl={liveUrl}
          deploying={deploy.isPending}
          restoring={restore.isPending}
          onEdit={() => setStep('configure')}
          onDeploy={onDeploy}
          onRestore={(version) => restore.mutate(version)}
          onDashboard={() => navigate(ADMIN_PATHS.dashboard)}
        />
      )}
    </AdminLayout>
  );
}
