/** Adding people to a static segment by email, optionally creating the contacts it does not know. */
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { fieldError } from '../../api/client.ts';
import { Button } from '../../components/Button.tsx';
import { Checkbox, TextArea } from '../../components/Field.tsx';
import { Card } from '../../components/Layout.tsx';
import { FormError } from '../../components/States.tsx';
import { formatNumber, plural } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { contactQueries, fieldQueries } from '../../queries/contacts.ts';
import { type Segment, segmentQueries } from '../../queries/segments.ts';

export function AddMembers({ segment }: { segment: Segment }) {
  const { api, projectId } = useProject();
  const [text, setText] = useState('');
  const [createMissing, setCreateMissing] = useState(false);
  const emails = text
    .split(/[\s,;]+/)
    .map((e) => e.trim())
    .filter(Boolean);
  const add = useMutation({
    mutationFn: () => api.post('/segments/{id}/members', { path: { id: segment.id }, body: { emails, createMissing } }),
    // Contacts created here change the contact lists and field coverage too.
    meta: {
      invalidates: [segmentQueries.all(projectId), contactQueries.all(projectId), fieldQueries.all(projectId)],
      errorShownInline: true,
    },
    onSuccess: (r) => {
      const parts = [`${plural(r.added, 'member')} added`];
      if (r.created) parts.push(`${plural(r.created, 'contact')} created`);
      if (r.alreadyMembers) parts.push(`${formatNumber(r.alreadyMembers)} already in`);
      toast(parts.join(', '));
      // The addresses left out stay, to fix or to add with "create contacts".
      setText(r.notFound.join('\n'));
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (emails.length > 0) add.mutate();
  };
  const notFound = add.data?.notFound ?? [];
  return (
    <Card title="Add members">
      <form onSubmit={submit} noValidate className="space-y-3">
        <FormError error={add.error && !fieldError(add.error, 'emails') ? add.error : null} />
        <TextArea
          label="Email addresses"
          rows={3}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={'ann@example.com\nbob@example.com'}
          hint="One per line, or separated by commas. Up to 1,000 at a time."
          error={
            fieldError(add.error, 'emails') ??
            (notFound.length > 0
              ? `${plural(notFound.length, 'address', 'addresses')} had no contact and ${notFound.length === 1 ? 'was' : 'were'} left out.`
              : undefined)
          }
        />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Checkbox
            label="Create contacts for addresses not in the project yet"
            checked={createMissing}
            onChange={(e) => setCreateMissing(e.target.checked)}
          />
          <Button type="submit" loading={add.isPending} disabled={emails.length === 0}>
            {emails.length > 1 ? `Add ${formatNumber(emails.length)} members` : 'Add member'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
