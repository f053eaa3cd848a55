/**
 * A template's draft: who saved it and when, that sends still use the published version, and
 * Publish (saving pending changes to the draft first) or Discard. And the notice of a conflict: a
 * save based on an older version than the template's is refused (409 VERSION_CONFLICT, naming who
 * saved the newer one); reloading shows theirs, and the changes here are lost.
 */
import { useQuery } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { Button } from '../../components/Button.tsx';
import { Callout } from '../../components/Callout.tsx';
import { RelativeTime } from '../../components/RelativeTime.tsx';
import { FormError } from '../../components/States.tsx';
import type { DraftControls } from '../../forms/use-draft.ts';
import { i18n } from '../../i18n/i18n.ts';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { type Template, templateMutations, templateQueries } from '../../queries/templates.ts';
import { useAction } from '../../queries/use-action.ts';

/** Whether the API's refusal is a stale edit (someone saved a newer version meanwhile). */
export function isConflict(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === 'VERSION_CONFLICT';
}

type Author = { type: string; email: string | null } | null | undefined;

/** Who saved, in words: a member's address, or the project's secret key. */
export function authorName(author: Author): string {
  if (!author) return i18n.t('someone');
  return author.type === 'KEY' ? i18n.t('the API key') : (author.email ?? i18n.t('a former member'));
}

/** Who saved, as a `select` argument of a sentence (the words around a name differ by kind in some languages). */
function authorKind(author: Author): 'nobody' | 'key' | 'former' | 'member' {
  if (!author) return 'nobody';
  if (author.type === 'KEY') return 'key';
  return author.email ? 'member' : 'former';
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
  const { t } = useTranslation();
  const scope = useProject();
  const publish = useAction(templateMutations.publish(scope, template.id), {
    inline: true,
    onSuccess: (published) => toast(t('Published as version {version}', { version: published.version })),
  });
  const discard = useAction(templateMutations.discardDraft(scope, template.id), {
    inline: true,
    onSuccess: () => {
      // Changes on screen were the draft's: they go with it. A form without any follows by itself.
      if (d.dirty) d.reset();
      toast(t('Draft discarded'));
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
    <Callout tone="info" title={t('This template has an unpublished draft.')}>
      <p>
        <Trans
          i18nKey="Saved <time></time> by {kind, select, nobody {someone} key {the API key} former {a former member} other {{email}}}. Sends use version {version} until the draft is published."
          values={{
            kind: authorKind(draft.updatedBy),
            email: draft.updatedBy?.email ?? '',
            version: template.version,
          }}
          components={{ time: <RelativeTime iso={draft.updatedAt} /> }}
        />
      </p>
      <div className="flex flex-wrap gap-2 pt-1">
        <Button size="sm" loading={publish.isPending} onClick={onPublish}>
          {t('Publish draft')}
        </Button>
        <Button size="sm" variant="secondary" loading={discard.isPending} onClick={() => discard.mutate()}>
          {t('Discard draft')}
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
  const { t } = useTranslation();
  const template = useQuery({ ...templateQueries.one(useProject(), templateId), enabled: false });
  return (
    <Callout tone="warning" role="alert" title={t('Someone saved a newer version.')}>
      <p>{error.message}</p>
      <p>{t('Reload to see it; your changes here are then lost (copy what you need first).')}</p>
      <Button
        size="sm"
        variant="secondary"
        loading={template.isFetching}
        onClick={async () => {
          await template.refetch();
          onReload();
        }}
      >
        {t('Reload the template')}
      </Button>
    </Callout>
  );
}
