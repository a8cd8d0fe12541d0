import type { ModalContentInput } from '#common/benefits.ts';
import type { benefits, events } from '../schema.ts';

export type SeedBenefit = Omit<typeof benefits.$inferInsert, 'modal' | 'createdAt' | 'updatedAt' | 'deletedAt'> & {
  id: string;
  modal?: ModalContentInput;
};
export type SeedEvent = Omit<typeof events.$inferInsert, 'createdAt'>;
export type SeedSlot = {
  eventId: string;
  slotDate: string | null;
  slotTime: string;
  capacity: number;
  sortKey: number;
};
