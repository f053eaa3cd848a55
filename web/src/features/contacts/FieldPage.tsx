/** One field: its type and coverage, the values contacts hold, what uses it, and removal. */
import { useQuery } from '@tanstack/react-query';
import { Filter, Megaphone, Trash2, Workflow } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { CopyButton } from '../../components/CopyButton.tsx';
import { DetailScreen } from '../../components/DetailScreen.tsx';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { Badge, Card, PageHeader, Stat } from '../../components/Layout.tsx';
import { BackLink } from '../../components/Links.tsx';
import { ErrorState, Skeleton } from '../../components/States.tsx';
import { formatNumber, formatPercent, plural } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { type FieldDescriptor, fieldMutations, fieldQueries, useForgetField } from '../../queries/contacts.ts';
import { useAction } from '../../queries/use-action.ts';
import { BulkJobStatus, bulkSummary, useBulkJob } from './BulkJobStatus.tsx';
import { displayValue } from './data-editor.ts';
import { coverageNote, shortName, TYPE_LOOK, TypeBadge } from './field-look.tsx';

const VALUES_LIMIT = 50;

export function FieldPage() {
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
      back={{ to: scope.to('fields'), label: 'Fields' }}
      noun="field"
      skeleton={<FieldSkeleton />}
      missing={{
        title: `No contact has a field called “${shortName(field)}”`,
        description: 'It may have been deleted. A field comes back the next time a contact gets a value for it.',
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

  return (
    <>
      <PageHeader
        title={name}
        description={
          descriptor.isCustom ? (
            <span className="inline-flex items-center gap-2">
              Custom field · in templates as{' '}
              <code className="rounded bg-slate-100 px-1 font-mono text-xs text-slate-700">{`{{${name}}}`}</code>
              <CopyButton value={`{{${name}}}`} label="Copy tag" />
            </span>
          ) : (
            'Built-in field: every contact has it.'
          )
        }
        actions={
          descriptor.isCustom && (
            <Button
              variant="secondary"
              icon={<Trash2 className="size-4" aria-hidden />}
              onClick={() => setConfirm(true)}
            >
              Delete field
            </Button>
          )
        }
      />

      <div className="mb-6 grid gap-4 sm:grid-cols-3">
        <Stat label="Type" value={<TypeBadge type={descriptor.type} />} hint={typeHint(descriptor)} />
        <Stat label="Coverage" value={formatPercent(descriptor.coverage)} hint={note} />
        <Stat
          label="Contacts with a value"
          value={formatNumber(Math.round(descriptor.coverage * contacts))}
          hint={`of ${plural(contacts, 'contact')}`}
        />
      </div>

      <div className="grid gap-6 xl:grid-cols-2">
        {descriptor.isCustom && <ValuesCard field={descriptor.field} />}
        <Card title="Used by">
          {usage.isPending ? (
            <div role="status" aria-label="Loading usage" className="space-y-2">
              <Skeleton className="h-5 w-2/3" />
              <Skeleton className="h-5 w-1/2" />
            </div>
          ) : usage.isError ? (
            <ErrorState error={usage.error} retry={() => usage.refetch()} />
          ) : users === 0 ? (
            <p className="text-sm text-slate-500">No segment, campaign or workflow refers to this field.</p>
          ) : (
            <ul className="space-y-2 text-sm">
              {usage.data.segments.map((s) => (
                <UsageItem key={`s-${s.id}`} icon={Filter} kind="Segment" name={s.name} href={to('segments', s.id)} />
              ))}
              {usage.data.campaigns.map((c) => (
                <UsageItem
                  key={`c-${c.id}`}
                  icon={Megaphone}
                  kind="Campaign"
                  name={c.name}
                  href={to('campaigns', c.id)}
                />
              ))}
              {usage.data.workflows.map((w) => (
                <UsageItem
                  key={`w-${w.id}`}
                  icon={Workflow}
                  kind="Workflow"
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
        title={`Delete the field “${name}”?`}
        confirmLabel="Delete field"
      >
        <p>
          “{name}” is removed from {plural(Math.round(descriptor.coverage * contacts), 'contact')}. Templates that use{' '}
          <code>{`{{${name}}}`}</code> will render it empty, or with their fallback.
        </p>
        {users > 0 && (
          <p className="mt-2 font-medium text-amber-800">
            {plural(users, 'segment, campaign or workflow', 'segments, campaigns or workflows')} refer to it; their
            conditions on it will no longer match anyone.
          </p>
        )}
        <p className="mt-2">This cannot be undone.</p>
      </ConfirmDialog>
    </>
  );
}

function typeHint(f: FieldDescriptor): string {
  if (!f.isCustom) return 'Fixed';
  return `Set by the first value stored; ${TYPE_LOOK[f.type].label.toLowerCase()} operators apply in segments.`;
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
  const values = useQuery(fieldQueries.values(useProject(), field, VALUES_LIMIT));
  return (
    <Card title="Most common values">
      {values.isPending ? (
        <div role="status" aria-label="Loading values" className="flex flex-wrap gap-2">
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} className="h-6 w-20 rounded-full" />
          ))}
        </div>
      ) : values.isError ? (
        <ErrorState error={values.error} retry={() => values.refetch()} />
      ) : values.data.values.length === 0 ? (
        <p className="text-sm text-slate-500">No contact holds a value for this field right now.</p>
      ) : (
        <>
          <ol aria-label="Values, most frequent first" className="flex flex-wrap gap-1.5">
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
            Most frequent first
            {values.data.hasMore ? `; the top ${VALUES_LIMIT} shown` : ''}, read from the newest{' '}
            {formatNumber(values.data.sampleSize)} contacts.
          </p>
        </>
      )}
    </Card>
  );
}

/** After the delete: the job clearing the key from contacts, then back to the list. */
function Deleting({ field, jobId }: { field: string; jobId: string }) {
  const scope = useProject();
  const { to } = scope;
  const navigate = useNavigate();
  const forgetField = useForgetField(scope.projectId);
  useBulkJob(jobId, (job) => {
    if (job.status !== 'failed') forgetField(field);
    toast(
      job.status === 'failed' ? bulkSummary(job) : `The field “${shortName(field)}” was deleted.`,
      job.status === 'failed' ? 'error' : 'success',
    );
    navigate(to('fields'), { replace: true });
  });
  return (
    <>
      <BackLink to={to('fields')}>Fields</BackLink>
      <PageHeader title={`Deleting “${shortName(field)}”`} description="Removing the field from every contact." />
      <BulkJobStatus jobId={jobId} onDismiss={() => navigate(to('fields'))} />
    </>
  );
}
