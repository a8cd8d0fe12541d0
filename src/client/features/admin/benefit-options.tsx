import type { AdminBenefitRow } from '#common/admin.ts';

/** The benefits as the options of a select, by name (the wizard, the page editor). */
export const BenefitOptions = ({ rows }: { rows: AdminBenefitRow[] }) =>
  rows.map((b) => (
    <option key={b.id} value={b.id}>
      {b.name}
    </option>
  ));
