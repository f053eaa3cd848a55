/**
 * The preview of an MJML or block email, rendered by the server (POST /templates/preview) as it
 * would be sent: MJML compiled, Liquid filled from the sample data. Asked again once the content has
 * stopped changing for a moment; the last rendering stays while the next one comes, and a refusal
 * (bad MJML, a bad block) shows above it.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ApiError, errorMessage } from '../api/client.ts';
import { PreviewFrame, type PreviewWidth } from '../components/PreviewFrame.tsx';
import { useProject } from '../lib/project-context.tsx';
import { useDebouncedValue } from '../lib/use-debounced-value.ts';
import { type PreviewBody, templateQueries } from '../queries/templates.ts';

const DEBOUNCE_MS = 400;

/** The refusal in words: the API's field messages when it named fields, else its message. */
function problemText(error: unknown): string {
  if (error instanceof ApiError && error.errors.length > 0) {
    return error.errors.map((e) => (e.field ? `${e.field}: ${e.message}` : e.message)).join('; ');
  }
  return errorMessage(error);
}

export function ServerPreview({
  body,
  from,
  fromName,
  height = 560,
  title,
  width,
  onWidth,
}: {
  body: PreviewBody;
  from: string;
  fromName: string;
  height?: number;
  title?: string;
  width?: PreviewWidth;
  onWidth?: (width: PreviewWidth) => void;
}) {
  // By value: the caller builds a new body on every render, and only a change of content should wait.
  const settledText = useDebouncedValue(JSON.stringify(body), DEBOUNCE_MS);
  const settled = useMemo(() => JSON.parse(settledText) as PreviewBody, [settledText]);
  const preview = useQuery(templateQueries.preview(useProject(), settled));
  const data = preview.data;
  return (
    <PreviewFrame
      subject={data?.subject}
      html={data?.html}
      version={preview.dataUpdatedAt}
      from={from}
      fromName={fromName}
      error={preview.isError ? problemText(preview.error) : undefined}
      height={height}
      title={title}
      width={width}
      onWidth={onWidth}
    />
  );
}
