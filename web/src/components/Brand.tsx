import { Mail } from 'lucide-react';
import { APP_NAME } from '../lib/use-page-title.ts';

/** The product's mark and name, at the top of the sidebar and of the phone's top bar. */
export function Brand() {
  return (
    <div className="flex items-center gap-2">
      <span className="flex size-7 items-center justify-center rounded-md bg-brand-600 text-white">
        <Mail className="size-4" aria-hidden />
      </span>
      <span className="font-semibold tracking-tight">{APP_NAME}</span>
    </div>
  );
}
