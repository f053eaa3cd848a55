/**
 * The import's reader on a thread of its own (import-reader.ts `readInWorker`): reads the file given
 * in workerData into batches and answers each 'next' message with the next one, `{ done }` at the
 * end, or the error that stopped it (as plain fields: an Error's own properties do not cross).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { readImportBatches } from './import-reader.ts';

const input = workerData as { file: Uint8Array; delimiter: string; skip: number; maxColumns: number; size: number };
const batches = readImportBatches(
  Buffer.from(input.file.buffer, input.file.byteOffset, input.file.byteLength),
  input.delimiter,
  input.skip,
  input.maxColumns,
  input.size,
);

parentPort!.on('message', async () => {
  try {
    const r = await batches.next();
    parentPort!.postMessage(r.done ? { done: true } : { batch: r.value });
  } catch (err) {
    const e = err as { name?: unknown; message?: unknown; code?: unknown };
    parentPort!.postMessage({ error: { name: String(e?.name), message: String(e?.message), code: e?.code } });
  }
});
