/** One field: its type and coverage, the values contacts hold, what uses it, and removal. */
import { useQuery } from '@tanstack/react-query';
import { Filter, Megaphone, Trash2, Workflow } from 'lucide-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { CopyButton } from '../../components/CopyButton.tsx';
import { DetailScreen } from '../../components/DetailScreen.tsx';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { Badge, Card, PageHeader, Stat } from '../../components/Layout.tsx';
import { BackLink } from '../../components/Links.tsx';
import { ErrorState, Skeleton } from '../../components/States.tsx';
import { i18n } from '../../i18n/i18n.ts';
import { formatNumber, formatPercent } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { type FieldDescriptor, fieldMutations, fieldQueries, useForgetField } from '../../queries/contacts.ts';
import { useAction } from '../../queries/use-action.ts';
import { BulkJobStatus, bulkSummary, useBulkJob } from './BulkJobStatus.tsx';
import { displayValue } from './data-editor.ts';
import { coverageNote, shortName, TypeBadge } from './field-look.tsx';

const VALUES_LIMIT = 50;

export function FieldPage() {
  const { t } = useTranslation();
  const { field = '' } = useParams();
  const scope = useProject();
  // The field is one entry of the project's field list; null when the list has none of that name.
  const fields = useQuery({
    ...fieldQueries.list(scope),
    select: (list) => {
      const descriptor = list.fields.find((f) => f.field === field);
      return descriptor
        ? { descriptor, contacts: list.coverageInfo.contacts, note: coverageNote(list.coverageInfo) }
        : null;
    },
  });
  const [deleteJob, setDeleteJob] = useState<string>();

  if (deleteJob) return <Deleting field={field} jobId={deleteJob} />;
  return (
    <DetailScreen
      query={fields}
      back={{ to: scope.to('fields'), label: t('Fields') }}
      kind="field"
      skeleton={<FieldSkeleton />}
      missing={{
        title: t('No contact has a field called “{name}”', { name: shortName(field) }),
        description: t('It may have been deleted. A field comes back the next time a contact gets a value for it.'),
      }}
    >
      {(f) => <FieldView {...f} onDeleting={setDeleteJob} />}
    </DetailScreen>
  );
}

function FieldSkeleton() {
  return (
    <>
      <Skeleton className="mb-6 h-7 w-56" />
      <div className="mb-6 grid gap-4 sm:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-24 rounded-lg" />
        ))}
      </div>
      <Skeleton className="h-48 w-full rounded-lg" />
    </>
  );
}

function FieldView({
  descriptor,
  contacts,
  note,
  onDeleting,
}: {
  descriptor: FieldDescriptor;
  contacts: number;
  note: string;
  onDeleting: (jobId: string) => void;
}) {
  const { t } = useTranslation();
  const scope = useProject();
  const { to } = scope;
  const [confirm, setConfirm] = useState(false);
  const name = shortName(descriptor.field);
  const usage = useQuery(fieldQueries.usage(scope, descriptor.field));
  // The job that clears the key reports when it is done; Deleting refreshes what it changed then.
  const remove = useAction(fieldMutations.remove(scope, descriptor.field), {
    onSuccess: (res) => onDeleting(res.jobId),
    onError: () => setConfirm(false),
  });
  const users = usage.data ? usage.data.segments.length + usage.data.campaigns.length + usage.data.workflows.length : 0;
  const holders = Math.round(descriptor.coverage * contacts);
  const tag = `{{${name}}}`;

  return (
    <>
      <PageHeader
        title={name}
        description={
          descriptor.isCustom ? (
            <span className="inline-flex items-center gap-2">
              <Trans
                i18nKey="Custom field · in templates as <code>{tag}</code>"
                values={{ tag }}
                components={{ code: <code className="rounded bg-slate-100 px-1 font-mono text-xs text-slate-700" /> }}
              />
              <CopyButton value={tag} label={t('Copy tag')} />
            </span>
          ) : (
            t('Built-in field: every contact has it.')
          )
        }
        actions={
          descriptor.isCustom && (
            <Button
              variant="secondary"
              icon={<Trash2 className="size-4" aria-hidden />}
              onClick={() => setConfirm(true)}
            >
              {t('Delete field')}
            </Button>
          )
        }
      />

      <div className="mb-6 grid gap-4 sm:grid-cols-3">
        <Stat label={t('Type')} value={<TypeBadge type={descriptor.type} />} hint={typeHint(descriptor)} />
        <Stat label={t('Coverage')} value={formatPercent(descriptor.coverage)} hint={note} />
        <Stat
          label={t('Contacts with a value')}
          value={formatNumber(holders)}
          hint={t('of {count, plural, one {# contact} other {# contacts}}', { count: contacts })}
        />
      </div>

      <div className="grid gap-6 xl:grid-cols-2">
        {descriptor.isCustom && <ValuesCard field={descriptor.field} />}
        <Card title={t('Used by')}>
          {usage.isPending ? (
            <div role="status" aria-label={t('Loading usage')} className="space-y-2">
              <Skeleton className="h-5 w-2/3" />
              <Skeleton className="h-5 w-1/2" />
            </div>
          ) : usage.isError ? (
            <ErrorState error={usage.error} retry={() => usage.refetch()} />
          ) : users === 0 ? (
            <p className="text-sm text-slate-500">{t('No segment, campaign or workflow refers to this field.')}</p>
          ) : (
            <ul className="space-y-2 text-sm">
              {usage.data.segments.map((s) => (
                <UsageItem
                  key={`s-${s.id}`}
                  icon={Filter}
                  kind={t('Segment')}
                  name={s.name}
                  href={to('segments', s.id)}
                />
              ))}
              {usage.data.campaigns.map((c) => (
                <UsageItem
                  key={`c-${c.id}`}
                  icon={Megaphone}
                  kind={t('Campaign')}
                  name={c.name}
                  href={to('campaigns', c.id)}
                />
              ))}
              {usage.data.workflows.map((w) => (
                <UsageItem
                  key={`w-${w.id}`}
                  icon={Workflow}
                  kind={t('Workflow')}
                  name={w.name}
                  href={to('workflows', w.id)}
                />
              ))}
            </ul>
          )}
        </Card>
      </div>

      <ConfirmDialog
        open={confirm}
        onClose={() => setConfirm(false)}
        action={remove}
        title={t('Delete the field “{name}”?', { name })}
        confirmLabel={t('Delete field')}
      >
        <p>
          <Trans
            i18nKey="“{name}” is removed from {count, plural, one {# contact} other {# contacts}}. Templates that use <code>{tag}</code> will render it empty, or with their fallback."
            values={{ name, count: holders, tag }}
            components={{ code: <code /> }}
          />
        </p>
        {users > 0 && (
          <p className="mt-2 font-medium text-amber-800">
            {t(
              '{count, plural, one {# segment, campaign or workflow refer to it; their conditions on it will no longer match anyone.} other {# segments, campaigns or workflows refer to it; their conditions on it will no longer match anyone.}}',
              { count: users },
            )}
          </p>
        )}
        <p className="mt-2">{t('This cannot be undone.')}</p>
      </ConfirmDialog>
    </>
  );
}

