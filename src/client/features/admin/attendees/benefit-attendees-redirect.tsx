import { Redirect } from 'wouter';
import { attendeesPath } from '../../../paths.ts';
import { AdminLayout } from '../admin-layout.tsx';
import { useAdminBenefits } from '../api.ts';

/** /admin/benefits/:benefitId/attendees (from analytics): the attendees of the benefit's primary event. */
export function BenefitAttendeesRedirect({ benefitId }: { benefitId: string }) {
  const benefits = useAdminBenefits();
  const eventId = benefits.data?.find((b) => b.id === benefitId)?.eventId;
  if (eventId) return <Redirect to={attendeesPath(eventId)} replace />;
  return (
    <AdminLayout title="Attendees">
      <p className="text-zinc-400">
        {benefits.isLoading ? 'Loading...' : 'This benefit has no event to book, so no attendees.'}
      </p>
    </AdminLayout>
  );
}
