/**
 * What the canvas's side panel shows: the step picker, a new step's form, or the selected step
 * (kept in `?step=`, so a step's panel is a link and survives a reload). Selecting closes the
 * picker; the two never show at once.
 */
import { useCallback, useState } from 'react';
import { useSearchParamState } from '../../../lib/url-state.ts';
import type { AddableType } from '../model.ts';

export type AddingState = null | { kind: 'pick' } | { kind: 'new'; type: AddableType };

export function useSidePanel() {
  const [step, setStep] = useSearchParamState('step');
  const [adding, setAdding] = useState<AddingState>(null);
  const select = useCallback(
    (id: string | null) => {
      setAdding(null);
      setStep(id ?? undefined);
    },
    [setStep],
  );
  return { selectedId: step || null, select, adding, setAdding };
}
