import { useTranslation } from 'react-i18next';
import { Select } from '../../../components/Field.tsx';
import { useProject } from '../../../lib/project-context.tsx';
import { useAction } from '../../../queries/use-action.ts';
import { workflowMutations } from '../../../queries/workflows.ts';
import { handleOf, type Step, stepTitle, type Workflow, waysOut } from '../model.ts';

/** A step's ways out as selects: choosing a step adds the transition, "Nowhere" removes it. */
export function WaysSection({
  workflow,
  step,
  onError,
}: {
  workflow: Workflow;
  step: Step;
  onError: (e: unknown) => void;
}) {
  const { t } = useTranslation();
  const setWay = useAction(workflowMutations.setWay(useProject(), workflow.id), {
    inline: true,
    // Only the error: the reaction also passes the variables, which `onError` would take for its reason.
    onError: (e) => onError(e),
  });
  const ways = waysOut(step.type);
  if (ways.length === 0) return <p className="text-sm text-slate-500">{t('The execution ends at this step.')}</p>;
  const targets = workflow.steps
    .filter((s) => s.type !== 'TRIGGER' && s.id !== step.id)
    .map((s) => ({ id: s.id, title: stepTitle(s) }))
    .sort((a, b) => a.title.localeCompare(b.title));
  // The way being changed waits for the API; the others stay free.
  const pending = setWay.isPending ? setWay.variables?.way : undefined;
  const changing = pending && handleOf(pending);
  return (
    <fieldset className="space-y-3">
      <legend className="mb-1 text-sm font-semibold text-slate-900">{t('Next')}</legend>
      {ways.map((way) => {
        const existing = workflow.transitions.find((t) => t.fromStepId === step.id && handleOf(t) === way.handle);
        return (
          <Select
            key={way.handle}
            label={t(way.prompt)}
            value={existing?.toStepId ?? ''}
            disabled={changing === way.handle}
            onChange={(e) =>
              setWay.mutate({ fromStepId: step.id, way: way.body, existing, toStepId: e.target.value || null })
            }
          >
            <option value="">{step.type === 'CONDITION' ? t('Nowhere yet') : t('Nowhere (the execution ends)')}</option>
            {targets.map((target) => (
              <option key={target.id} value={target.id}>
                {target.title}
              </option>
            ))}
          </Select>
        );
      })}
    </fieldset>
  );
}
