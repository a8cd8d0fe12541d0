import * as benefitsApi from '#common/api/admin-benefits.ts';
import {
  AUTO_SUCCESS_MESSAGE,
  AUTO_TAB1_NAME,
  AUTO_TAB2_NAME,
  type CreateConfigInput,
  type UpdateConfigInput,
} from '#common/rsvp-config.ts';
import { adminCall, serverMessageOr } from '../../lib/admin-http.ts';
import { ApiError } from '../../lib/api.ts';
import { type EditBenefitValues, putBenefit, uploadImage } from './api.ts';

/** Which step of the edit failed, with the message the admin sees (docs/spec/admin-and-rsvp.md §8). */
export class UpdateStepError extends Error {}

/**
 * docs/spec/admin-and-rsvp.md §4, benefit edit order: optional image upload, the benefit update, then the
 * benefit's RSVP configuration when a sheet link was given (that last step only warns).
 * Returns whether sheet links were saved.
 */
export async function updateBenefit(id: string, values: EditBenefitValues, image: File | null): Promise<boolean> {
  let imageUrl: string | undefined;
  if (image) {
    try {
      imageUrl = (await uploadImage(image)).imageUrl;
    } catch (err) {
      console.error('Mutation error:', err);
      throw new UpdateStepError('Failed to upload image');
    }
  }
  try {
    await putBenefit(id, imageUrl ? { ...values, imageUrl } : values);
  } catch (err) {
    console.error('Mutation error:', err);
    throw new UpdateStepError(serverMessageOr(err, 'Failed to update benefit'));
  }
  const hasSheets = Boolean(values.excelTab1Link || values.excelTab2Link);
  if (hasSheets) await saveRsvpConfig(id, values).catch((err) => console.warn('RSVP configuration not saved:', err));
  return hasSheets;
}

async function saveRsvpConfig(benefitId: string, values: EditBenefitValues) {
  // A new configuration gets the auto-created defaults (docs/spec/admin-and-rsvp.md §9).
  const body: CreateConfigInput = {
    benefitId,
    configName: values.benefitName,
    // A draft only: the organiser builds the form in the wizard and deploys it (decision 013).
    isActive: false,
    formFields: [],
    notifications: { includeCalendarInvite: false },
    behavior: { showProgressBar: false, successMessage: AUTO_SUCCESS_MESSAGE },
    sheetMapping: {
      tab1Url: values.excelTab1Link ?? '',
      tab1Name: AUTO_TAB1_NAME,
      ...(values.excelTab2Link ? { tab2Url: values.excelTab2Link, tab2Name: AUTO_TAB2_NAME } : {}),
    },
  };
  // An existing one only has its draft's sheet links relinked: its name, form, slots and messages stay.
  const patch: UpdateConfigInput = {
    sheetMapping: {
      ...(values.excelTab1Link ? { tab1Url: values.excelTab1Link } : {}),
      ...(values.excelTab2Link ? { tab2Url: values.excelTab2Link } : {}),
    },
  };
  const existing = await adminCall(benefitsApi.rsvpConfig, { params: { id: benefitId } }).catch((err) => {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  });
  if (existing) await adminCall(benefitsApi.updateConfig, { params: { id: existing.id }, body: patch });
  else await adminCall(benefitsApi.createConfig, { body });
}
