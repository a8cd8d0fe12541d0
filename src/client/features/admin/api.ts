import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  ADMIN_BENEFITS_STALE_MS,
  type AdminAccountInput,
  type AdminBenefitRow,
  type addBenefitSchema,
  type editBenefitSchema,
  type MemberInput,
} from '#common/admin.ts';
import * as benefitsApi from '#common/api/admin-benefits.ts';
import * as adminBookingsApi from '#common/api/admin-bookings.ts';
import * as membersApi from '#common/api/members.ts';
import * as pagesApi from '#common/api/pages.ts';
import type { EventChoice } from '#common/partner-pages.ts';
import { pathOf, type QueryOf, type ResponseOf } from '#common/route-contract.ts';
import { ADMIN_SESSION_KEY, adminCall, postMultipart } from '../../lib/admin-http.ts';
import { queryClient } from '../../lib/query-client.ts';
import { benefitKeys } from '../../lib/query-keys.ts';

// The admin feature's data layer (decision 037): the query keys of every admin screen, and the benefits', members'
// and events' calls. A sub-folder with calls of its own (attendees, offer codes, pages, the wizard...) has its own
// api.ts on these keys.

/**
 * Names, never URLs. Everything under `all` is dropped when an admin signs out (`isAdminQuery`, lib/admin-http.ts).
 * A benefit's, modal's or page's edit form is outside it: each loads afresh when its page opens.
 */
export const adminKeys = {
  all: ['admin'] as const,
  session: ADMIN_SESSION_KEY,
  benefits: ['admin', 'benefits'] as const,
  benefit: (id: string) => ['admin-benefit', id] as const,
  modal: (benefitId: string) => ['admin-modal', benefitId] as const,
  pages: ['admin', 'pages'] as const,
  page: (slug: string) => ['admin-page', slug] as const,
  events: ['admin', 'events'] as const,
  /** Prefix of a page of the list and of Add booking's suggestions: a change to the list refreshes both. */
  members: ['admin', 'members'] as const,
  membersPage: (search: string, page: number) => ['admin', 'members', search, page] as const,
  memberSuggestions: (search: string) => ['admin', 'members', 'suggest', search] as const,
  /** Prefix of an event's attendee lists (by filter) and its booking form. */
  attendees: (eventId: string) => ['admin', 'attendees', eventId] as const,
  draw: (eventId: string) => ['admin', 'draw', eventId] as const,
  messages: (eventId: string) => ['admin', 'messages', eventId] as const,
  messagePreview: (eventId: string) => ['admin', 'message-preview', eventId] as const,
  offerPool: (benefitId: string) => ['admin', 'offer-codes', benefitId] as const,
  /** Prefix of every status filter's list. */
  bookings: ['admin', 'bookings'] as const,
  /** Prefix of the outbox filtered by message. */
  mail: ['admin', 'mail'] as const,
  exports: ['admin', 'exports'] as const,
  audit: ['admin', 'audit'] as const,
  accounts: ['admin', 'accounts'] as const,
  /** Prefix of each event's passes at the door. */
  checkInEvents: ['admin', 'check-in-events'] as const,
  partnerBenefits: ['admin', 'partner-benefits'] as const,
  partnerAttendees: (eventId: string) => ['admin', 'partner-attendees', eventId] as const,
  partnerFields: (benefitId: string) => ['admin', 'partner-fields', benefitId] as const,
  rsvpDraft: (benefitId: string) => ['admin', 'rsvp-config-draft', benefitId] as const,
  rsvpVersions: (benefitId: string) => ['admin', 'rsvp-config-versions', benefitId] as const,
  webhooks: ['admin', 'webhooks'] as const,
  webhookLog: (endpointId: string) => ['admin', 'webhooks', endpointId, 'log'] as const,
  apiTokens: ['admin', 'api-tokens'] as const,
};

// ---- benefits ----------------------------------------------------------------------------------------

export type AddBenefitValues = z.output<typeof addBenefitSchema>;
export type EditBenefitValues = z.output<typeof editBenefitSchema>;

/** After any change, both the admin table and the members' catalogue are out of date. */
export const invalidateBenefits = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: adminKeys.benefits }),
    queryClient.invalidateQueries({ queryKey: benefitKeys.list }),
  ]);

