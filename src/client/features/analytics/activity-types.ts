import { FileCheck, LogIn, type LucideIcon, MousePointerClick } from 'lucide-react';
import type { Activity } from '#common/analytics-report.ts';

/** Label, colours and icon per activity type; the chart uses the same colours. */
export const ACTIVITY_STYLE: Record<
  Activity['type'],
  { label: string; color: string; badge: string; icon: LucideIcon }
> = {
  portal_access: {
    label: 'Portal access',
    color: '#60a5fa',
    badge: 'border-blue-400/40 bg-blue-400/10 text-blue-300',
    icon: LogIn,
  },
  benefit_click: {
    label: 'Benefit click',
    color: '#d4af37',
    badge: 'border-gold/50 bg-gold/10 text-gold',
    icon: MousePointerClick,
  },
  form_submission: {
    label: 'Form submission',
    color: '#34d399',
    badge: 'border-emerald-400/40 bg-emerald-400/10 text-emerald-300',
    icon: FileCheck,
  },
};
