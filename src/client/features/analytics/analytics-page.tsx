import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { focusRing } from '../../components/ui/focus-ring.ts';
import { cn } from '../../lib/cn.ts';
import { analyticsKeys } from './api.ts';
import { BenefitsTab } from './benefits-tab.tsx';
import { OverviewTab } from './overview-tab.tsx';

const TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'benefits', label: 'Benefit Analytics' },
] as const;
type TabValue = (typeof TABS)[number]['value'];

/**
 * /admin/analytics (docs/spec/admin-and-rsvp.md §2): tabs Overview and Benefit Analytics. Renders inside the admin
 * layout's content area; the route wraps it in the admin guard and layout.
 */
export default function AnalyticsPage() {
  const [tab, setTab] = useState<TabValue>('overview');
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: analyticsKeys.summary });
    void queryClient.invalidateQueries({ queryKey: analyticsKeys.benefits });
  };
  return (
    <Tabs.Root value={tab} onValueChange={(v) => setTab(v as TabValue)}>
      <div className="flex items-end justify-between gap-3 border-b border-line">
        <Tabs.List aria-label="Analytics sections" className="flex gap-1">
          {TABS.map((t) => (
            <Tabs.Trigger
              key={t.value}
              value={t.value}
              className={cn(
                'whitespace-nowrap px-4 py-2.5 text-sm font-medium text-zinc-400 hover:text-white data-[state=active]:text-gold',
                focusRing,
                'data-[state=active]:shadow-[inset_0_-2px_0_0_var(--color-gold)]',
              )}
            >
              {t.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Button variant="ghost" className="mb-1 px-3 py-1.5" aria-label="Refresh" onClick={refresh}>
          <RefreshCw size={14} aria-hidden />
          <span className="hidden sm:inline">Refresh</span>
        </Button>
      </div>
      <div className="pt-6">
        <Tabs.Content value="overview">
          <OverviewTab />
        </Tabs.Content>
        {/* Kept mounted so its filters survive a tab switch; it fetches only while active. */}
        <Tabs.Content value="benefits" forceMount className="data-[state=inactive]:hidden">
          <BenefitsTab active={tab === 'benefits'} />
        </Tabs.Content>
      </div>
    </Tabs.Root>
  );
}
