/** Picks a contact by email and starts an execution for them with an optional context; opens it. */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/Button.tsx';
import { TextArea, TextInput } from '../../../components/Field.tsx';
import { FormDialog } from '../../../forms/FormDialog.tsx';
import { useDraft } from '../../../forms/use-draft.ts';
import { useProject } from '../../../lib/project-context.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { contactQueries } from '../../../queries/contacts.ts';
import { executionMutations, type StartBody } from '../../../queries/executions.ts';
import { useAction } from '../../../queries/use-action.ts';
import { parseContext } from './start-context.ts';

type Contact = { id: string; email: string };

export function StartDialog({ workflowId, onClose }: { workflowId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const scope = useProject();
  const navigate = useNavigate();
  const save = useAction(executionMutations.start(scope, workflowId), {
    inline: true,
    onSuccess: (e) => navigate(scope.to('workflows', workflowId, 'executions', e.id)),
  });
  const d = useDraft<{ contact: Contact | null; context: string }, StartBody>(
    { contact: null, context: '' },
    {
      save,
      check: ({ contact, context }) => {
        const parsed = parseContext(context);
        return {
          contact: contact ? undefined : t('Choose a contact first.'),
          context: 'error' in parsed ? parsed.error : undefined,
        };
      },
      // The checks passed: the contact is chosen and the context parses.
      toBody: ({ contact, context }) => ({
        contactId: contact?.id ?? '',
        ...(parseContext(context) as Pick<StartBody, 'context'>),
      }),
      leaveMessage: t('This execution is not started yet. Leave and lose it?'),
    },
  );
  const { contact } = d.value;
  return (
    <FormDialog open onClose={onClose} title={t('Run for a contact')} submitLabel={t('Start execution')} draft={d}>
      {contact ? (
        <div className="flex items-center justify-between rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm">
          <span>
            <span className="text-slate-500">{t('Contact:')} </span>
            <span className="font-medium">{contact.email}</span>
          </span>
          <Button size="sm" variant="ghost" onClick={() => d.set({ contact: null })}>
            {t('Change')}
          </Button>
        </div>
      ) : (
        <ContactSearch
          onPick={(picked) => d.set({ contact: picked })}
          error={d.error('contact') ?? d.error('contactId', 'contact')}
        />
      )}
      <TextArea
        label={t('Context (optional JSON)')}
        rows={3}
        // i18n-ignore: JSON, as typed
        placeholder='{ "coupon": "WELCOME10" }'
        {...d.text('context')}
        hint={t('Available to conditions as {field} and to templates as {liquid}.', {
          field: 'workflow.<key>',
          liquid: '{{ workflow.<key> }}',
        })}
        className="font-mono text-xs"
      />
    </FormDialog>
  );
}

/** A search box with the first few contacts whose email matches, as buttons. */
function ContactSearch({ onPick, error }: { onPick: (c: Contact) => void; error?: string }) {
  const { t } = useTranslation();
  const project = useProject();
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim(), 200);
  const matches = useQuery({ ...contactQueries.list(project, { search: term, limit: 6 }), enabled: term.length >= 2 });
  return (
    <div>
      <TextInput
        label={t('Contact')}
        type="search"
        autoFocus
        placeholder={t('Search by email')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        error={error}
      />
      {term.length >= 2 && (
        <ul
          aria-label={t('Matching contacts')}
          className="mt-2 divide-y divide-slate-100 rounded-md border border-slate-200"
        >
          {matches.isPending && <li className="px-3 py-2 text-sm text-slate-500">{t('Searching…')}</li>}
          {matches.isError && <li className="px-3 py-2 text-sm text-red-700">{t('The search failed; try again.')}</li>}
          {matches.data?.data.length === 0 && (
            <li className="px-3 py-2 text-sm text-slate-500">{t('No contact matches.')}</li>
          )}
          {matches.data?.data.map((c) => (
            <li key={c.id}>
              <button
                type="button"
                onClick={() => onPick({ id: c.id, email: c.email })}
                className="w-full px-3 py-2 text-left text-sm hover:bg-brand-50"
              >
                {c.email}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
