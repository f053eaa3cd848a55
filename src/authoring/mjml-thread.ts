/**
 * MJML compiles on a thread of its own. A compile is 10–50 ms of CPU and a lot of short-lived memory
 * (a 50-block document is ~60 KB of HTML): on the event loop it would stall every other request for
 * that long, and its garbage would lengthen the service's collections. One thread, started at the
 * first compile and left unreferenced (it never keeps the process alive); a compile that runs past
 * COMPILE_TIMEOUT_MS ends the thread and is refused, and the next compile starts a new one.
 */
import { Worker } from 'node:worker_threads';
import type { MjmlError } from 'mjml';
import { threadEntry } from '../lib/thread-entry.ts';
import type { CompileReply } from './mjml.worker.ts';

const COMPILE_TIMEOUT_MS = 10_000;

/** The compile ran out of time (`timedOut`), or gave HTML or mjml's errors. */
export type CompileResult = { html: string } | { errors: MjmlError[]; message: string } | { timedOut: true };

interface Pending {
  resolve: (r: CompileResult) => void;
  reject: (e: Error) => void;
  timer: NodeJS.Timeout;
}

let worker: Worker | undefined;
let nextId = 1;
const pending = new Map<number, Pending>();

function failAll(err: Error): void {
  for (const p of pending.values()) {
    clearTimeout(p.timer);
    p.reject(err);
  }
  pending.clear();
}

function thread(): Worker {
  if (worker) return worker;
  const w = new Worker(threadEntry(import.meta.url, './mjml.worker'), { eval: true });
  w.unref();
  w.on('message', (reply: CompileReply) => {
    const p = pending.get(reply.id);
    if (!p) return;
    pending.delete(reply.id);
    clearTimeout(p.timer);
    p.resolve('html' in reply ? { html: reply.html } : { errors: reply.errors, message: reply.message });
    if (pending.size === 0) w.unref();
  });
  const gone = (err: Error) => {
    if (worker === w) worker = undefined;
    failAll(err);
  };
  w.once('error', (err) => gone(new Error(`the MJML thread stopped: ${err.message}`)));
  w.once('exit', () => gone(new Error('the MJML thread stopped')));
  worker = w;
  return w;
}

/** Compiles `source` on the MJML thread; rejects when the thread dies. */
export function compileOnThread(source: string): Promise<CompileResult> {
  const w = thread();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      pending.delete(id);
      resolve({ timedOut: true });
      // The thread may be stuck in this compile: end it (others waiting get an error too).
      void w.terminate();
    }, COMPILE_TIMEOUT_MS);
    pending.set(id, { resolve, reject, timer });
    // Referenced while a compile is waiting, so a process waiting for nothing else still gets the answer.
    w.ref();
    w.postMessage({ id, source });
  });
}
