/**
 * Small pieces shared by the templates, events, activity and analytics screens: link buttons, the
 * back link, a debounced value, plurals, readable times and a contact's address from its id.
 */
import { useQuery } from '@tanstack/react-query';
import { ChevronLeft } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { projectKey, useProject } from '../../app/project-context.tsx';
import { cx } from '../../lib/cx.ts';
import { formatDateTime, formatNumber, formatRelative } from '../../lib/format.ts';

const LINK_BUTTON = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700 shadow-sm',
  secondary: 'bg-white text-slate-800 border border-slate-300 hover:bg-slate-50 shadow-sm',
} as const;

/** A router link that looks like a Button (for actions that open another screen). */
export function LinkButton({
  to,
  children,
  icon,
  variant = 'primary',
  size = 'md',
}: {
  to: string;
  children: ReactNode;
  icon?: ReactNode;
  variant?: keyof typeof LINK_BUTTON;
  size?: 'sm' | 'md';
}) {
  return (
    <Link
      to={to}
      className={cx(
        'inline-flex items-center justify-center gap-1.5 rounded-md text-sm font-medium transition-colors',
        size === 'sm' ? 'h-8 px-2.5' : 'h-9 px-3.5',
        LINK_BUTTON[variant],
      )}
    >
      {icon}
      {children}
    </Link>
  );
}

/** The "back to the list" link above a detail screen's heading. */
export function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <Link
      to={to}
      className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-slate-500 hover:text-slate-800"
    >
      <ChevronLeft className="size-4" aria-hidden />
      {children}
    </Link>
  );
}

/** An inline text link in the brand colour. */
export function TextLink({ to, children, className }: { to: string; children: ReactNode; className?: string }) {
  return (
    <Link to={to} className={cx('font-medium text-brand-700 hover:underline', className)}>
      {children}
    </Link>
  );
}

/** `value`, once it has stopped changing for `ms`. */
export function useDebouncedValue<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** "1 event", "3 events". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatNumber(n)} ${n === 1 ? one : many}`;
}

/** "5 minutes ago", with the exact local time on hover and for machines. */
export function RelativeTime({ iso, className }: { iso: string | null | undefined; className?: string }) {
  // Re-render once a minute so "just now" does not stay "just now".
  const [, tick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => tick((n) => n + 1), 60_000);
    return () => clearInterval(timer);
  }, []);
  if (!iso) return <span className={className}>—</span>;
  return (
    <time dateTime={iso} title={formatDateTime(iso)} className={className}>
      {formatRelative(iso)}
    </time>
  );
}

/**
 * A link to a contact that shows its address. Event rows carry only the contact id, so the address
 * is read once per contact (cached across rows and screens).
 */
export function ContactLink({ id, email }: { id: string; email?: string }) {
  const { api, projectId, to } = useProject();
  const contact = useQuery({
    queryKey: projectKey(projectId, 'contact-address', id),
    queryFn: () => api.get('/contacts/{id}', { path: { id } }),
    enabled: !email,
    staleTime: 5 * 60_000,
    retry: false,
  });
  const label = email ?? contact.data?.email;
  if (!label && contact.isPending) return <span className="inline-block h-4 w-40 animate-pulse rounded bg-slate-200" />;
  if (!label) return <span className="text-slate-500">Deleted contact</span>;
  return <TextLink to={to('contacts', id)}>{label}</TextLink>;
}
