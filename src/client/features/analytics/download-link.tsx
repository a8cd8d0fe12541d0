import { Download, FileDown } from 'lucide-react';

/** The gold outline link that downloads a report file (CSV, PDF). */
export function DownloadLink({ href, label, icon = 'file' }: { href: string; label: string; icon?: 'file' | 'arrow' }) {
  const Icon = icon === 'arrow' ? Download : FileDown;
  return (
    <a
      href={href}
      download
      className="inline-flex items-center gap-2 rounded-md border border-gold/60 px-4 py-2 text-sm font-semibold tracking-wider text-gold hover:bg-gold/10"
    >
      <Icon size={16} aria-hidden />
      {label}
    </a>
  );
}