export function useAdminBenefits() {
  return useQuery<AdminBenefitRow[]>({
    queryKey: adminKeys.benefits,
    queryFn: () => adminCall(benefitsApi.list),
    staleTime: ADMIN_BENEFITS_STALE_MS,
    refetchOnWindowFocus: false,
  });
}

export function useAdminBenefit(id: string, enabled = true) {
  return useQuery({
    queryKey: adminKeys.benefit(id),
    enabled,
    queryFn: () => adminCall(benefitsApi.one, { params: { id } }),
    // Always load afresh when the edit page opens: the form is prefilled once from it.
    gcTime: 0,
  });
}

export function useDeleteBenefit() {
  return useMutation({
    mutationFn: (id: string) => adminCall(benefitsApi.remove, { params: { id } }),
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
      return postMultipart<ResponseOf<typeof benefitsApi.create>>(pathOf(benefitsApi.create), form);
    },
    onSuccess: invalidateBenefits,
  });
}

export function uploadImage(image: File) {
  const form = new FormData();
  form.append('image', image, image.name);
  return postMultipart<ResponseOf<typeof benefitsApi.uploadImage>>(pathOf(benefitsApi.uploadImage), form);
}

export const putBenefit = (id: string, body: EditBenefitValues) =>
  adminCall(benefitsApi.save, { params: { id }, body });

// ---- members -----------------------------------------------------------------------------------------

const MEMBERS_PAGE_SIZE = 25;
const invalidateMembers = () => queryClient.invalidateQueries({ queryKey: adminKeys.members });

export function useMembers(search: string, page: number) {
  return useQuery({
    queryKey: adminKeys.membersPage(search, page),
    queryFn: () =>
      adminCall(membersApi.list, { query: { page, pageSize: MEMBERS_PAGE_SIZE, ...(search ? { search } : {}) } }),
    placeholderData: keepPreviousData, // paging and typing keep the old rows until the new ones arrive
  });
}

export function useAddMember() {
  return useMutation({
    mutationFn: (input: MemberInput) => adminCall(membersApi.add, { body: input }),
    onSuccess: invalidateMembers,
  });
}

export function useRemoveMember() {
  return useMutation({
    mutationFn: (email: string) => adminCall(membersApi.remove, { params: { email } }),
    onSuccess: invalidateMembers,
  });
}

export function usePreviewImport() {
  return useMutation({
    mutationFn: (csv: string) => adminCall(membersApi.previewImport, { body: { csv } }),
  });
}

export function useApplyImport() {
  return useMutation({
    mutationFn: (csv: string) => adminCall(membersApi.applyImport, { body: { csv } }),
    onSuccess: invalidateMembers,
  });
}

// ---- bookings and staff accounts ----------------------------------------------------------------------

type BookingFilter = NonNullable<QueryOf<typeof adminBookingsApi.list>['status']>;

/** Bookings across events by status (the Bookings page). */
export const useAdminBookings = (status: BookingFilter) =>
  useQuery({
    queryKey: [...adminKeys.bookings, status],
    queryFn: () => adminCall(adminBookingsApi.list, { query: { status } }),
  });

export const decideBooking = (bookingId: string, approve: boolean) =>
  adminCall(approve ? adminBookingsApi.approve : adminBookingsApi.decline, { params: { bookingId } });

export const useStaffAccounts = () =>
  useQuery({ queryKey: adminKeys.accounts, queryFn: () => adminCall(membersApi.accounts) });
export const saveAccount = (body: AdminAccountInput) => adminCall(membersApi.saveAccount, { body });
export const removeAccount = (email: string) => adminCall(membersApi.removeAccount, { params: { email } });

// ---- events --------------------------------------------------------------------------------------------

/** Every event a page's or modal's RSVP button may book, soonest first, with its title and when. */
export function useEventChoices() {
  return useQuery({
    queryKey: adminKeys.events,
    queryFn: () => adminCall(pagesApi.events),
    select: (answer) => answer.data,
  });
}

/** An event as a picker lists it: its title, and when it happens if it has a time. */
export const choiceLabel = (e: EventChoice) => (e.when ? `${e.title} · ${e.when}` : e.title);
