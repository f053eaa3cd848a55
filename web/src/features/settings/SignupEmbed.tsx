/**
 * Where the sign-up form lives: the hosted form's address (copy, open) and the HTML snippet for a
 * static site, both from the saved settings: that is what the server answers.
 */
import { useQuery } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { Callout } from '../../components/Callout.tsx';
import { CodeBlock } from '../../components/CodeBlock.tsx';
import { CopyButton } from '../../components/CopyButton.tsx';
import { Card } from '../../components/Layout.tsx';
import { useProject } from '../../lib/project-context.tsx';
import { topicQueries } from '../../queries/topics.ts';
import type { SignupFormDraft } from './consent-draft.ts';
import { hostedFormUrl, signupSnippet } from './signup-snippet.ts';

export function SignupEmbed({ form, unsaved }: { form: SignupFormDraft; unsaved: boolean }) {
  const { t } = useTranslation();
  const project = useProject();
  const topics = useQuery(topicQueries.list(project));
  const url = hostedFormUrl(window.location.origin, project.projectId);
  const names = new Map((topics.data ?? []).map((t) => [t.id, t.name]));
  const snippet = signupSnippet({
    action: url,
    title: form.title,
    description: form.description,
    fields: form.fields,
    topics: form.topics.filter((id) => names.has(id)).map((id) => ({ id, name: names.get(id)! })),
  });
  return (
    <Card title={t('Put the form on your site')}>
      <div className="space-y-5 text-sm">
        {unsaved && (
          <Callout tone="warning">
            <p>{t('These show the saved settings. Save your changes to update them.')}</p>
          </Callout>
        )}
        <section aria-labelledby="hosted-form-address" className="space-y-1">
          <h3 id="hosted-form-address" className="font-medium text-slate-700">
            {t('Hosted form address')}
          </h3>
          {!form.enabled && (
            <p className="text-xs text-slate-500">{t('The form is off: this address answers 404 until it is on.')}</p>
          )}
          <div className="flex flex-wrap items-center gap-2">
            <code
              data-testid="hosted-form-url"
              className="min-w-0 break-all rounded bg-slate-50 px-2 py-1 text-xs text-slate-800 ring-1 ring-slate-200"
            >
              {url}
            </code>
            <CopyButton value={url} label={t('Copy address')} />
            <a
              href={url}
              target="_blank"
              rel="noreferrer"
              className="inline-flex items-center gap-1 text-xs font-medium text-brand-700 hover:underline"
            >
              {t('Open the form')}
              <ExternalLink className="size-3.5" aria-hidden />
            </a>
          </div>
        </section>
        <section aria-labelledby="signup-snippet" className="space-y-1">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 id="signup-snippet" className="font-medium text-slate-700">
              {t('HTML for your own page')}
            </h3>
            <CopyButton value={snippet} label={t('Copy HTML')} />
          </div>
          <p className="text-xs text-slate-500">
            <Trans
              i18nKey="A plain form that posts to the address above: it needs no script and no allowed origin. Style it as you like; keep the field names and the hidden <code>{field}</code> field (it catches bots)."
              values={{ field: 'website' }}
              components={{ code: <code /> }}
            />
          </p>
          <CodeBlock text={snippet} label={t('Sign-up form HTML')} />
        </section>
      </div>
    </Card>
  );
}
