/**
 * A template's draft: who saved it and when, that sends still use the published version, and
 * Publish (saving pending changes to the draft first) or Discard. And the notice of a conflict: a
 * save based on an older version than the template's is refused (409 VERSION_CONFLICT, naming who
 * saved the newer one); reloading shows theirs, and the changes here are lost.
 */
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../api/client.ts';
import { Button } from '../../components/Button.tsx';
import { Callout } from '../../components/Callout.tsx';
import { RelativeTime } from '../../components/RelativeTime.tsx';
import { FormError } from '../../components/States.tsx';
import type { DraftControls } from '../../forms/use-draft.ts';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { type Template, templateMutations, templateQueries } from '../../queries/templates.ts';
import { useAction } from '../../queries/use-action.ts';

/** Whether the API's refusal is a stale edit (someone saved a newer version meanwhile). */
export function isConflict(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === 'VERSION_CONFLICT';
}

/** Who saved, in words: a member's address, or the project's secret key. */
export function authorName(author: { type: string; email: string | null } | null | undefined): string {
  if (!author) return 'someone';
  return author.type === 'KEY' ? 'the API key' : (author.email ?? 'a former member');
}

export function DraftBar({
  template,
  d,
  onSaveDraftFirst,
}: {
  template: Template;
  d: DraftControls & { saveFirst: () => Promise<'saved' | 'checks' | 'refused'> };
  /** Makes the form's next save a draft save (before publishing what is on screen). */
  onSaveDraftFirst: () => void;
}) {
  const scope = useProject();
  const publish = useAction(templateMutations.publish(scope, template.id), {
    inline: true,
    onSuccess: (t) => toast(`Published as version ${t.version}`),
  });
  const discard = useAction(templateMutations.discardDraft(scope, template.id), {
    inline: true,
    onSuccess: () => {
      // Changes on screen were the draft's: they go with it. A form without any follows by itself.
      if (d.dirty) d.reset();
      toast('Draft discarded');
    },
  });
  const draft = template.draft;
  if (!draft) return null;
  const onPublish = async () => {
    if (d.dirty) {
      onSaveDraftFirst();
      if ((await d.saveFirst()) !== 'saved') return;
    }
    publish.mutate(template.version);
  };
  const error = publish.error ?? discard.error;
  return (
    <Callout tone="info" title="This template has an unpublished draft.">
      <p>
        Saved <RelativeTime iso={draft.updatedAt} /> by {authorName(draft.updatedBy)}. Sends use version{' '}
        {template.version} until the draft is published.
      </p>
      <div className="flex flex-wrap gap-2 pt-1">
        <Button size="sm" loading={publish.isPending} onClick={onPublish}>
          Publish draft
        </Button>
        <Button size="sm" variant="secondary" loading={discard.isPending} onClick={() => discard.mutate()}>
          Discard draft
        </Button>
      </div>
      {isConflict(error) ? (
        <VersionConflict error={error} templateId={template.id} onReload={d.reset} />
      ) : (
        <FormError error={error} />
      )}
    </Callout>
  );
}

export function VersionConflict({
  error,
  templateId,
  onReload,
}: {
  error: ApiError;
  templateId: string;
  /** Drops the changes on screen, once the newer version is in. */
  onReload: () => void;
}) {
  const template = useQuery({ ...templateQueries.one(useProject(), templateId), enabled: false });
  return (
    <Callout tone="warning" role="alert" title="Someone saved a newer version.">
      <p>{error.message}</p>
      <p>Reload to see it; your changes here are then lost (copy what you need first).</p>
      <Button
        size="sm"
        variant="secondary"
        loading={template.isFetching}
        onClick={async () => {
          await template.refetch();
          onReload();
        }}
      >
        Reload the template
      </Button>
    </Callout>
  );
}
