import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { groupPassCode } from '#common/passes.ts';
import { useT } from '../../i18n/use-t.ts';

/**
 * A booking's pass: a QR code of the pass code (dark on white with a quiet zone, so it scans from a screen, a
 * screenshot or paper) and the code in text for staff to type when a camera cannot read it.
 */
export function PassCode({ code, title }: { code: string; title: string }) {
  const t = useT();
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void QRCode.toString(code, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }).then((text) => {
      if (live) setSvg(text);
    });
    return () => {
      live = false;
    };
  }, [code]);
  return (
    <figure className="flex flex-col items-center gap-3 rounded-xl bg-white p-4 text-ink sm:flex-row sm:items-center sm:gap-6">
      {svg ? (
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
          alt={t('pass.alt', { title, code: groupPassCode(code) })}
          width={184}
          height={184}
          className="h-46 w-46 [image-rendering:pixelated]"
          data-testid="pass-qr"
        />
      ) : (
        <div className="h-46 w-46 animate-pulse rounded bg-zinc-200" aria-hidden />
      )}
      <figcaption className="text-center sm:text-left">
        <p className="text-xs font-semibold tracking-widest text-zinc-500">{t('pass.yours')}</p>
        <p
          className="mt-1 font-mono text-[13px] font-bold whitespace-nowrap text-zinc-900 sm:text-base"
          data-testid="pass-code"
          translate="no"
        >
          {groupPassCode(code)}
        </p>
        <p className="mt-2 max-w-56 text-xs text-zinc-600">{t('pass.showAtDoor')}</p>
      </figcaption>
    </figure>
  );
}
