import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TOAST_LIMIT } from '#common/constants.ts';
import { toast, useToasts } from './use-toast.ts';

// The store's server snapshot is the store itself, so a server render reads what is on screen.
function Shown() {
  return <>{useToasts().map((t) => `${t.open ? 'open' : 'closed'}|${t.title}|${t.description ?? ''};`)}</>;
}
const shown = () =>
  renderToStaticMarkup(<Shown />)
    .split(';')
    .filter((s) => s.startsWith('open|'));

describe('toasts', () => {
  it('shows one toast for the same title and text raised twice, and stacks different ones', () => {
    const validation = {
      title: 'Form Validation Error',
      description: 'Please check these fields: Email',
      variant: 'destructive',
    } as const;
    const first = toast(validation);
    const second = toast(validation);
    expect(second).not.toBe(first);
    expect(shown()).toEqual(['open|Form Validation Error|Please check these fields: Email']);

    toast({ title: 'Form Validation Error', description: 'Please check these fields: Full Name' });
    toast({ title: 'Saved' });
    expect(shown()).toEqual([
      'open|Saved|',
      'open|Form Validation Error|Please check these fields: Full Name',
      'open|Form Validation Error|Please check these fields: Email',
    ]);
    expect(shown().length).toBeLessThanOrEqual(TOAST_LIMIT);
  });
});
