import { useQuery } from '@tanstack/react-query';
import type { EventChoice } from '../../../common/partner-pages.ts';
import { adminRequest } from '../../lib/admin-http.ts';

/** Every event a page's or modal's RSVP button may book, soonest first, with its title and when. */
export function useEventChoices() {
  return useQuery({
    queryKey: ['/api/admin/events'],
    queryFn: () => adminRequest<{ data: EventChoice[] }>('GET', '/api/admin/events'),
    select: (answer) => answer.data,
  });
}

/** An event as a picker lists it: its title, and when it happens if it has a time. */
export const choiceLabel = (e: EventChoice) => (e.when ? `${e.title} · ${e.when}` : e.title);
