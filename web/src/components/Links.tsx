/** Links shared by every screen: the back link above a detail screen, an inline text link, a contact's address. */
import { useQuery } from '@tanstack/react-query';
import { ChevronLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cx } from '../lib/cx.ts';
import { useProject } from '../lib/project-context.tsx';
import { contactQueries } from '../queries/contacts.ts';

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

/** An inline text link in the brand colour (its text may come from a `<Trans>` message around it). */
export function TextLink({ to, children, className }: { to: string; children?: ReactNode; className?: string }) {
  return (
    <Link to={to} className={cx('font-medium text-brand-700 hover:underline', className)}>
      {children}
    </Link>
  );
}

/**
 * A link to a contact that shows its address. Event rows carry only the contact id, so the address
 * is read once per contact (the contact's own query, shared with its page).
 */
export function ContactLink({ id, email }: { id: string; email?: string }) {
  const { t } = useTranslation();
  const project = useProject();
  const contact = useQuery({
    ...contactQueries.one(project, id),
    enabled: !email,
    staleTime: 5 * 60_000,
    retry: false,
  });
  const label = email ?? contact.data?.email;
  if (!label && contact.isPending) return <span className="inline-block h-4 w-40 animate-pulse rounded bg-slate-200" />;
  if (!label) return <span className="text-slate-500">{t('Deleted contact')}</span>;
  return <TextLink to={project.to('contacts', id)}>{label}</TextLink>;
}
