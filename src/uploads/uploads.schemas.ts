/** Request and response shapes of /uploads. */
import { type Static, Type } from 'typebox';
import { CursorPageOf, CursorQuery } from '../http/pagination.ts';

const ContentType = Type.Union(
  [Type.Literal('image/png'), Type.Literal('image/jpeg'), Type.Literal('image/gif'), Type.Literal('image/webp')],
  { description: 'Decided from the file content, never from its name or declared type.' },
);

/** The answer to POST /uploads/image. */
export const UploadView = Type.Object({
  id: Type.String(),
  url: Type.String({ description: 'Absolute public URL of the image, for use in template bodies.' }),
  contentType: ContentType,
  size: Type.Integer({ description: 'Bytes.' }),
});
export type UploadView = Static<typeof UploadView>;

/** One upload in GET /uploads. */
export const UploadListItem = Type.Object({
  ...UploadView.properties,
  createdAt: Type.String({ format: 'date-time' }),
});
export type UploadListItem = Static<typeof UploadListItem>;

export const UploadPage = CursorPageOf(UploadListItem, 'uploads');

export const ListUploadsQuery = CursorQuery;
export type ListUploadsQuery = Static<typeof ListUploadsQuery>;

export const UploadIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
export type UploadIdParams = Static<typeof UploadIdParams>;

/** Any string: a name that is not `<id>.<ext>` is answered 404 like an unknown one. */
export const UploadFileParams = Type.Object({
  file: Type.String({ description: 'The `<id>.<ext>` file name from the upload URL.' }),
});
export type UploadFileParams = Static<typeof UploadFileParams>;

export const ImageBody = {
  description: 'The image bytes, with the type it was stored as.',
  content: {
    'image/png': { schema: { type: 'string', format: 'binary' } },
    'image/jpeg': { schema: { type: 'string', format: 'binary' } },
    'image/gif': { schema: { type: 'string', format: 'binary' } },
    'image/webp': { schema: { type: 'string', format: 'binary' } },
  },
};
