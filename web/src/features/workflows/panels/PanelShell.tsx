/** The frame of the canvas's side panels: a title bar with back and close, a scrolling body, a footer. */
import { ArrowLeft, type LucideIcon, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { Callout } from '../../../components/Callout.tsx';

export function PanelShell({
  title,
  icon,
  onClose,
  onBack,
  children,
  footer,
}: {
  title: string;
  icon?: ReactNode;
  onClose: () => void;
  onBack?: () => void;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <aside
      aria-label={title}
      className="absolute inset-y-0 right-0 z-10 flex w-80 max-w-full flex-col xl:w-[22rem] border-l border-slate-200 bg-white shadow-xl"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
    >
      <header className="flex items-center gap-2 border-b border-slate-100 px-4 py-3">
        {onBack && <HeaderButton label={t('Back to step types')} icon={ArrowLeft} onClick={onBack} />}
        {icon}
        <h2 className="min-w-0 flex-1 truncate text-sm font-semibold text-slate-900">{title}</h2>
        <HeaderButton label={t('Close panel')} icon={X} onClick={onClose} />
      </header>
      <div className="flex-1 space-y-5 overflow-y-auto px-4 py-4">{children}</div>
      {footer && (
        <footer className="flex items-center justify-between gap-2 border-t border-slate-100 px-4 py-3">
          {footer}
        </footer>
      )}
    </aside>
  );
}

function HeaderButton({ label, icon: Icon, onClick }: { label: string; icon: LucideIcon; onClick: () => void }) {
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-label={label}
      className="!h-7 !px-1.5 !text-slate-500"
      icon={<Icon className="size-4" aria-hidden />}
      onClick={onClick}
    />
  );
}

/** A step's open graph problems, at the top of its panel. */
export function ProblemList({ problems }: { problems: string[] }) {
  if (problems.length === 0) return null;
  return (
    <Callout tone="danger" role="alert">
      {problems.map((p) => (
        <p key={p}>{p}</p>
      ))}
    </Callout>
  );
}
