/**
 * The MJML compiler's thread (mjml-thread.ts): compiles each source it is sent with mjml's strict
 * validation and never follows `mj-include`, answering the HTML or mjml's errors.
 */
import { parentPort } from 'node:worker_threads';
import mjml2html, { type MjmlError } from 'mjml';

export type CompileRequest = { id: number; source: string };
export type CompileReply = { id: number; html: string } | { id: number; errors: MjmlError[]; message: string };

parentPort!.on('message', async ({ id, source }: CompileRequest) => {
  let reply: CompileReply;
  try {
    const out = await mjml2html(source, {
      validationLevel: 'strict',
      ignoreIncludes: true,
      keepComments: false,
      fonts: {},
    });
    reply = { id, html: out.html };
  } catch (err) {
    const errors = (err as { errors?: MjmlError[] }).errors;
    // Only plain data crosses: line, message and tag of each error.
    const plain = Array.isArray(errors)
      ? errors.map((e) => ({ line: e.line, message: e.message, tagName: e.tagName }))
      : [];
    reply = { id, errors: plain, message: String((err as Error)?.message ?? err).split('\n')[0]! };
  }
  parentPort!.postMessage(reply);
});
