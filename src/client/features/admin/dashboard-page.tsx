import { Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import type { AdminBenefitRow } from '#common/admin.ts';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { AdminLayout } from './admin-layout.tsx';
import { useAdminBenefits, useDeleteBenefit } from './api.ts';
import { BenefitsTable } from './benefits-table.tsx';
import { FALLBACK_BENEFITS, FALLBACK_WARNING } from './fallback-benefits.ts';
import { ADMIN_PATHS, editBenefitPath } from './paths.ts';

export function AdminDashboardPage() {
  const [, navigate] = useLocation();
  const benefits = useAdminBenefits();
  const remove = useDeleteBenefit();
  const [pending, setPending] = useState<AdminBenefitRow | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);

  // One warning per failed load: errorUpdatedAt changes only when a new failure arrives.
  const failedAt = benefits.isError ? benefits.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) toast({ title: 'Warning', description: FALLBACK_WARNING, variant: 'warning' });
  }, [failedAt]);

  const rows = benefits.isError ? FALLBACK_BENEFITS : (benefits.data ?? []);
  const confirmDelete = () => {
    if (!pending) return;
    remove.mutate(pending.id, {
      onSuccess: () => toast({ title: 'Success', description: 'Benefit deleted successfully' }),
      onError: () => toast({ title: 'Error', description: 'Failed to delete benefit', variant: 'destructive' }),
    });
    setConfirmOpen(false);
  };

  return (
    <AdminLayout
      title="Benefits"
      actions={
        <Button onClick={() => navigate(ADMIN_PATHS.addBenefit)}>
          <Plus size={16} aria-hidden />
          Add Benefit
        </Button>
      }
    >
      <BenefitsTable
        rows={rows}
        isLoading={benefits.isLoading}
        onEdit={(row) => navigate(editBenefitPath(row.id))}
        onDelete={(row) => {
          setPending(row);
          setConfirmOpen(true);
        }}
      />
      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title={pending ? `Delete "${pending.name}"?` : 'Delete benefit?'}
        description="Are you sure you want to delete this benefit? This action cannot be undone."
        confirmLabel="Delete"
        onConfirm={confirmDelete}
      />
    </AdminLayout>
  );
}
