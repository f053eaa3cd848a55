/** One feed item: an icon for its kind, the sentence with its links, a detail line and when it happened. */

import {
  Ban,
  CalendarClock,
  CheckCheck,
  CircleCheck,
  Inbox,
  type LucideIcon,
  MailOpen,
  Megaphone,
  MousePointerClick,
  Send,
  ShieldAlert,
  TriangleAlert,
  UserMinus,
  UserPlus,
  Workflow,
  Zap,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { TextLink } from '../../components/Links.tsx';
import { RelativeTime } from '../../components/RelativeTime.tsx';
import { cx } from '../../lib/cx.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useProject } from '../../lib/project-context.tsx';
import { type ActivityItem, describe, type Part, type Tone, typeLabel, typeTone } from './describe.ts';

const ICONS: Record<ActivityItem['type'], LucideIcon> = {
  'event.triggered': Zap,
  'email.sent': Send,
  'email.delivered': CheckCheck,
  'email.opened': MailOpen,
  'email.clicked': MousePointerClick,
  'email.bounced': TriangleAlert,
  'email.complaint': ShieldAlert,
  'email.received': Inbox,
  'email.suppressed': Ban,
  'contact.subscribed': UserPlus,
  'contact.unsubscribed': UserMinus,
  'campaign.sent': Megaphone,
  'campaign.scheduled': CalendarClock,
  'workflow.started': Workflow,
  'workflow.completed': CircleCheck,
};

const TONES: Record<Tone, string> = {
  gray: 'bg-slate-100 text-slate-600',
  green: 'bg-emerald-50 text-emerald-700',
  blue: 'bg-sky-50 text-sky-700',
  brand: 'bg-brand-50 text-brand-700',
  yellow: 'bg-amber-50 text-amber-700',
  red: 'bg-red-50 text-red-700',
};

function PartView({ part }: { part: Part }) {
  const { t } = useTranslation();
  const { to } = useProject();
  if (typeof part === 'string') return <>{part}</>;
  switch (part.kind) {
    case 'contact':
      return <TextLink to={to('contacts', part.id)}>{part.text}</TextLink>;
    case 'campaign':
      return <TextLink to={to('campaigns', part.id)}>{part.text}</TextLink>;
    case 'workflow':
      return <TextLink to={to('workflows', part.id)}>{part.text}</TextLink>;
    case 'event':
      return (
        <TextLink to={to('events', part.name)} className="font-mono text-[13px]">
          {part.text}
        </TextLink>
      );
    case 'subject':
      // Quoted as the language quotes: “…”, „…“, « … ».
      return <span className="font-medium text-slate-900">{t('“{subject}”', { subject: part.text })}</span>;
  }
}

export function ActivityItemRow({ item, fresh }: { item: ActivityItem; fresh?: boolean }) {
  const { t } = useTranslation();
  const Icon = ICONS[item.type] ?? Zap;
  const { parts, detail } = describe(item, formatDateTime);
  return (
    <li
      className={cx(
        'flex items-start gap-3 px-4 py-3 transition-colors duration-1000',
        fresh ? 'bg-brand-50/70' : 'bg-white',
      )}
      data-activity-type={item.type}
    >
      <span
        className={cx(
          'mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full',
          TONES[typeTone(item.type)],
        )}
        title={typeLabel(item.type)}
      >
        <Icon className="size-3.5" aria-hidden />
        <span className="sr-only">{t('{type}:', { type: typeLabel(item.type) })}</span>
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm leading-6 text-slate-700">
          {parts.map((part, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one sentence never reorder.
            <PartView key={i} part={part} />
          ))}
        </p>
        {detail && (
          <p className="truncate text-xs text-slate-500" title={detail}>
            {detail}
          </p>
        )}
      </div>
      <RelativeTime iso={item.createdAt} className="shrink-0 pt-0.5 text-xs whitespace-nowrap text-slate-500" />
    </li>
  );
}
