/** The Overview's quick-start: a curl call to POST /v1/send for this project. */

export interface SnippetInput {
  /** The server's address, e.g. https://mail.example.com (no trailing slash needed). */
  baseUrl: string;
  from: string;
  to: string;
}

/** The environment variable the snippet reads the secret key from, so a pasted snippet holds no secret. */
export const KEY_VARIABLE = 'MAILWRIGHT_SECRET_KEY';

/** Single-quotes a value for a POSIX shell. */
function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** A ready-to-run curl command sending one email. */
export function curlSnippet({ baseUrl, from, to }: SnippetInput): string {
  const body = JSON.stringify(
    {
      from,
      to,
      subject: 'Hello from Mailwright',
      // i18n-ignore: a code sample, copied as it is into a terminal; code speaks English.
      body: '<p>It works! This email was sent through the API.</p>',
    },
    null,
    2,
  );
  return [
    `curl -X POST ${baseUrl.replace(/\/+$/, '')}/v1/send \\`,
    `  -H "Authorization: Bearer $${KEY_VARIABLE}" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -d ${shellQuote(body)}`,
  ].join('\n');
}

/** The secret key as the dashboard may show it: only its last characters are known. */
export function maskedKey(hint: string): string {
  return `sk_${'•'.repeat(12)}${hint}`;
}
