import { useMutation, useQuery } from '@tanstack/react-query';
import type { ConfigDraftAnswer } from '#common/rsvp-config-versions.ts';
import { toast } from '../../../components/ui/use-toast.ts';
import { serverMessageOr } from '../../../lib/admin-http.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { draftKey, listVersions, loadDraft, restoreVersion, versionsKey } from './api.ts';

/** Drops the cached draft view and version list of a benefit after a save, deploy or restore. */
export const refreshVersions = (benefitId: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: draftKey(benefitId) }),
    queryClient.invalidateQueries({ queryKey: versionsKey(benefitId) }),
  ]);

/** Step 3's saved draft (with its diff against live) and the deployed versions, loaded while step 3 shows. */
export function useVersionQueries(benefitId: string, enabled: boolean) {
  const view = useQuery({ queryKey: draftKey(benefitId), queryFn: () => loadDraft(benefitId), enabled });
  const versions = useQuery({ queryKey: versionsKey(benefitId), queryFn: () => listVersions(benefitId), enabled });
  return { view, versions, refresh: refreshVersions };
}

/** Restore: the version is copied into the draft, which the wizard then shows (and the organiser deploys). */
export function useRestore(benefitId: string, onRestored: (draft: ConfigDraftAnswer) => void) {
  return useMutation({
    mutationFn: async (version: number) => {
      await restoreVersion(benefitId, version);
      return loadDraft(benefitId);
    },
    onSuccess: (fresh, version) => {
      if (fresh) onRestored(fresh);
      void refreshVersions(benefitId);
      toast({
        title: `Version ${version} restored`,
        description: 'It is now the draft: review it, then deploy to make it live.',
      });
    },
    onError: (err) =>
      toast({
        title: 'Restore failed',
        description: serverMessageOr(err, 'Failed to restore that version. Please try again.'),
        variant: 'destructive',
      }),
  });
}
