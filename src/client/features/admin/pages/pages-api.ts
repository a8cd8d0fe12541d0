import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { PageInput, PartnerPage, pageListSchema } from '../../../../common/partner-pages.ts';
import { adminRequest } from '../../../lib/admin-http.ts';
import { ApiError } from '../../../lib/api.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { benefitKeys } from '../../../lib/query-keys.ts';
import { ADMIN_BENEFITS_KEY } from '../benefits-api.ts';

export type PageList = z.infer<typeof pageListSchema>;
export type PageListRow = PageList['pages'][number];

export const ADMIN_PAGES_KEY = ['/api/admin/pages'] as const;
const pageUrl = (slug: string) => `/api/admin/pages/${encodeURIComponent(slug)}`;

/**
 * After a change the admin list, the members' copy of the page and the benefits (whose modal links to its page)
 * are out of date.
 */
const invalidatePages = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ADMIN_PAGES_KEY }),
    queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/pages') }),
    queryClient.invalidateQueries({ queryKey: ADMIN_BENEFITS_KEY }),
    queryClient.invalidateQueries({ queryKey: benefitKeys.list }),
  ]);

export function usePageList() {
  return useQuery({
    queryKey: ADMIN_PAGES_KEY,
    queryFn: () => adminRequest<PageList>('GET', ADMIN_PAGES_KEY[0]),
  });
}

export function usePage(slug: string) {
  return useQuery({
    queryKey: ['admin-page', slug],
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
