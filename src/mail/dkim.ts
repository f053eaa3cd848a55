/**
 * DKIM signing (RFC 6376: rsa-sha256, relaxed/relaxed) with the RSA operation on libuv's thread pool.
 * The private-key operation is most of what sending a message costs the process; signed through
 * crypto.sign's callback form it runs beside the event loop, on another core, instead of stopping
 * it for a millisecond or more a message.
 */
import { createHash, sign } from 'node:crypto';
import { promisify } from 'node:util';
import type { OutgoingMessage } from './types.ts';

const signOnPool = promisify(sign);

type DkimKey = NonNullable<OutgoingMessage['dkim']>;

/** The signature's b= value is folded into lines of at most 72 characters. */
const FOLD = /.{1,72}/g;

/**
 * `raw` with a DKIM-Signature field prepended, covering the body and the last unused instance of each
 * field named in `fieldNames` (colon-separated, as in h=) that the message has.
 */
export async function signDkim(raw: Buffer, key: DkimKey, fieldNames: string): Promise<Buffer> {
  // Line ends are CRLF on the wire; a part composed with bare LFs gets them there, so either counts.
  const text = raw.toString('latin1');
  const blank = /\r?\n\r?\n/.exec(text);
  const head = blank ? text.slice(0, blank.index) : text;
  const body = blank ? text.slice(blank.index + blank[0].length) : '';
  const bodyHash = createHash('sha256').update(relaxedBody(body), 'latin1').digest('base64');
  const fields = headerFields(head);
  const used = new Set<number>();
  const signed: string[] = [];
  const names: string[] = [];
  for (const name of fieldNames.split(':')) {
    const wanted = name.toLowerCase();
    for (let i = fields.length - 1; i >= 0; i--) {
      if (used.has(i) || fields[i]!.name !== wanted) continue;
      used.add(i);
      signed.push(relaxedField(fields[i]!.text));
      names.push(name);
      break;
    }
  }
  const tags =
    `v=1; a=rsa-sha256; c=relaxed/relaxed; d=${key.domainName}; q=dns/txt; s=${key.keySelector};` +
    ` bh=${bodyHash}; h=${names.join(':')}; b=`;
  // The signature covers the signed fields and then its own field with an empty b=, without a final CRLF.
  const data = signed.map((f) => `${f}\r\n`).join('') + relaxedField(`DKIM-Signature: ${tags}`);
  const b = (await signOnPool('sha256', Buffer.from(data, 'latin1'), key.privateKey)).toString('base64');
  const folded = b.match(FOLD)!.join('\r\n ');
  return Buffer.concat([Buffer.from(`DKIM-Signature: ${tags}${folded}\r\n`, 'latin1'), raw]);
}

/** The header block's fields in order: the lower-cased name and the field as written, folds included. */
function headerFields(head: string): { name: string; text: string }[] {
  const fields: { name: string; text: string }[] = [];
  for (const line of head.split(/\r?\n/)) {
    const last = fields[fields.length - 1];
    if (last && (line.startsWith(' ') || line.startsWith('\t'))) last.text += `\r\n${line}`;
    else fields.push({ name: line.slice(0, line.indexOf(':')).trim().toLowerCase(), text: line });
  }
  return fields;
}

/** Relaxed header canonicalization: lower-cased name, unfolded, runs of WSP as one space, none around the colon or at the end. */
function relaxedField(text: string): string {
  const colon = text.indexOf(':');
  const value = text
    .slice(colon + 1)
    .replace(/\r?\n/g, '')
    .replace(/[ \t]+/g, ' ')
    .trim();
  return `${text.slice(0, colon).trim().toLowerCase()}:${value}`;
}

/** Relaxed body canonicalization: runs of WSP as one space, none at a line's end, no empty lines at the end. */
function relaxedBody(body: string): string {
  const lines = body.split(/\r?\n/).map((line) => line.replace(/[ \t]+/g, ' ').replace(/ $/, ''));
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines.length === 0 ? '' : `${lines.join('\r\n')}\r\n`;
}
