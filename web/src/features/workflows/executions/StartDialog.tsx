/** Picks a contact by email and starts an execution for them with an optional context; opens it. */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { fieldError } from '../../../api/client.ts';
import { Button } from '../../../components/Button.tsx';
import { TextArea, TextInput } from '../../../components/Field.tsx';
import { FormDialog } from '../../../forms/FormDialog.tsx';
import { useProject } from '../../../lib/project-context.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { contactQueries } from '../../../queries/contacts.ts';
import { executionChanges } from '../../../queries/executions.ts';
import { parseContext } from './start-context.ts';

type Contact = { id: string; email: string };

export function StartDialog({ workflowId, onClose }: { workflowId: string; onClose: () => void }) {
  const { api, projectId, to } = useProject();
  const navigate = useNavigate();
  const [contact, setContact] = useState<Contact | null>(null);
  const [context, setContext] = useState('');
  const [localError, setLocalError] = useState<{ field: 'contact' | 'context'; message: string } | null>(null);
  const start = useMutation({
    mutationFn: (body: { contactId: string; context?: Record<string, unknown> }) =>
      api.post('/workflows/{id}/executions', { path: { id: workflowId }, body }),
    onSuccess: (e) => navigate(to('workflows', workflowId, 'executions', e.id)),
    meta: { invalidates: executionChanges(projectId), errorShownInline: true },
  });
  const submit = () => {
    setLocalError(null);
    if (!contact) return setLocalError({ field: 'contact', message: 'Choose a contact first.' });
    const parsed = parseContext(context);
    if ('error' in parsed) return setLocalError({ field: 'context', message: parsed.error });
    start.mutate({ contactId: contact.id, ...parsed });
  };
  const contextError = localError?.field === 'context' ? localError.message : fieldError(start.error, 'context');
  return (
    <FormDialog
      open
      onClose={onClose}
      title="Run for a contact"
      submitLabel="Start execution"
      onSubmit={submit}
      busy={start.isPending}
      error={start.error && !fieldError(start.error, 'context') ? start.error : null}
    >
      {contact ? (
        <div className="flex items-center justify-between rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm">
          <span>
            <span className="text-slate-500">Contact: </span>
            <span className="font-medium">{contact.email}</span>
          </span>
          <Button size="sm" variant="ghost" onClick={() => setContact(null)}>
            Change
          </Button>
        </div>
      ) : (
        <ContactSearch onPick={setContact} error={localError?.field === 'contact' ? localError.message : undefined} />
      )}
      <TextArea
        label="Context (optional JSON)"
        rows={3}
        value={context}
        placeholder='{ "coupon": "WELCOME10" }'
        onChange={(e) => setContext(e.target.value)}
        error={contextError}
        hint="Available to conditions as workflow.<key> and to templates as {{ workflow.<key> }}."
        className="font-mono text-xs"
      />
    </FormDialog>
  );
}

/** A search box with the first few contacts whose email matches, as buttons. */
function ContactSearch({ onPick, error }: { onPick: (c: Contact) => void; error?: string }) {
  const project = useProject();
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim(), 200);
  const matches = useQuery({ ...contactQueries.list(project, { search: term, limit: 6 }), enabled: term.length >= 2 });
  return (
    <div>
      <TextInput
        label="Contact"
        type="search"
        autoFocus
        placeholder="Search by email"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        error={error}
      />
      {term.length >= 2 && (
        <ul
          aria-label="Matching contacts"
          className="mt-2 divide-y divide-slate-100 rounded-md border border-slate-200"
        >
          {matches.isPending && <li className="px-3 py-2 text-sm text-slate-500">Searching…</li>}
          {matches.isError && <li className="px-3 py-2 text-sm text-red-700">The search failed; try again.</li>}
          {matches.data?.data.length === 0 && <li className="px-3 py-2 text-sm text-slate-500">No contact matches.</li>}
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
