import { ImagePlus, TriangleAlert } from 'lucide-react';
import { type ChangeEvent, useEffect, useState } from 'react';
import { IMAGE_MIN } from '#common/admin.ts';
import { toast } from '../../components/ui/use-toast.ts';
import { checkDimensions, checkImageFile, type ImageRule, readImageSize } from './image-checks.ts';

/**
 * File input with the client-side checks of docs/spec/admin-and-rsvp.md §5 and a preview. A file that fails a
 * check is not kept: `onChange(null, error)`.
 */
export function ImagePicker({
  id,
  label,
  rule,
  file,
  currentUrl,
  error,
  onChange,
}: {
  id: string;
  label: string;
  rule: ImageRule;
  file: File | null;
  currentUrl?: string;
  error?: string | null;
  onChange: (file: File | null, error: string | null) => void;
}) {
  const [preview, setPreview] = useState<string | null>(null);
  const [warnings, setWarnings] = useState<string[]>([]);

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const picked = e.target.files?.[0];
    e.target.value = ''; // picking the same file again must fire change again
    setWarnings([]);
    if (!picked) return;
    const fileError = checkImageFile(picked);
    if (fileError) return onChange(null, fileError);
    const url = URL.createObjectURL(picked);
    try {
      const check = checkDimensions(await readImageSize(url), rule);
      setWarnings(check.warnings);
      onChange(check.error ? null : picked, check.error);
    } catch {
      toast({
        title: 'Invalid image',
        description: 'Unable to read the image file. Please try a different file.',
        variant: 'destructive',
      });
      onChange(null, null);
    } finally {
      URL.revokeObjectURL(url);
    }
  };

  const shown = preview ?? currentUrl;
  const hint =
    rule === 'exact'
      ? `Optional. Must be exactly ${IMAGE_MIN.width}x${IMAGE_MIN.height} px (16:10, as tiles show it, whole), an image, 5MB at most.`
      : `Recommended 16:10 (tiles show it whole, at that ratio), at least ${IMAGE_MIN.width}x${IMAGE_MIN.height} px; an image, 5MB at most.`;
  return (
    <div className="space-y-1.5">
      <span className="block text-sm font-medium text-zinc-200">{label}</span>
      <div className="flex flex-wrap items-center gap-4">
        <div className="flex h-[100px] w-[160px] items-center justify-center overflow-hidden rounded-md border border-line bg-ink">
          {shown ? (
            <img src={shown} alt="Benefit preview" data-testid="image-preview" className="h-full w-full object-cover" />
          ) : (
            <ImagePlus className="text-zinc-600" size={32} aria-hidden />
          )}
        </div>
        <div className="space-y-1">
          <label
            htmlFor={id}
            className="inline-flex cursor-pointer items-center gap-2 rounded-md border border-gold/60 px-4 py-2 text-sm font-semibold text-gold hover:bg-gold/10 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-gold"
          >
            {file ? 'Choose another image' : 'Choose image'}
          </label>
          <input
            id={id}
            type="file"
            accept="image/*"
            onChange={pick}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
            className="sr-only"
          />
          {file && <p className="max-w-xs truncate text-xs text-zinc-400">{file.name}</p>}
        </div>
      </div>
      <p id={`${id}-hint`} className="text-xs text-zinc-400" data-testid="image-hint">
        {hint}
      </p>
      {warnings.map((w) => (
        <p key={w} data-testid="image-warning" className="flex items-start gap-1.5 text-sm text-amber-400">
          <TriangleAlert size={14} className="mt-0.5 shrink-0" aria-hidden />
          {w}
        </p>
      ))}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
