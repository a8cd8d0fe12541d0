import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { MemberRow } from '#common/admin.ts';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { inputClass } from '../../components/ui/field.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { serverMessageOr } from '../../lib/admin-http.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { AdminLayout } from './admin-layout.tsx';
import { useMembers, useRemoveMember } from './api.ts';
import { MemberAddForm } from './member-add-form.tsx';
import { MemberImport } from './member-import.tsx';
import { MembersTable } from './members-table.tsx';
import { PartnerSharedFields } from './partner/partner-admin.tsx';
import { StaffAccounts } from './staff-accounts.tsx';

const SEARCH_DEBOUNCE_MS = 300;

/** The allow-list of e-mails that may sign in to the member portal. */
export function MembersPage() {
  const [searchInput, setSearchInput] = useState('');
  const search = useDebounced(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  const [pageFor, setPageFor] = useState({ search: '', page: 1 });
  // A new search starts again at page 1.
  const page = pageFor.search === search ? pageFor.page : 1;
  const goTo = (p: number) => setPageFor({ search, page: p });

  const members = useMembers(search, page);
  const remove = useRemoveMember();
  const [target, setTarget] = useState<MemberRow | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);

  const confirmRemove = () => {
    if (!target) return;
    const { email } = target;
    remove.mutate(email, {
      onSuccess: () => toast({ title: 'Member removed', description: email }),
      onError: (err) =>
        toast({
          title: 'Error',
          description: serverMessageOr(err, 'Failed to remove member'),
          variant: 'destructive',
        }),
    });
    setConfirmOpen(false);
  };

  const data = members.data;
  const totalPages = Math.max(1, data?.totalPages ?? 1);
  // Removing the last row of the last page leaves the page empty: step back to the new last page.
  const lastPage = members.isPlaceholderData ? null : data?.totalPages;
  useEffect(() => {
    if (lastPage && page > lastPage) setPageFor({ search, page: lastPage });
  }, [lastPage, page, search]);
  return (
    <AdminLayout title="Members">
      <div className="space-y-6">
        <MemberAddForm />
        <section className="space-y-3">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div className="relative w-full max-w-sm">
              <Search size={16} className="absolute left-3 top-1/2 -translate-y-1/2 text-zinc-500" aria-hidden />
              <input
                type="search"
                aria-label="Search members"
                placeholder="Search by e-mail or name"
                value={searchInput}
                onChange={(e) => setSearchInput(e.target.value)}
                className={`${inputClass} pl-9`}
              />
            </div>
            {data && (
              <span className="text-sm text-zinc-400">
                {data.total} {data.total === 1 ? 'member' : 'members'}
              </span>
            )}
          </div>
          <MembersTable
            rows={data?.members ?? []}
            isLoading={members.isLoading}
            error={members.isError ? serverMessageOr(members.error, 'Failed to load members') : null}
            onRemove={(row) => {
              setTarget(row);
              setConfirmOpen(true);
            }}
          />
          <nav aria-label="Pages" className="flex items-center justify-end gap-3 text-sm text-zinc-300">
            <Button variant="outline" disabled={page <= 1} onClick={() => goTo(page - 1)}>
              Previous
            </Button>
            <span data-testid="page-indicator">
              Page {page} of {totalPages}
            </span>
            <Button variant="outline" disabled={page >= totalPages} onClick={() => goTo(page + 1)}>
              Next
            </Button>
          </nav>
        </section>
        <MemberImport />
        <StaffAccounts />
        <PartnerSharedFields />
      </div>
      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title="Remove member?"
        description={`${target?.email ?? 'This member'} will no longer be able to sign in to the portal, and any sessions they have open now will be ended.`}
        confirmLabel="Remove"
        onConfirm={confirmRemove}
      />
    </AdminLayout>
  );
}
