import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../lib/cx.ts';

/**
 * The inside of Dialog and SideSheet: a title row with the × button, a body that scrolls, and an
 * optional footer of actions. `titleId` names the <dialog> (aria-labelledby).
 */
export function ModalPanel({
  titleId,
  title,
  onClose,
  footer,
  className,
  children,
}: {
  titleId: string;
  title: string;
  onClose: () => void;
  footer?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className={cx('flex flex-col', className)}>
      <header className="flex items-center justify-between border-b border-slate-100 px-5 py-3">
        <h2 id={titleId} className="text-base font-semibold">
          {title}
        </h2>
        <button
          type="button"
          aria-label={t('Close')}
          onClick={onClose}
          className="rounded p-1 text-slate-500 hover:bg-slate-100"
        >
          <X className="size-4" aria-hidden />
        </button>
      </header>
      <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>
      {footer && <footer className="flex justify-end gap-2 border-t border-slate-100 px-5 py-3">{footer}</footer>}
    </div>
  );
}
