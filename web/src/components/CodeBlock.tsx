/**
 * Preformatted text in a box that scrolls inside itself (a payload, a response body). The box can
 * take focus, so keyboard users can scroll it too; `label` is its tooltip.
 */
export function CodeBlock({ text, label, short }: { text: string; label: string; short?: boolean }) {
  return (
    <pre
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must be reachable by keyboard.
      tabIndex={0}
      title={label}
      className={`${short ? 'max-h-32' : 'max-h-64'} overflow-auto whitespace-pre-wrap break-all rounded-md bg-slate-50 p-3 font-mono text-xs leading-relaxed text-slate-700 ring-1 ring-slate-200`}
    >
      {text}
    </pre>
  );
}

/** A value as indented JSON in a CodeBlock (a string that holds JSON is shown parsed). */
export function JsonBlock({ value, label }: { value: unknown; label: string }) {
  return <CodeBlock label={label} text={prettyJson(value)} />;
}

function prettyJson(value: unknown): string {
  if (typeof value === 'string') {
    try {
      return JSON.stringify(JSON.parse(value), null, 2);
    } catch {
      return value;
    }
  }
  return JSON.stringify(value, null, 2);
}
