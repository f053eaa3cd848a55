import { type Static, Type } from 'typebox';
import { DateTime, literals } from '../../http/schemas.ts';

export const JobIdParams = Type.Object({ jobId: Type.String({ minLength: 1, maxLength: 64 }) });

export const QueuedJob = Type.Object({
  jobId: Type.String(),
  status: Type.Literal('queued'),
});
export type QueuedJob = Static<typeof QueuedJob>;

const JobStatus = literals(['queued', 'processing', 'completed', 'failed']);

export const ImportJobView = Type.Object({
  jobId: Type.String(),
  status: JobStatus,
  fileName: Type.String(),
  totalRows: Type.Integer({ description: 'Non-blank data rows in the file.' }),
  processed: Type.Integer({ description: 'Rows done so far: imported + updated + skipped.' }),
  imported: Type.Integer({ description: 'New contacts created.' }),
  updated: Type.Integer({ description: 'Rows that matched an existing contact and patched its data.' }),
  skipped: Type.Integer({ description: 'Rows not imported; each is in `errors` (the first 1000 are kept).' }),
  errors: Type.Array(
    Type.Object({
      row: Type.Integer({ description: 'Spreadsheet row number; the header is row 1.' }),
      email: Type.String(),
      reason: Type.String({ description: 'missing_email or invalid_email' }),
    }),
  ),
  failureReason: Type.Union([Type.String(), Type.Null()], { description: 'Why a failed job failed.' }),
  createdAt: DateTime,
  updatedAt: DateTime,
  finishedAt: Type.Union([DateTime, Type.Null()]),
});
export type ImportJobView = Static<typeof ImportJobView>;
