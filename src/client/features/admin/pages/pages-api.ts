import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { PageInput, PartnerPage, pageListSchema } from '#common/partner-pages.ts';
import { adminRequest } from '../../../lib/admin-http.ts';
import { ApiError } from '../../../lib/api.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { benefitKeys, partnerPageKeys } from '../../../lib/query-keys.ts';
import { adminKeys } from '../api.ts';

export type PageList = z.infer<typeof pageListSchema>;
export type PageListRow = PageList['pages'][number];

const pageUrl = (slug: string) => `/api/admin/pages/${encodeURIComponent(slug)}`;

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
    queryFn: () => adminRequest<PageList>('GET', '/api/admin/pages'),
  });
}

export function usePage(slug: string) {
  return useQuery({
    queryKey: adminKeys.page(slug),
    queryFn: () => adminRequest<PartnerPage>('GET', pageUrl(slug)),
    // The form is prefilled once from this answer: always load afresh when the editor opens.
    gcTime: 0,
  });
}

/** Whether a page already answers at this address (PUT would replace it). */
export async function pageExists(slug: string): Promise<boolean> {
  try {
    await adminRequest('GET', pageUrl(slug));
    return true;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return false;
    throw err;
  }
}

export function useSavePage() {
  return useMutation({
    mutationFn: ({ slug, input }: { slug: string; input: PageInput }) =>
      adminRequest<PartnerPage>('PUT', pageUrl(slug), input),
    onSuccess: invalidatePages,
  });
}

export function useDeletePage() {
  return useMutation({
    mutationFn: (slug: string) => adminRequest<{ success: true }>('DELETE', pageUrl(slug)),
    onSuccess: invalidatePages,
  });
}
