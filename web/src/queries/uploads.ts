/**
 * Image uploads (docs/uploads.md): one image file sent as multipart to POST /uploads/image; the
 * answer's public URL goes into an email. Nothing the dashboard reads lists uploads, so an upload
 * refreshes nothing.
 */
import { mutationOptions } from '@tanstack/react-query';
import type { Operation, ResponseBody } from '../../../client/index.ts';
import { type ProjectScope, uploadKeys } from './keys.ts';

export type Upload = ResponseBody<Operation<'/uploads/image', 'post'>>;

export const uploadMutations = {
  /** Uploads an image (multipart, hence api.raw); the API refuses anything that is not PNG, JPEG, GIF or WebP. */
  image: ({ api, projectId }: ProjectScope) =>
    mutationOptions({
      mutationKey: uploadKeys.mutation(projectId, 'image'),
      mutationFn: async (file: File) => {
        const body = new FormData();
        body.append('file', file, file.name);
        const res = await api.raw('POST', '/uploads/image', { body, headers: { accept: 'application/json' } });
        return (await res.json()) as Upload;
      },
    }),
};
