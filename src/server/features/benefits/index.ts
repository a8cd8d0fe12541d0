// What other parts of the server use from benefits: its one public surface (docs/architecture.md, decision 036).

export { createBenefit, deleteBenefit, getAdminBenefit, listAdminBenefits, updateBenefit } from './admin-catalogue.ts';
export { primaryEvent } from './benefit-event.ts';
export {
  addBenefitEvent,
  addEventSlots,
  listBenefitEvents,
  removeBenefitEvent,
  removeEventSlot,
} from './benefit-events.ts';
export { benefitWords, missingWordsByBenefit, saveBenefitWords } from './benefit-words.ts';
export { memberBootData } from './boot-data.ts';
export { loadImage, storeImage } from './images.ts';
export { partnerPageRoutes } from './partner-page-routes.ts';
export { saveModal, savePage } from './partner-pages.ts';
export { benefitRoutes } from './routes.ts';
