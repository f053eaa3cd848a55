/** The HTML body editor: CodeMirror with HTML highlighting, tag completion and a readable label. */
import { html } from '@codemirror/lang-html';
import CodeMirror, { EditorView } from '@uiw/react-codemirror';
import { useMemo } from 'react';

export default function HtmlEditor({
  value,
  onChange,
  label,
  describedBy,
  invalid,
  height = '520px',
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  describedBy?: string;
  invalid?: boolean;
  height?: string;
}) {
  const extensions = useMemo(
    () => [
      html(),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({
        'aria-label': label,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
      }),
    ],
    [label, describedBy, invalid],
  );
  return (
    <CodeMirror
      value={value}
      onChange={onChange}
      extensions={extensions}
      height={height}
      basicSetup={{ foldGutter: false, highlightActiveLine: false }}
      className="overflow-hidden rounded-md border border-slate-300 text-[13px] shadow-sm focus-within:border-brand-500 focus-within:ring-2 focus-within:ring-brand-500/30"
    />
  );
}
