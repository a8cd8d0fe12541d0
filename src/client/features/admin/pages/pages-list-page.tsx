import { ExternalLink, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { formatStamp } from '#common/event-time.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { DataTable, pinnedCell, pinnedHeadCell, SwipeHint } from '../../../components/ui/table-frame.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { serverMessageOr, useOrganiserZone } from '../../../lib/admin-http.ts';
import { cn } from '../../../lib/cn.ts';
import { AdminLayout } from '../admin-layout.tsx';
import { useAdminBenefits } from '../api.ts';
import { ADMIN_PATHS, editPagePath } from '../paths.ts';
import { type PageListRow, useDeletePage, usePageList } from './pages-api.ts';

const td = 'px-4 py-3 align-top';

/** The partner information pages members can open, each at its own address. */
export function PagesListPage() {
  const zone = useOrganiserZone();
  const [, navigate] = useLocation();
  const pages = usePageList();
  const benefits = useAdminBenefits();
  const remove = useDeletePage();
  const [target, setTarget] = useState<PageListRow | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);

  const benefitName = (id: string | null) =>
    id === null ? null : (benefits.data?.find((b) => b.id === id)?.name ?? id);
  const confirmDelete = () => {
    if (!target) return;
    const { slug, title } = target;
    remove.mutate(slug, {
      onSuccess: () => toast({ title: 'Page deleted', description: title }),
      onError: (err) =>
        toast({
          title: 'Error',
          description: serverMessageOr(err, 'Failed to delete the page'),
          variant: 'destructive',
        }),
    });
    setConfirmOpen(false);
  };

  const rows = pages.data?.pages ?? [];
  return (
    <AdminLayout
      title="Pages"
      actions={
        <Button onClick={() => navigate(ADMIN_PATHS.newPage)}>
          <Plus size={16} aria-hidden />
          New page
        </Button>
      }
    >
      <p className="mb-4 text-sm text-zinc-400">
        Partner information pages. A page linked to a benefit opens from that benefit’s card.
      </p>
      <SwipeHint>Swipe the table sideways for the benefit and date; Edit and Delete stay on the right.</SwipeHint>
      <DataTable
        label="Pages"
        tableClass="w-full min-w-[720px] text-sm"
        pad="px-4"
        columns={[
          { head: 'Title' },
          { head: 'Address' },
          { head: 'Benefit' },
          { head: 'Updated' },
          { head: 'Actions', className: cn(pinnedHeadCell, 'text-right') },
        ]}
        message={
          pages.isLoading
            ? 'Loading pages...'
            : pages.isError
              ? serverMessageOr(pages.error, 'Failed to load pages. Please try refreshing.')
              : rows.length === 0
                ? 'No pages yet'
                : null
        }
        error={pages.isError}
        rows={rows}
        row={(row) => (
          <tr key={row.slug} data-testid="admin-page-row" className="hover:bg-white/[0.02]">
            <td className={`${td} font-medium text-white`}>
              <Link href={editPagePath(row.slug)} className="hover:text-gold hover:underline">
                {row.title}
              </Link>
              {row.layout === 'terms' && (
                <span className="ml-2 rounded border border-line px-1.5 py-0.5 text-xs font-normal text-zinc-400">
                  Terms
                </span>
              )}
            </td>
            <td className={td}>
              <a
                href={`/${row.slug}`}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1.5 whitespace-nowrap text-gold hover:underline"
              >
                /{row.slug}
                <ExternalLink size={14} aria-hidden />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            </td>
            <td className={`${td} text-zinc-300`}>
              {benefitName(row.benefitId) ?? <span className="text-zinc-400">None</span>}
            </td>
            <td className={`${td} whitespace-nowrap text-zinc-400`}>{formatStamp(row.updatedAt, zone)}</td>
            <td className={cn(td, pinnedCell, 'whitespace-nowrap text-right')}>
              {/* A phone shows the icons only (each aria-label names its button). */}
              <Button
                variant="outline"
                className="px-2.5 py-1.5 sm:px-3"
                aria-label={`Edit ${row.title}`}
                onClick={() => navigate(editPagePath(row.slug))}
              >
                <Pencil size={14} aria-hidden />
                <span className="hidden sm:inline">Edit</span>
              </Button>
              <Button
                variant="ghost"
                className="ml-1 px-2.5 py-1.5 text-red-400 hover:bg-red-500/10 hover:text-red-300 sm:ml-2 sm:px-3"
                aria-label={`Delete ${row.title}`}
                onClick={() => {
                  setTarget(row);
                  setConfirmOpen(true);
                }}
              >
                <Trash2 size={14} aria-hidden />
                <span className="hidden sm:inline">Delete</span>
              </Button>
            </td>
          </tr>
        )}
      />
      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title="Delete page?"
        description={`${target ? `/${target.slug}` : 'This page'} will no longer open for members, and a benefit linked to it will stop linking here. This cannot be undone.`}
        confirmLabel="Delete"
        onConfirm={confirmDelete}
      />
    </AdminLayout>
  );
}
