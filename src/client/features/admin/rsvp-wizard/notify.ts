import { toast } from '../../../components/ui/use-toast.ts';
import { ApiError } from '../../../lib/api.ts';

/** Only one toast shows at a time (docs/spec/member-portal.md §9), so a series is spaced out to be readable. */
export const WARNING_SPACING_MS = 700;

/** Each warning as its own destructive 'Warning' toast, after whatever toast is showing now. */
export function toastWarnings(warnings: string[]) {
  // Counted from the paint that shows the toast before them: a slow phone may draw it late, and it must still be read.
  afterNextPaint(() =>
    warnings.forEach((description, i) => {
      setTimeout(() => toast({ title: 'Warning', description, variant: 'destructive' }), WARNING_SPACING_MS * (i + 1));
    }),
  );
}

/** Runs `fn` once the browser has painted what is pending now (the frame after the next). */
function afterNextPaint(fn: () => void) {
  requestAnimationFrame(() => requestAnimationFrame(fn));
}

/** The fixed text, followed by the server's own reason when the server gave one. */
export function withServerReason(fallback: string, err: unknown): string {
  if (!(err instanceof ApiError)) return fallback;
  const reason = err.serverMessage.trim();
  return reason && reason !== fallback ? `${fallback} ${reason}` : fallback;
}
