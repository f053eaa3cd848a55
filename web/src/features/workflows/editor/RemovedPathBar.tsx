/** The undo offered after a path was removed from the canvas; Ctrl+Z (⌘Z) does the same while it shows. */
import { Panel } from '@xyflow/react';
import { X } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';

export function RemovedPathBar({
  label,
  undoing,
  onUndo,
  onDismiss,
}: {
  label: string;
  undoing: boolean;
  onUndo: () => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const typing = e.target instanceof HTMLElement && e.target.closest('input, textarea, select');
      if (e.key === 'z' && (e.ctrlKey || e.metaKey) && !e.shiftKey && !typing) {
        e.preventDefault();
        onUndo();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onUndo]);
  return (
    // Bottom left, beside the zoom controls: the side panel covers the canvas's right part.
    <Panel
      position="bottom-left"
      className="!ml-16 flex max-w-xs items-center gap-3 rounded-lg bg-slate-900 py-2 pr-2 pl-4 text-sm text-white shadow-lg"
    >
      <p role="status">{label}</p>
      <Button size="sm" variant="secondary" onClick={onUndo} loading={undoing}>
        {t('Undo')}
      </Button>
      <Button
        variant="ghost"
        size="sm"
        aria-label={t('Hide undo')}
        className="!text-slate-300 hover:!bg-slate-700 hover:!text-white"
        icon={<X className="size-4" aria-hidden />}
        onClick={onDismiss}
      />
    </Panel>
  );
}
