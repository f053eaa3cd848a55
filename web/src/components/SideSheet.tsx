import { type ReactNode, useId } from 'react';
import { ModalPanel } from './ModalPanel.tsx';
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
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  footer?: ReactNode;
  side?: 'left' | 'right';
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
        <ModalPanel
          titleId={titleId}
          title={title}
          onClose={onClose}
          footer={footer}
          className="h-full bg-white shadow-xl"
        >
          {children}
        </ModalPanel>
      )}
    </dialog>
  );
}
