/**
 * The toast channel: anything may post a short message (the query client's default error display
 * included, which lives outside React); the one ToastProvider shows what is posted.
 */
export type ToastTone = 'success' | 'error';
type Listener = (message: string, tone: ToastTone) => void;

const listeners = new Set<Listener>();

export function toast(message: string, tone: ToastTone = 'success'): void {
  for (const l of listeners) l(message, tone);
}

export function onToast(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
