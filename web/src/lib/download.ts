/** Saving what the API answered as a file (a raw message, a contact's data export). */

/** Hands `blob` to the browser as a download named `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // The download has started by then; the URL only keeps the blob alive.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The file name a Content-Disposition header gives (`filename*=UTF-8''…` first), else `fallback`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (extended) {
    try {
      return safeName(decodeURIComponent(extended[1]!.trim()), fallback);
    } catch {
      // A malformed escape: fall through to the plain parameter.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/.exec(disposition);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2];
  return name ? safeName(name, fallback) : fallback;
}

/** No folders in a suggested name: the part after the last slash, or `fallback` when empty. */
function safeName(name: string, fallback: string): string {
  return name.split(/[/\\]/).pop()?.trim() || fallback;
}
