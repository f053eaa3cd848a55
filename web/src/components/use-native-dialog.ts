import { type SyntheticEvent, useEffect, useLayoutEffect, useRef } from 'react';

/**
 * Drives a native <dialog> from an `open` prop, for Dialog and SideSheet: showModal() gives the
 * focus trap and the focus return to the opener for free.
 *
 * `onClose` is a request to close, made once per closing by the person (Escape, a close button):
 * closing because `open` became false (after a save, say) does not call it again.
 */
export function useNativeDialog(open: boolean, onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  // Set while we close the dialog ourselves, so its native `close` event is not taken for a request.
  const closingFromProp = useRef(false);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) {
      closingFromProp.current = true;
      d.close();
    }
  }, [open]);
  // A screen may also drop the dialog while it is open (`{adding && <AddDialog />}`): closing it
  // before React removes the element lets the browser give focus back to the opener. A layout
  // effect, because its cleanup runs while the element is still in the page.
  useLayoutEffect(() => {
    const d = ref.current;
    return () => {
      if (!d?.open) return;
      closingFromProp.current = true;
      d.close();
    };
  }, []);
  return {
    ref,
    onCancel: (e: SyntheticEvent<HTMLDialogElement>) => {
      // Escape: the parent decides (it may be busy). When the browser does not let the close be
      // prevented (repeated Escape without a user gesture), the `close` event below reports it.
      if (!e.cancelable) return;
      e.preventDefault();
      onClose();
    },
    onClose: () => {
      if (closingFromProp.current) {
        closingFromProp.current = false;
        return;
      }
      // Closed by the browser itself (a form with method="dialog", an Escape it would not cancel).
      if (open && !ref.current?.open) onClose();
    },
  };
}
