import { X } from 'lucide-react';
import { Dialog as D } from 'radix-ui';
import type { ReactNode } from 'react';

export function Dialog({
  open,
  onOpenChange,
  title,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
}) {
  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      <D.Portal>
        <D.Overlay className="fixed inset-0 z-40 bg-black/70" />
        <D.Content
          aria-describedby={undefined}
          className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-line bg-panel p-6 shadow-2xl"
        >
          <D.Title className="pr-8 text-xl font-semibold text-white">{title}</D.Title>
          {children}
          <D.Close aria-label="Close" className="absolute right-4 top-4 rounded p-1 text-zinc-400 hover:text-white">
            <X size={20} />
          </D.Close>
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}
