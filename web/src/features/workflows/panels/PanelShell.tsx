/** The frame of the canvas's side panels: a title bar with back and close, a scrolling body, a footer. */
import { AlertTriangle, ArrowLeft, X } from 'lucide-react';
import type { ReactNode } from 'react';

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
  return (
    <aside
      aria-label={title}
      className="absolute inset-y-0 right-0 z-10 flex w-80 max-w-full flex-col xl:w-[22rem] border-l border-slate-200 bg-white shadow-xl"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
    >
      <header className="flex items-center gap-2 border-b border-slate-100 px-4 py-3">
        {onBack && (
          <button
            type="button"
            aria-label="Back to step types"
            onClick={onBack}
            className="rounded p-1 text-slate-500 hover:bg-slate-100"
          >
            <ArrowLeft className="size-4" aria-hidden />
          </button>
        )}
        {icon}
        <h2 className="min-w-0 flex-1 truncate text-sm font-semibold text-slate-900">{title}</h2>
        <button
          type="button"
          aria-label="Close panel"
          onClick={onClose}
          className="rounded p-1 text-slate-500 hover:bg-slate-100"
        >
          <X className="size-4" aria-hidden />
        </button>
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

/** A step's open graph problems, at the top of its panel. */
export function ProblemList({ problems }: { problems: string[] }) {
  if (problems.length === 0) return null;
  return (
    <div role="alert" className="space-y-1 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700">
      {problems.map((p) => (
        <p key={p} className="flex gap-2">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
          {p}
        </p>
      ))}
    </div>
  );
}
