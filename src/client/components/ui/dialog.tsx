import { X } from 'lucide-react';
import { Dialog as D } from 'radix-ui';
import { type ReactNode, useEffect, useRef } from 'react';
import { useT } from '../../i18n/use-t.ts';

/**
 * Focus handling for a dialog opened without a Radix Trigger (every dialog here is opened from
 * state): remembers what had focus when it opened and puts focus back there when it closes, as
 * Radix does only for its own Trigger.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const el = opener.current;
      opener.current = null;
      if (el?.isConnected) {
        event.preventDefault();
        el.focus();
      }
    },
  };
}

/**
 * Escape closes the dialog even while a toast is up: a toast is the topmost dismissable layer, so
 * Radix would spend the key on it. Runs after Radix's own handlers (bubble phase on the document)
 * and skips a key a layer already used (the dialog itself, or a menu inside it).
 */
export function useEscapeCloses(open: boolean, onOpenChange: (open: boolean) => void) {
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) onOpenChange(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, onOpenChange]);
}

export function Dialog({
  open,
  onOpenChange,
  title,
  titleLang,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** The title's language when not the page's (an organiser's title, decision 063). */
  titleLang?: string;
  children: ReactNode;
}) {
  const returnFocus = useReturnFocus();
  const t = useT();
  useEscapeCloses(open, onOpenChange);
  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      <D.Portal>
        <D.Overlay className="fixed inset-0 z-40 bg-black/70" />
        <D.Content
          aria-describedby={undefined}
          {...returnFocus}
          className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-line bg-panel p-6 shadow-2xl"
        >
          <D.Title className="pr-8 text-xl font-semibold text-white" lang={titleLang}>
            {title}
          </D.Title>
          {children}
          <D.Close
            aria-label={t('common.close')}
            className="absolute right-4 top-4 rounded p-1 text-zinc-400 hover:text-white"
          >
            <X size={20} aria-hidden />
          </D.Close>
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}
