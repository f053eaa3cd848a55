/** Adding people to a static segment by email, optionally creating the contacts it does not know. */
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { Checkbox, TextArea } from '../../components/Field.tsx';
import { Card } from '../../components/Layout.tsx';
import { FormError } from '../../components/States.tsx';
import { useDraft } from '../../forms/use-draft.ts';
import { i18n } from '../../i18n/i18n.ts';
import { formatNumber } from '../../lib/format.ts';
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

/** What an add did, in one line: "3 members added, 1 contact created, 2 already in". */
function addedText(r: { added: number; created?: number; alreadyMembers?: number }): string {
  const parts = [i18n.t('{count, plural, one {# member added} other {# members added}}', { count: r.added })];
  if (r.created) {
    parts.push(i18n.t('{count, plural, one {# contact created} other {# contacts created}}', { count: r.created }));
  }
  if (r.alreadyMembers) parts.push(i18n.t('{count} already in', { count: formatNumber(r.alreadyMembers) }));
  return parts.join(', ');
}

export function AddMembers({ segment }: { segment: Segment }) {
  const { t } = useTranslation();
  const add = useAction(segmentMutations.addMembers(useProject(), segment.id), {
    inline: true,
    onSuccess: (r) => toast(addedText(r)),
  });
  const notFound = add.data?.notFound ?? [];
  // What is left after an add: the addresses that had no contact stay, to fix or to add with
  // "create contacts" (the form returns to these after a save); anything typed since is unsaved.
  const d = useDraft(
    { text: notFound.join('\n'), createMissing: add.variables?.createMissing ?? false },
    {
      save: add,
      toBody: ({ text, createMissing }) => ({ emails: emailsIn(text), createMissing }),
      check: ({ text }) => ({ emails: emailsIn(text).length === 0 ? t('Type at least one address.') : undefined }),
      leaveMessage: t('These addresses are not added yet. Leave and lose them?'),
    },
  );
  const emails = emailsIn(d.value.text);
  return (
    <Card title={t('Add members')}>
      <form onSubmit={d.submit} noValidate className="space-y-3">
        <FormError error={d.formError} />
        <TextArea
          label={t('Email addresses')}
          rows={3}
          placeholder={'ann@example.com\nbob@example.com'} // i18n-ignore: example addresses.
          hint={t('One per line, or separated by commas. Up to {max} at a time.', { max: formatNumber(1000) })}
          {...d.text('text', 'emails')}
          error={
            d.error('emails', 'text') ??
            (notFound.length > 0
              ? t(
                  '{count, plural, one {# address had no contact and was left out.} other {# addresses had no contact and were left out.}}',
                  { count: notFound.length },
                )
              : undefined)
          }
        />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Checkbox
            label={t('Create contacts for addresses not in the project yet')}
            {...d.checkbox('createMissing')}
          />
          <Button type="submit" loading={d.saving} disabled={emails.length === 0}>
            {emails.length > 1
              ? t('Add {count, plural, one {# member} other {# members}}', { count: emails.length })
              : t('Add member')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
