import { ExternalLink } from 'lucide-react';
import { Link } from 'wouter';
import type { PageInput } from '#common/partner-pages.ts';
import { serverMessageOr } from '../../../lib/admin-http.ts';
import { ApiError } from '../../../lib/api.ts';
import { AdminLayout } from '../admin-layout.tsx';
import { ADMIN_PATHS } from '../paths.ts';
import { PageWordsSection } from '../translations/page-words-section.tsx';
import { draftFromPage, EMPTY_DRAFT } from './page-draft.ts';
import { PageEditor } from './page-editor.tsx';
import { usePage, useSavePage } from './pages-api.ts';

/** /admin/pages/new (slug null) or /admin/pages/:slug: the editor, prefilled from the stored page when editing. */
export function PageEditorPage({ slug }: { slug: string | null }) {
  if (slug === null) {
    return (
      <AdminLayout title="New Page">
        <PageEditor initial={EMPTY_DRAFT} isNew />
      </AdminLayout>
    );
  }
  return <ExistingPage slug={slug} />;
}

function ExistingPage({ slug }: { slug: string }) {
  const page = usePage(slug);
  const savePage = useSavePage();
  const data = page.data;
  const view = (
    <a
      href={`/${slug}`}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1.5 text-sm text-gold hover:underline"
    >
      View /{slug}
      <ExternalLink size={14} aria-hidden />
    </a>
  );
  if (page.isError) {
    const missing = page.error instanceof ApiError && page.error.status === 404;
    return (
      <AdminLayout title="Edit Page">
        <div className="space-y-4 py-16 text-center">
          <p role="alert" className={missing ? 'text-zinc-300' : 'text-red-400'}>
            {missing ? `No page has the address /${slug}.` : serverMessageOr(page.error, 'Failed to load the page')}
          </p>
          <Link href={ADMIN_PATHS.pages} className="text-gold hover:underline">
            Back to pages
          </Link>
        </div>
      </AdminLayout>
    );
  }
  return (
    <AdminLayout title={data ? `Edit Page: ${data.content.title}` : 'Edit Page'} actions={data && view}>
      {data ? (
        <>
          <PageEditor initial={draftFromPage(data)} isNew={false} />
          <PageWordsSection
            page={data}
            save={(translations) =>
              savePage.mutateAsync({
                slug,
                input: {
                  benefitId: data.benefitId,
                  layout: data.layout,
                  content: data.content,
                  translations: translations as PageInput['translations'],
                },
              })
            }
          />
        </>
      ) : (
        <p className="py-16 text-center text-zinc-400">Loading page...</p>
      )}
    </AdminLayout>
  );
}
