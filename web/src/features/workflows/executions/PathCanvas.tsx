import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { buildEdges, buildNodes, stepPositions } from '../elements.ts';
import { GraphCanvas } from '../GraphCanvas.tsx';
import type { Execution, Workflow } from '../model.ts';

/** The graph, read-only, with the steps this execution went through lit and the others dimmed. */
export function PathCanvas({ execution: e, workflow }: { execution: Execution; workflow: Workflow }) {
  const { t } = useTranslation();
  const visited = useMemo(() => {
    const steps = new Set(e.steps.map((r) => r.stepId));
    if (e.currentStepId) steps.add(e.currentStepId);
    return { steps, current: e.currentStepId };
  }, [e]);
  const { positions } = useMemo(() => stepPositions(workflow), [workflow]);
  const nodes = useMemo(
    () => buildNodes(workflow, { positions, problems: [], visited }),
    [workflow, positions, visited],
  );
  const edges = useMemo(
    () => buildEdges(workflow, { positions, problems: [], visited }),
    [workflow, positions, visited],
  );
  return <GraphCanvas label={t('The execution’s path')} nodes={nodes} edges={edges} editable={false} />;
}
