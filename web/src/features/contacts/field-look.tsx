/** How a field shows on the fields screens: its type as a badge, its short name, its coverage. */
import { Calendar, Hash, ToggleLeft, Type } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../i18n/i18n.ts';
import { msg } from '../../i18n/msg.ts';
import { formatNumber, formatPercent, formatRelative } from '../../lib/format.ts';
import type { FieldDescriptor, FieldList } from '../../queries/contacts.ts';

/** Each field type's name (an English message, translated where shown) and icon. */
export const TYPE_LOOK = {
  string: { label: msg('Text'), icon: Type },
  number: { label: msg('Number'), icon: Hash },
  boolean: { label: msg('Yes / No'), icon: ToggleLeft },
  date: { label: msg('Date'), icon: Calendar },
} as const;

export function TypeBadge({ type }: { type: FieldDescriptor['type'] }) {
  const { t } = useTranslation();
  const look = TYPE_LOOK[type];
  const Icon = look.icon;
  return (
    <span className="inline-flex items-center gap-1 rounded-md bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-700">
      <Icon className="size-3.5" aria-hidden />
      {t(look.label)}
    </span>
  );
}

/** The field's name as people use it: `plan` for `data.plan`. */
export function shortName(field: string): string {
  return field.replace(/^data\./, '');
}

export function Coverage({ ratio, contacts }: { ratio: number; contacts: number }) {
  const { t } = useTranslation();
  const count = Math.round(ratio * contacts);
  return (
    <div className="flex items-center gap-3">
      <div className="h-1.5 w-24 shrink-0 overflow-hidden rounded-full bg-slate-100" aria-hidden>
        <div className="h-full rounded-full bg-brand-500" style={{ width: `${Math.round(ratio * 100)}%` }} />
      </div>
      <span className="whitespace-nowrap text-slate-700 tabular-nums">
        {formatPercent(ratio)}
        <span className="ml-1.5 text-xs text-slate-500">
          {t('({count} of {total})', { count: formatNumber(count), total: formatNumber(contacts) })}
        </span>
      </span>
    </div>
  );
}

export function coverageNote(info: FieldList['coverageInfo']): string {
  const count = info.contacts;
  if (info.method === 'sample') {
    return i18n.t(
      'Coverage estimated from the newest {count, plural, one {# contact} other {# contacts}} while the full count runs.',
      { count },
    );
  }
  if (info.method === 'cached') {
    return i18n.t('Coverage of {count, plural, one {# contact} other {# contacts}}, counted {when}.', {
      count,
      when: formatRelative(info.computedAt),
    });
  }
  return i18n.t('Coverage of all {count, plural, one {# contact} other {# contacts}}.', { count });
}
