/** Adding people to a static segment by email, optionally creating the contacts it does not know. */
import { Button } from '../../components/Button.tsx';
import { Checkbox, TextArea } from '../../components/Field.tsx';
import { Card } from '../../components/Layout.tsx';
import { FormError } from '../../components/States.tsx';
import { useDraft } from '../../forms/use-draft.ts';
import { formatNumber, plural } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { type Segment, segmentMutations } from '../../queries/segments.ts';
import { useAction } from '../../queries/use-action.ts';

function emailsIn(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((e) => e.trim())
    .filter(Boolean);
}

export function AddMembers({ segment }: { segment: Segment }) {
  const add = useAction(segmentMutations.addMembers(useProject(), segment.id), {
    inline: true,
    onSuccess: (r) => {
      const parts = [`${plural(r.added, 'member')} added`];
      if (r.created) parts.push(`${plural(r.created, 'contact')} created`);
      if (r.alreadyMembers) parts.push(`${formatNumber(r.alreadyMembers)} already in`);
      toast(parts.join(', '));
    },
  });
  const notFound = add.data?.notFound ?? [];
  // What is left after an add: the addresses that had no contact stay, to fix or to add with
  // "create contacts" (the form returns to these after a save); anything typed since is unsaved.
  const d = useDraft(
    { text: notFound.join('\n'), createMissing: add.variables?.createMissing ?? false },
    {
      save: add,
      toBody: ({ text, createMissing }) => ({ emails: emailsIn(text), createMissing }),
      check: ({ text }) => ({ emails: emailsIn(text).length === 0 ? 'Type at least one address.' : undefined }),
      leaveMessage: 'These addresses are not added yet. Leave and lose them?',
    },
  );
  const emails = emailsIn(d.value.text);
  return (
    <Card title="Add members">
      <form onSubmit={d.submit} noValidate className="space-y-3">
        <FormError error={d.formError} />
        <TextArea
          label="Email addresses"
          rows={3}
          placeholder={'ann@example.com\nbob@example.com'}
          hint="One per line, or separated by commas. Up to 1,000 at a time."
          {...d.text('text', 'emails')}
          error={
            d.error('emails', 'text') ??
            (notFound.length > 0
              ? `${plural(notFound.length, 'address', 'addresses')} had no contact and ${notFound.length === 1 ? 'was' : 'were'} left out.`
              : undefined)
          }
        />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Checkbox label="Create contacts for addresses not in the project yet" {...d.checkbox('createMissing')} />
          <Button type="submit" loading={d.saving} disabled={emails.length === 0}>
            {emails.length > 1 ? `Add ${formatNumber(emails.length)} members` : 'Add member'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
