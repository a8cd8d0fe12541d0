import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import QRCode from 'qrcode';

/**
 * A Y4M video of a QR code, for Chromium's fake camera (`--use-file-for-fake-video-capture`): black modules on a
 * white page with a quiet zone, in the luma plane (chroma flat grey). Chromium loops the file.
 */
export function qrVideo(text: string, opts: { width?: number; height?: number; frames?: number } = {}): string {
  const { width = 640, height = 480, frames = 5 } = opts;
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const cell = Math.floor((Math.min(width, height) * 0.8) / (size + 8));
  const left = Math.floor((width - size * cell) / 2);
  const top = Math.floor((height - size * cell) / 2);
  const luma = Buffer.alloc(width * height, 235); // white
  for (let row = 0; row < size; row++)
    for (let col = 0; col < size; col++) {
      if (!qr.modules.get(row, col)) continue;
      for (let y = 0; y < cell; y++)
        luma.fill(
          16,
          (top + row * cell + y) * width + left + col * cell,
          (top + row * cell + y) * width + left + (col + 1) * cell,
        );
    }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'qr-camera-')), 'pass.y4m');
  fs.writeFileSync(
    file,
    Buffer.concat([
      Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`),
      ...Array(frames).fill(frame),
    ]),
  );
  return file;
}
