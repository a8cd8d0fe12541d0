import { useEffect, useRef, useState } from 'react';
import { type Sighting, sight } from './scan-gate.ts';

type Detector = { detect: (source: HTMLVideoElement) => Promise<{ rawValue: string }[]> };
type NativeDetectorClass = {
  new (opts: { formats: string[] }): Detector;
  getSupportedFormats?: () => Promise<string[]>;
};

/**
 * A QR reader: the browser's own BarcodeDetector where it reads QR codes (Chrome on Android, Safari), else the
 * well-kept `barcode-detector` polyfill (zxing-wasm), whose wasm is served from this portal, not a CDN.
 */
async function makeDetector(): Promise<Detector> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  const formats: string[] = (await Native?.getSupportedFormats?.().catch(() => [])) ?? [];
  if (Native && formats.includes('qr_code')) return new Native({ formats: ['qr_code'] });
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
  });
  return new BarcodeDetector({ formats: ['qr_code'] });
}

const SCAN_EVERY_MS = 250;

/** The back camera's picture with a frame; calls onCode with each pass it reads. */
export function CameraScanner({ onCode }: { onCode: (code: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const latest = useRef(onCode);
  latest.current = onCode;
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let last: Sighting | null = null;
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
        const el = video.current;
        if (stopped || !el) return;
        el.srcObject = stream;
        await el.play();
        const detector = await makeDetector();
        const tick = async () => {
          if (stopped) return;
          try {
            const found = el.readyState >= 2 ? await detector.detect(el) : [];
            const code = found[0]?.rawValue?.trim() || null;
            const seen = sight(last, code, Date.now());
            last = seen.last;
            if (seen.scan && code) latest.current(code);
          } catch {
            // one unreadable frame: try the next
          }
          timer = setTimeout(tick, SCAN_EVERY_MS);
        };
        void tick();
      } catch {
        if (!stopped) setProblem('The camera could not be opened. Allow camera access, or type the code below.');
      }
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  if (problem)
    return (
      <p role="alert" className="rounded-lg border border-red-500/40 bg-red-950/40 p-3 text-sm text-red-200">
        {problem}
      </p>
    );
  return (
    <div className="relative overflow-hidden rounded-xl border border-line bg-black">
      <video ref={video} muted playsInline className="aspect-square w-full object-cover" data-testid="camera" />
      <div className="pointer-events-none absolute inset-[18%] rounded-lg border-2 border-gold/80" aria-hidden />
    </div>
  );
}

let audio: AudioContext | null = null;
/** A short high tone for admitted, two low ones for refused, and a buzz where phones can. */
export function signal(ok: boolean) {
  navigator.vibrate?.(ok ? 80 : [120, 80, 120]);
  try {
    audio ??= new AudioContext();
    const tones = ok ? [880] : [220, 220];
    tones.forEach((hz, i) => {
      const ctx = audio as AudioContext;
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = hz;
      gain.gain.value = 0.15;
      osc.connect(gain).connect(ctx.destination);
      const start = ctx.currentTime + i * 0.22;
      osc.start(start);
      osc.stop(start + (ok ? 0.12 : 0.18));
    });
  } catch {
    // no sound on this device: the colour and the text still say it
  }
}
