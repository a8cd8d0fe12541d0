import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ImportRow, importReportSchema, MemberInput, MemberList } from '../../../common/admin.ts';
import { adminRequest } from '../../lib/admin-http.ts';
import { queryClient } from '../../lib/query-client.ts';

export const MEMBERS_PAGE_SIZE = 25;
const MEMBERS_KEY = '/api/admin/members';
const invalidateMembers = () => queryClient.invalidateQueries({ queryKey: [MEMBERS_KEY] });

export function useMembers(search: string, page: number) {
  return useQuery({
    queryKey: [MEMBERS_KEY, search, page],
    queryFn: () => {
      const params = new URLSearchParams({ page: String(page), pageSize: String(MEMBERS_PAGE_SIZE) });
      if (search) params.set('search', search);
      return adminRequest<MemberList>('GET', `${MEMBERS_KEY}?${params}`);
    },
    placeholderData: keepPreviousData, // paging and typing keep the old rows until the new ones arrive
  });
}

export function useAddMember() {
  return useMutation({
    mutationFn: (input: MemberInput) => adminRequest<{ outcome: 'added' | 'updated' }>('POST', MEMBERS_KEY, input),
    onSuccess: invalidateMembers,
  });
}

export function useRemoveMember() {
  return useMutation({
    mutationFn: (email: string) => adminRequest('DELETE', `${MEMBERS_KEY}/${encodeURIComponent(email)}`),
    onSuccess: invalidateMembers,
  });
}

export type ImportPreview = { rows: ImportRow[]; headerError: string | null };
export type ImportReport = z.infer<typeof importReportSchema>;

export function usePreviewImport() {
  return useMutation({
    mutationFn: (csv: string) => adminRequest<ImportPreview>('POST', `${MEMBERS_KEY}/import/preview`, { csv }),
  });
}

export function useApplyImport() {
  return useMutation({
    mutationFn: (csv: string) => adminRequest<ImportReport>('POST', `${MEMBERS_KEY}/import`, { csv }),
    onSuccess: invalidateMembers,
  });
}
