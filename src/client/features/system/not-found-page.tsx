import { AlertCircle } from 'lucide-react';
import { MSG } from '../../../common/messages.ts';

export function NotFoundPage() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-zinc-50 px-4">
      <div className="w-full max-w-md rounded-xl bg-white p-6 shadow">
        <div className="flex items-center gap-2">
          <AlertCircle className="h-8 w-8 text-red-500" aria-hidden />
          <h1 className="text-2xl font-bold text-zinc-900">{MSG.notFoundTitle}</h1>
        </div>
        <p className="mt-4 text-sm text-zinc-600">{MSG.notFoundText}</p>
      </div>
    </main>
  );
}
