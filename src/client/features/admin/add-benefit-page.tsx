import { useLocation } from 'wouter';
import { toast } from '../../components/ui/use-toast.ts';
import { serverMessageOr } from '../../lib/admin-http.ts';
import { AdminLayout } from './admin-layout.tsx';
import { type AddBenefitValues, useCreateBenefit } from './api.ts';
import { BenefitForm } from './benefit-form.tsx';
import { ADMIN_PATHS } from './paths.ts';

export function AddBenefitPage() {
  const [, navigate] = useLocation();
  const create = useCreateBenefit();

  const submit = async (values: AddBenefitValues, logo: File | null) => {
    if (!logo) return false; // the form already insists on an image in add mode
    try {
      const answer = await create.mutateAsync({ values, logo });
      toast({ title: 'Benefit Created Successfully!', description: answer.warnings.join(' ') || undefined });
      navigate(ADMIN_PATHS.dashboard);
      return true;
    } catch (err) {
      toast({
        title: 'Creation Failed',
        description: serverMessageOr(err, 'Failed to create benefit. Please try again.'),
        variant: 'destructive',
      });
      return false;
    }
  };

  return (
    <AdminLayout title="Add Benefit">
      <BenefitForm
        mode="add"
        isPending={create.isPending}
        onSubmit={(values, logo) => submit(values as AddBenefitValues, logo)}
        onCancel={() => navigate(ADMIN_PATHS.dashboard)}
      />
    </AdminLayout>
  );
}
