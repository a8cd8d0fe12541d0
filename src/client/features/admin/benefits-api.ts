import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  ADMIN_BENEFITS_STALE_MS,
  type AdminBenefit,
  type AdminBenefitRow,
  type addBenefitSchema,
  type editBenefitSchema,
} from '../../../common/admin.ts';
import { adminRequest, postMultipart } from '../../lib/admin-http.ts';
import { queryClient } from '../../lib/query-client.ts';
import { benefitKeys } from '../../lib/query-keys.ts';

export type AddBenefitValues = z.output<typeof addBenefitSchema>;
export type EditBenefitValues = z.output<typeof editBenefitSchema>;

export const ADMIN_BENEFITS_KEY = ['/api/admin/benefits'] as const;
const benefitUrl = (id: string) => `/api/admin/benefits/${encodeURIComponent(id)}`;

/** After any change, both the admin table and the members' catalogue are out of date. */
export const invalidateBenefits = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ADMIN_BENEFITS_KEY }),
    queryClient.invalidateQueries({ queryKey: benefitKeys.list }),
  ]);

export function useAdminBenefits() {
  return useQuery<AdminBenefitRow[]>({
    queryKey: ADMIN_BENEFITS_KEY,
    queryFn: () => adminRequest<AdminBenefitRow[]>('GET', ADMIN_BENEFITS_KEY[0]),
    staleTime: ADMIN_BENEFITS_STALE_MS,
    refetchOnWindowFocus: false,
  });
}

export function useAdminBenefit(id: string, enabled = true) {
  return useQuery({
    queryKey: ['admin-benefit', id],
    enabled,
    queryFn: () => adminRequest<AdminBenefit>('GET', benefitUrl(id)),
    // Always load afresh when the edit page opens: the form is prefilled once from it.
    gcTime: 0,
  });
}

export function useDeleteBenefit() {
  return useMutation({
    mutationFn: (id: string) => adminRequest('DELETE', benefitUrl(id)),
    onSuccess: invalidateBenefits,
  });
}

export function useCreateBenefit() {
  return useMutation({
    mutationFn: ({ values, logo }: { values: AddBenefitValues; logo: File }) => {
      const form = new FormData();
      for (const [key, value] of Object.entries(values)) {
        if (value === undefined || value === null || value === '') continue;
        // The wording is one JSON field (decision 033), sent only when it says something.
        if (typeof value === 'object') {
          if (Object.keys(value).length > 0) form.append(key, JSON.stringify(value));
        } else form.append(key, String(value));
      }
      form.append('logo', logo, logo.name);
      return postMultipart<{ id: string; warnings: string[] }>('/api/admin/benefits', form);
    },
    onSuccess: invalidateBenefits,
  });
}

export function uploadImage(image: File) {
  const form = new FormData();
  form.append('image', image, image.name);
  return postMultipart<{ imageUrl: string; warnings: string[] }>('/api/upload-image', form);
}

export const putBenefit = (id: string, body: EditBenefitValues) =>
  adminRequest<{ id: string }>('PUT', benefitUrl(id), body);
