import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import * as pagesApi from '#common/api/pages.ts';
import type { PageInput, pageListSchema } from '#common/partner-pages.ts';
import { adminCall } from '../../../lib/admin-http.ts';
import { ApiError } from '../../../lib/api.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { benefitKeys, partnerPageKeys } from '../../../lib/query-keys.ts';
import { adminKeys } from '../api.ts';

export type PageList = z.infer<typeof pageListSchema>;
export type PageListRow = PageList['pages'][number];

/**
 * After a change the admin list, the members' copy of the page and the benefits (whose modal links to its page)
 * are out of date.
 */
const invalidatePages = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: adminKeys.pages }),
    queryClient.invalidateQueries({ queryKey: partnerPageKeys.all }),
    queryClient.invalidateQueries({ queryKey: adminKeys.benefits }),
    queryClient.invalidateQueries({ queryKey: benefitKeys.list }),
  ]);

export function usePageList() {
  return useQuery({
    queryKey: adminKeys.pages,
    queryFn: () => adminCall(pagesApi.list),
  });
}

export function usePage(slug: string) {
  return useQuery({
    queryKey: adminKeys.page(slug),
    queryFn: () => adminCall(pagesApi.one, { params: { slug } }),
    // The form is prefilled once from this answer: always load afresh when the editor opens.
    gcTime: 0,
  });
}

/** Whether a page already answers at this address (PUT would replace it). */
export async function pageExists(slug: string): Promise<boolean> {
  try {
    await adminCall(pagesApi.one, { params: { slug } });
    return true;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return false;
    throw err;
  }
}

export function useSavePage() {
  return useMutation({
    mutationFn: ({ slug, input }: { slug: string; input: PageInput }) =>
      adminCall(pagesApi.save, { params: { slug }, body: input }),
    onSuccess: invalidatePages,
  });
}

export function useDeletePage() {
  return useMutation({
    mutationFn: (slug: string) => adminCall(pagesApi.remove, { params: { slug } }),
    onSuccess: invalidatePages,
  });
}
