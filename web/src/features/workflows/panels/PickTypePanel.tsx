/** The first view of "Add step": the step types with what each does. */
import { useTranslation } from 'react-i18next';
import { ADDABLE_TYPES, type AddableType, STEP_TYPES } from '../model.ts';
import { StepIcon } from '../parts.tsx';
import { PanelShell } from './PanelShell.tsx';

export function PickTypePanel({ onPick, onClose }: { onPick: (type: AddableType) => void; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <PanelShell title={t('Add a step')} onClose={onClose}>
      <ul className="space-y-2">
        {ADDABLE_TYPES.map((type) => (
          <li key={type}>
            <button
              type="button"
              onClick={() => onPick(type)}
              className="flex w-full items-start gap-3 rounded-lg border border-slate-200 p-3 text-left hover:border-brand-300 hover:bg-brand-50/40"
            >
              <StepIcon type={type} />
              <span>
                <span className="block text-sm font-medium text-slate-900">{t(STEP_TYPES[type].label)}</span>
                <span className="block text-xs text-slate-500">{t(STEP_TYPES[type].description)}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </PanelShell>
  );
}
