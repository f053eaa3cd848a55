/**
 * Uploads an image file through POST /uploads/image and hands back its public URL. The API decides
 * the type from the file's bytes, so its refusal (an SVG, a PDF, a file too large) shows as it says it.
 */
import { Upload } from 'lucide-react';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/client.ts';
import { useProject } from '../lib/project-context.tsx';
import { uploadMutations } from '../queries/uploads.ts';
import { useAction } from '../queries/use-action.ts';

export function ImageUpload({ onUploaded }: { onUploaded: (url: string) => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const upload = useAction(uploadMutations.image(useProject()), {
    inline: true,
    onSuccess: (answer) => onUploaded(answer.url),
  });
  return (
    <div className="space-y-1">
      <label
        htmlFor={id}
        className="inline-flex cursor-pointer items-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-50 focus-within:ring-2 focus-within:ring-brand-500"
      >
        <Upload className="size-4" aria-hidden />
        {upload.isPending ? t('Uploading…') : t('Upload an image')}
        <input
          id={id}
          ref={input}
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          className="sr-only"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) upload.mutate(file);
            if (input.current) input.current.value = '';
          }}
        />
      </label>
      <p className="text-xs text-slate-500">
        {t('PNG, JPEG, GIF or WebP. Its address is public, as images in email are.')}
      </p>
      {upload.isError && (
        <p role="alert" className="text-xs text-red-600">
          {errorMessage(upload.error)}
        </p>
      )}
    </div>
  );
}
