import { useEffect } from 'react';

export const SITE_NAME = 'Special Access Pass';

/** 'Benefits · Special Access Pass'; the site's name alone while a page does not know its own yet. */
export const pageTitle = (page?: string | null) => (page ? `${page} · ${SITE_NAME}` : SITE_NAME);

/** Names the browser tab after the page (one call per page component; a benefit's pages use its title). */
export function usePageTitle(page: string | null | undefined) {
  useEffect(() => {
    document.title = pageTitle(page);
  }, [page]);
}
