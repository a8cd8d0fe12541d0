import type { z } from 'zod';
import * as benefitsApi from '#common/api/admin-benefits.ts';
import * as versionsApi from '#common/api/config-versions.ts';
import type { processSheetsSchema } from '#common/sheets.ts';
import { adminCall } from '../../../lib/admin-http.ts';
import { ApiError } from '../../../lib/api.ts';
import { adminKeys } from '../api.ts';
import type { toPayload } from './draft.ts';

type Payload = ReturnType<typeof toPayload>;

/** docs/spec/admin-and-rsvp.md §7: the wizard's calls. */
export const processSheets = (input: z.output<typeof processSheetsSchema>) =>
  adminCall(benefitsApi.processSheets, { body: input });

export const createConfig = (body: Payload) => adminCall(benefitsApi.createConfig, { body });

export const updateConfig = (id: string, { benefitId: _benefitId, ...body }: Payload) =>
  adminCall(benefitsApi.updateConfig, { params: { id }, body });

/** Makes the saved configuration live: the event exists and Tab 2's capacities are imported. */
export const deployConfig = (id: string) => adminCall(benefitsApi.deploy, { params: { id } });

export const draftKey = adminKeys.rsvpDraft;
export const versionsKey = adminKeys.rsvpVersions;
/** Tab 2's slots read again for a stored configuration (not an admin-area key: sign-out keeps it, as before). */
export const sheetSlotsKey = (mapping: unknown) => ['sheets-process', mapping] as const;

/** The benefit's configuration as the wizard opens it (decision 013), or null when it has none. */
export const loadDraft = (benefitId: string) =>
  adminCall(versionsApi.draft, { params: { id: benefitId } }).catch((err) => {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  });

export const listVersions = async (benefitId: string) =>
  (await adminCall(versionsApi.versions, { params: { id: benefitId } })).versions;

/** Copies a deployed version into the draft; members keep the live one until the next deploy. */
export const restoreVersion = (benefitId: string, version: number) =>
  adminCall(versionsApi.restore, { params: { id: benefitId, version } });
