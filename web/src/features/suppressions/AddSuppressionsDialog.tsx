/**
 * Adding MANUAL rules: addresses and `*@domain` patterns one a line, a note, and a day they lapse.
 * The API adds all or nothing; each entry it refuses is shown with the line it was typed on.
 */
import { useTranslation } from 'react-i18next';
import { TextArea, TextInput } from '../../components/Field.tsx';
import { FormDialog } from '../../forms/FormDialog.tsx';
import { useDraft } from '../../forms/use-draft.ts';
import { i18n } from '../../i18n/i18n.ts';
import { localDayStart } from '../../lib/days.ts';
import { formatNumber } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { toast } from '../../lib/toasts.ts';
import { type NewSuppressions, suppressionMutations } from '../../queries/suppressions.ts';
import { useAction } from '../../queries/use-action.ts';
import { entryCount, type LineError, lineErrors, MAX_ENTRIES, parseEntries } from './entries.ts';

interface Draft {
  entries: string;
  note: string;
  /** A local day (YYYY-MM-DD) or ''. */
  expires: string;
}

const BLANK: Draft = { entries: '', note: '', expires: '' };

function toBody(draft: Draft): NewSuppressions {
  const { addresses, domains } = parseEntries(draft.entries);
  return {
    ...(addresses.length > 0 ? { addresses } : {}),
    ...(domains.length > 0 ? { domains } : {}),
    ...(draft.note.trim() ? { note: draft.note.trim() } : {}),
    ...(draft.expires ? { expiresAt: localDayStart(draft.expires) } : {}),
  };
}

function check(draft: Draft): Partial<Record<string, string>> {
  const count = entryCount(parseEntries(draft.entries));
  if (count === 0) return { entries: i18n.t('Enter at least one address or domain.') };
  if (count > MAX_ENTRIES) {
    return {
      entries: i18n.t('That is {count}; at most {max} at a time. Import a CSV file for more.', {
        count: formatNumber(count),
        max: formatNumber(MAX_ENTRIES),
      }),
    };
  }
  return {};
}

// The API's messages about an entry start with a verb ("is not a valid email address…"), in English.
const lineText = (e: LineError) =>
  i18n.t('Line {line}: “{entry}” {message}', { line: e.line, entry: e.entry, message: e.message });

/** Tomorrow as a date input's value: the earliest day a rule may lapse (it must lapse in the future). */
function tomorrow(): string {
  const now = new Date();
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export function AddSuppressionsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const save = useAction(suppressionMutations.create(useProject()), {
    inline: true,
    onSuccess: (_answer, body) => {
      const count = (body.addresses?.length ?? 0) + (body.domains?.length ?? 0);
      toast(t('Suppressed {count, plural, one {# address or domain} other {# addresses and domains}}.', { count }));
      onClose();
    },
  });
  const d = useDraft(BLANK, { save, toBody, check, fields: ['note', 'expiresAt'] });
  const parsed = parseEntries(d.value.entries);
  // The API's refusals of entries, while the entries are as they were sent.
  const refusedApi = d.error('addresses', 'entries') ?? d.error('domains', 'entries');
  const refused = refusedApi ? lineErrors(save.error, parsed) : [];
  const entriesError =
    d.error('entries') ??
    (refused.length === 1
      ? lineText(refused[0]!)
      : refused.length > 1
        ? t(
            '{count, plural, one {# line was refused, so nothing was added:} other {# lines were refused, so nothing was added:}}',
            { count: refused.length },
          )
        : refusedApi);
  const count = entryCount(parsed);

  return (
    <FormDialog open onClose={onClose} title={t('Add suppressions')} submitLabel={t('Add suppressions')} draft={d}>
      <div>
        <TextArea
          label={t('Addresses and domains')}
          autoFocus
          rows={6}
          spellCheck={false}
          // i18n-ignore: example entries, the same in every language
          placeholder={'ann@example.com\n*@example.org'}
          className="font-mono"
          value={d.value.entries}
          onChange={(e) => d.set({ entries: e.target.value })}
          error={entriesError}
          hint={
            count > 0
              ? t(
                  '{count, plural, one {# entry} other {# entries}}. One a line: an address, or *@domain for every address at a domain.',
                  { count },
                )
              : t('One a line: an address, or *@domain for every address at a domain.')
          }
        />
        {refused.length > 1 && (
          <ul className="mt-1 list-disc space-y-0.5 pl-5 text-xs text-red-600">
            {refused.map((e) => (
              <li key={`${e.line}-${e.entry}`}>{lineText(e)}</li>
            ))}
          </ul>
        )}
      </div>
      <TextInput
        label={t('Note (optional)')}
        maxLength={500}
        placeholder={t('Why, for your team')}
        {...d.text('note')}
      />
      <TextInput
        label={t('Expires on (optional)')}
        type="date"
        min={tomorrow()}
        hint={t('Mail is held until this day starts. Leave empty to keep the rule until it is deleted.')}
        {...d.text('expires', 'expiresAt')}
      />
    </FormDialog>
  );
}
