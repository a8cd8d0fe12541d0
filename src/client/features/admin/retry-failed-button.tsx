import { useMutation } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import type { RouteDef } from '#common/route-contract.ts';
import { Button } from '../../components/ui/button.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { adminCall, serverMessageOr } from '../../lib/admin-http.ts';
import { queryClient } from '../../lib/query-client.ts';

/** 'Retry failed (n)' of an outbox list (Sheets exports, e-mail): failed jobs go back in the queue. */
export function RetryFailedButton({
  route,
  listKey,
  failed,
  what,
}: {
  /** The outbox's retry route (it takes no arguments). */
  route: RouteDef;
  listKey: readonly unknown[];
  failed: number;
  /** 'exports', 'messages': the toasts name them. */
  what: string;
}) {
  const retry = useMutation({
    mutationFn: () => adminCall(route),
    onSuccess: () => {
      toast({ title: 'Retrying', description: `Failed ${what} will be sent again shortly.` });
      void queryClient.invalidateQueries({ queryKey: listKey });
    },
    onError: (err) =>
      toast({ title: 'Error', description: serverMessageOr(err, `Failed to retry ${what}`), variant: 'destructive' }),
  });
  return (
    <Button variant="outline" disabled={failed === 0 || retry.isPending} onClick={() => retry.mutate()}>
      <RefreshCw size={14} aria-hidden /> Retry failed ({failed})
    </Button>
  );
}
