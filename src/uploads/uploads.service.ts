/**
 * Image uploads: store a sniffed image and its row, serve it publicly by `<id>.<ext>`, list and
 * delete a project's uploads. Bytes are published before the row is written and the row is
 * deleted before the bytes, so a row never names a missing or half-written object.
 */
import type { Readable } from 'node:stream';
import type { Deps } from '../deps.ts';
import { notFound } from '../errors.ts';
import { type CursorPage, decodeCursor, toCursorPage } from '../http/pagination.ts';
import { isUuid, newId } from '../lib/ids.ts';
import { extensionOf, UPLOAD_FILE_NAME } from './image-sniff.ts';
import { imageHeaders } from './served-headers.ts';
import { discardStaged } from './staging.ts';
import { storageOf, writeStorage } from './storage.ts';
import type { StagedImage } from './upload-intake.ts';
import * as repo from './uploads.repo.ts';
import type { ListUploadsQuery, UploadListItem, UploadView } from './uploads.schemas.ts';

type ServeDeps = Pick<Deps, 'config'>;

/** The public URL of a stored upload: the bucket's public address when it has one, else ours. */
function uploadUrl(deps: ServeDeps, row: repo.UploadRow): string {
  const direct = storageOf(deps.config.uploads, row.backend)?.publicUrl(row.storageKey);
  return direct ?? `${deps.config.baseUrl}/uploads/${fileNameOf(row)}`;
}

function fileNameOf(row: Pick<repo.UploadRow, 'id' | 'contentType'>): string {
  return `${row.id}.${extensionOf(row.contentType)}`;
}

function toUploadView(deps: ServeDeps, row: repo.UploadRow): UploadView {
  return { id: row.id, url: uploadUrl(deps, row), contentType: row.contentType, size: row.size };
}

function toUploadListItem(deps: ServeDeps, row: repo.UploadRow): UploadListItem {
  return { ...toUploadView(deps, row), createdAt: new Date(row.createdAt).toISOString() };
}

/** Publishes a staged image to the configured storage and records it for the project. */
export async function storeImage(
  deps: Pick<Deps, 'db' | 'config' | 'clock' | 'log'>,
  projectId: string,
  image: StagedImage,
): Promise<UploadView> {
  const storage = writeStorage(deps.config.uploads);
  const id = newId();
  const storageKey = storage.keyFor(id, image.kind.ext);
  try {
    await storage.put(image, storageKey, image.kind.contentType);
  } finally {
    await discardStaged(image.path);
  }
  try {
    const row = await repo.insertUpload(deps.db, {
      id,
      projectId,
      contentType: image.kind.contentType,
      size: image.size,
      sha256: image.sha256,
      backend: storage.backend,
      storageKey,
      createdAt: deps.clock.now(),
    });
    return toUploadView(deps, row);
  } catch (err) {
    // No row names the object, so nobody can reach it: take it back rather than leave it stored.
    await storage.remove(storageKey).catch((e) => deps.log.warn({ err: e, storageKey }, 'orphan upload not removed'));
    throw err;
  }
}

export type ServedImage =
  | { kind: 'redirect'; url: string }
  | { kind: 'image'; status: 200 | 304; headers: Record<string, string>; body?: Readable };

/**
 * What GET /uploads/:file answers: the stored bytes with the headers of served-headers.ts, a 304
 * when `ifNoneMatch` names its ETag, or a redirect to the bucket's public URL. A 304 and a HEAD
 * (`withBody` false) are answered from the row: nothing is read from storage.
 * 404 UPLOAD_NOT_FOUND for any name that is not exactly `<id>.<ext>` of a stored upload.
 */
export async function serveImage(
  deps: Pick<Deps, 'reader' | 'config'>,
  file: string,
  ifNoneMatch: string | undefined,
  withBody: boolean,
): Promise<ServedImage> {
  const m = UPLOAD_FILE_NAME.exec(file);
  const row = m ? await repo.findUploadForServing(deps.reader, m[1]!) : undefined;
  if (!row || extensionOf(row.contentType) !== m?.[2]) throw notFound('UPLOAD');
  const storage = storageOf(deps.config.uploads, row.backend);
  if (!storage) throw notFound('UPLOAD', 'Upload not found (its storage is no longer configured)');
  const direct = storage.publicUrl(row.storageKey);
  if (direct) return { kind: 'redirect', url: direct };
  const headers = imageHeaders({ ...row, fileName: fileNameOf(row) });
  if (etagMatches(ifNoneMatch, headers.etag!)) {
    const { 'content-length': _, 'content-type': __, ...rest } = headers;
    return { kind: 'image', status: 304, headers: rest };
  }
  if (!withBody) return { kind: 'image', status: 200, headers };
  const body = await storage.open(row.storageKey);
  if (!body) throw notFound('UPLOAD', 'Upload not found (its stored bytes are missing)');
  return { kind: 'image', status: 200, headers, body };
}

/** If-None-Match: `*`, or a list of (possibly weak) tags one of which is ours. */
function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

/** A cursor page of the project's uploads, newest first. */
export async function listUploads(
  deps: Pick<Deps, 'reader' | 'config'>,
  projectId: string,
  query: ListUploadsQuery,
): Promise<CursorPage<UploadListItem>> {
  const beforeId = decodeCursor(query.cursor);
  const rows = await repo.listUploads(deps.reader, projectId, { beforeId, limit: query.limit });
  const count = () => repo.countUploads(deps.reader, projectId);
  return toCursorPage(rows, query.limit, beforeId === undefined, count, (row) => toUploadListItem(deps, row));
}

/**
 * Deletes one of the project's uploads; 404 when it is not the project's. The row goes first (the
 * image stops being served at once), then the bytes; a failure there leaves bytes nothing names.
 */
export async function deleteUpload(
  deps: Pick<Deps, 'db' | 'config' | 'log'>,
  projectId: string,
  id: string,
): Promise<void> {
  const row = isUuid(id) ? await repo.deleteUpload(deps.db, projectId, id) : undefined;
  if (!row) throw notFound('UPLOAD');
  await removeStoredFiles(deps, [row]);
}

export type StoredFile = Pick<repo.UploadRow, 'backend' | 'storageKey'>;

/** The files behind a project's uploads; read them before deleting the project, whose rows go by cascade. */
export async function projectUploadFiles(deps: Pick<Deps, 'db'>, projectId: string): Promise<StoredFile[]> {
  return repo.listStoredFiles(deps.db, projectId);
}

/**
 * Removes the bytes of uploads whose rows are already gone (nothing serves them any more). Best
 * effort: a failure is logged and leaves an unserved file behind.
 */
export async function removeStoredFiles(deps: Pick<Deps, 'config' | 'log'>, files: StoredFile[]): Promise<void> {
  for (const f of files) {
    await storageOf(deps.config.uploads, f.backend)
      ?.remove(f.storageKey)
      .catch((err) => deps.log.warn({ err, storageKey: f.storageKey }, 'deleted upload bytes not removed'));
  }
}
