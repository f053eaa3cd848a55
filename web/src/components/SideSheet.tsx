import { X } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useNativeDialog } from './use-native-dialog.ts';

/**
 * A panel that slides in from the right edge (the whole width on a phone), on the native <dialog>
 * like Dialog: the browser traps focus, Escape asks to close, focus returns to the opener.
 * `side="left"` puts it on the left edge (the phone's navigation menu).
 */
export function SideSheet({
  open,
  onClose,
  title,
  children,
  footer,
  side = 'right',
  hideTitle,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  footer?: ReactNode;
  side?: 'left' | 'right';
  /** Keeps the title for screen readers only (the content already says what the sheet is). */
  hideTitle?: boolean;
}) {
  const native = useNativeDialog(open, onClose);
  const titleId = useId();
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click's keyboard twin is Escape (onCancel).
    <dialog
      ref={native.ref}
      aria-labelledby={titleId}
      onCancel={native.onCancel}
      onClose={native.onClose}
      // A click on the backdrop lands on the <dialog> itself (the panel fills its box otherwise).
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
      className={`m-0 h-dvh max-h-none w-full max-w-full bg-transparent p-0 sm:max-w-md ${
        side === 'left' ? 'mr-auto sm:max-w-xs' : 'ml-auto'
      }`}
    >
      {open && (
        <div className="flex h-full flex-col bg-white shadow-xl">
          <header className="flex items-center justify-between border-b border-slate-100 px-5 py-3">
            <h2 id={titleId} className={hideTitle ? 'sr-only' : 'text-base font-semibold'}>
              {title}
            </h2>
            <button
              type="button"
              aria-label="Close"
              onClick={onClose}
              className="ml-auto rounded p-1 text-slate-500 hover:bg-slate-100"
            >
              <X className="size-4" aria-hidden />
            </button>
          </header>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>
          {footer && <footer className="flex justify-end gap-2 border-t border-slate-100 px-5 py-3">{footer}</footer>}
        </div>
      )}
    </dialog>
  );
}
