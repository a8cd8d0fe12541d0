import { useQuery } from '@tanstack/react-query';
import type { Benefit } from '../../../common/benefits.ts';

export function useBenefits() {
  return useQuery<Benefit[]>({ queryKey: ['/api/benefits'], refetchOnMount: 'always' });
}