function typeHint(f: FieldDescriptor): string {
  if (!f.isCustom) return i18n.t('Fixed');
  return i18n.t(
    'Set by the first value stored; {type, select, number {number} boolean {yes / no} date {date} other {text}} operators apply in segments.',
    { type: f.type },
  );
}

function UsageItem({
  icon: Icon,
  kind,
  name,
  href,
}: {
  icon: typeof Filter;
  kind: string;
  name: string;
  href: string;
}) {
  return (
    <li className="flex items-center gap-2">
      <Icon className="size-4 text-slate-400" aria-hidden />
      <Link to={href} className="font-medium text-brand-700 hover:underline">
        {name}
      </Link>
      <Badge>{kind}</Badge>
    </li>
  );
}

function ValuesCard({ field }: { field: string }) {
  const { t } = useTranslation();
  const values = useQuery(fieldQueries.values(useProject(), field, VALUES_LIMIT));
  return (
    <Card title={t('Most common values')}>
      {values.isPending ? (
        <div role="status" aria-label={t('Loading values')} className="flex flex-wrap gap-2">
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} className="h-6 w-20 rounded-full" />
          ))}
        </div>
      ) : values.isError ? (
        <ErrorState error={values.error} retry={() => values.refetch()} />
      ) : values.data.values.length === 0 ? (
        <p className="text-sm text-slate-500">{t('No contact holds a value for this field right now.')}</p>
      ) : (
        <>
          <ol aria-label={t('Values, most frequent first')} className="flex flex-wrap gap-1.5">
            {values.data.values.map((v) => (
              <li
                key={JSON.stringify(v)}
                className="max-w-full truncate rounded-full border border-slate-200 bg-slate-50 px-2.5 py-0.5 text-sm text-slate-700"
              >
                {displayValue(v)}
              </li>
            ))}
          </ol>
          <p className="mt-3 text-xs text-slate-500">
            {values.data.hasMore
              ? t(
                  'Most frequent first; the top {limit} shown, read from the newest {count, plural, one {# contact} other {# contacts}}.',
                  { limit: VALUES_LIMIT, count: values.data.sampleSize },
                )
              : t('Most frequent first, read from the newest {count, plural, one {# contact} other {# contacts}}.', {
                  count: values.data.sampleSize,
                })}
          </p>
        </>
      )}
    </Card>
  );
}

/** After the delete: the job clearing the key from contacts, then back to the list. */
function Deleting({ field, jobId }: { field: string; jobId: string }) {
  const { t } = useTranslation();
  const scope = useProject();
  const { to } = scope;
  const navigate = useNavigate();
  const forgetField = useForgetField(scope.projectId);
  useBulkJob(jobId, (job) => {
    if (job.status !== 'failed') forgetField(field);
    toast(
      job.status === 'failed' ? bulkSummary(job) : t('The field “{name}” was deleted.', { name: shortName(field) }),
      job.status === 'failed' ? 'error' : 'success',
    );
    navigate(to('fields'), { replace: true });
  });
  return (
    <>
      <BackLink to={to('fields')}>{t('Fields')}</BackLink>
      <PageHeader
        title={t('Deleting “{name}”', { name: shortName(field) })}
        description={t('Removing the field from every contact.')}
      />
      <BulkJobStatus jobId={jobId} onDismiss={() => navigate(to('fields'))} />
    </>
  );
}
