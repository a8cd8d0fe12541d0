import { useQuery } from '@tanstack/react-query';
import type { Benefit } from '../../../common/benefits.ts';
import { BENEFITS_KEY } from '../../lib/boot-data.ts';

export function useBenefits() {
  return useQuery<Benefit[]>({ queryKey: BENEFITS_KEY, refetchOnMount: 'always' });
}
