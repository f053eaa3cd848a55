import { type ReactNode, useEffect, useState } from 'react';
import { cx } from '../lib/cx.ts';
import { onToast, type ToastTone } from '../lib/toasts.ts';

const TOAST = 'pointer-events-auto rounded-md px-4 py-2.5 text-sm shadow-lg';
const TONE: Record<ToastTone, string> = { success: 'bg-slate-900 text-white', error: 'bg-red-600 text-white' };

interface ToastItem {
  id: number;
  message: string;
  tone: ToastTone;
}

/** Short confirmations after an action, announced politely to screen readers; shows what lib/toasts.ts posts. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  useEffect(
    () =>
      onToast((message, tone) => {
        const id = Date.now() + Math.random();
        setItems((list) => [...list, { id, message, tone }]);
        setTimeout(() => setItems((list) => list.filter((t) => t.id !== id)), 4000);
      }),
    [],
  );
  return (
    <>
      {children}
      <div aria-live="polite" className="pointer-events-none fixed right-4 bottom-4 z-50 flex flex-col gap-2">
        {items.map((t) => (
          <div key={t.id} role="status" className={cx(TOAST, TONE[t.tone])}>
            {t.message}
          </div>
        ))}
      </div>
    </>
  );
}
