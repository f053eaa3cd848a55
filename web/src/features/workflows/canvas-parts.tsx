/** The canvas's node (a step card with its handles) and edge (a transition with its label). */
import {
  BaseEdge,
  type Edge,
  EdgeLabelRenderer,
  type EdgeProps,
  getSmoothStepPath,
  Handle,
  type Node,
  type NodeProps,
  Position,
} from '@xyflow/react';
import { AlertTriangle, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../lib/cx.ts';
import { STEP_TYPES, type Step, type Way } from './model.ts';
import { StepIcon } from './parts.tsx';

export interface StepNodeData extends Record<string, unknown> {
  step: Step;
  title: string;
  summary: string;
  ways: Way[];
  problems: Array<{ short: string; message: string }>;
  missingWay: string | null;
  /** Handles that have a transition (their edge carries the label). */
  usedWays: string[];
  /** This step has run in the execution shown (read-only canvases). */
  visited?: boolean;
  /** An execution is at this step now. */
  current?: boolean;
}
export type StepNodeType = Node<StepNodeData, 'step'>;

export interface WayEdgeData extends Record<string, unknown> {
  label: string;
  tone: 'yes' | 'no' | 'event' | 'timeout' | 'plain';
  problem: boolean;
  onDelete?: () => void;
  deleteLabel: string;
  visited?: boolean;
}
export type WayEdgeType = Edge<WayEdgeData, 'way'>;

const HANDLE_TONE: Record<string, string> = {
  yes: '!bg-emerald-500',
  no: '!bg-rose-500',
  EVENT: '!bg-violet-500',
  TIMEOUT: '!bg-amber-500',
  next: '!bg-slate-400',
};

export function StepNode({ data, selected }: NodeProps<StepNodeType>) {
  const { t } = useTranslation();
  const { step, title, summary, ways, problems, missingWay, usedWays } = data;
  const info = STEP_TYPES[step.type];
  const hasProblem = problems.length > 0;
  return (
    <div
      data-testid={`step-${step.id}`}
      className={cx(
        'w-64 rounded-lg border bg-white text-left shadow-sm transition-shadow',
        hasProblem
          ? 'border-red-400 ring-2 ring-red-300'
          : selected
            ? 'border-brand-500 ring-2 ring-brand-500/40'
            : 'border-slate-200',
        data.current && 'ring-2 ring-sky-400',
        data.visited === false && 'opacity-50',
      )}
    >
      {step.type !== 'TRIGGER' && (
        <Handle type="target" position={Position.Top} className="!size-2.5 !border-2 !border-white !bg-slate-400" />
      )}
      <div className="flex items-start gap-2.5 px-3 py-2.5">
        <StepIcon type={step.type} />
        <div className="min-w-0 flex-1">
          <div className="text-[11px] font-medium uppercase tracking-wide text-slate-500">{t(info.label)}</div>
          <div className="truncate text-sm font-semibold text-slate-900">{title}</div>
          {summary && <div className="mt-0.5 line-clamp-2 text-xs text-slate-500">{summary}</div>}
        </div>
      </div>
      {hasProblem && (
        <ul className="rounded-b-lg border-t border-red-200 bg-red-50 px-3 py-1.5 text-xs font-medium text-red-700">
          {problems.map((p) => (
            <li key={p.message} title={p.message} className="flex items-center gap-1.5">
              <AlertTriangle className="size-3 shrink-0" aria-hidden />
              <span className="truncate">{p.short}</span>
            </li>
          ))}
        </ul>
      )}
      {ways.map((w, i) => {
        const left = ways.length === 1 ? 50 : i === 0 ? 28 : 72;
        const missing = missingWay === w.handle;
        return (
          <div key={w.handle}>
            <Handle
              id={w.handle}
              type="source"
              position={Position.Bottom}
              style={{ left: `${left}%` }}
              className={cx(
                '!size-3 !border-2 !border-white',
                HANDLE_TONE[w.handle],
                missing && '!size-3.5 !bg-red-600 !outline-2 !outline-offset-2 !outline-red-400 animate-pulse',
              )}
            />
            {w.label && !usedWays.includes(w.handle) && (
              <span
                aria-hidden
                style={{ left: `${left}%` }}
                className={cx(
                  'pointer-events-none absolute -bottom-5 -translate-x-1/2 whitespace-nowrap text-[10px] font-medium',
                  missing ? 'text-red-600' : 'text-slate-500',
                )}
              >
                {t(w.label)}
              </span>
            )}
          </div>
        );
      })}
    </div>
  );
}

const LABEL_TONE: Record<WayEdgeData['tone'], string> = {
  yes: 'bg-emerald-50 text-emerald-700 ring-emerald-600/30',
  no: 'bg-rose-50 text-rose-700 ring-rose-600/30',
  event: 'bg-violet-50 text-violet-700 ring-violet-600/30',
  timeout: 'bg-amber-50 text-amber-800 ring-amber-600/30',
  plain: 'bg-white text-slate-600 ring-slate-300',
};
const STROKE: Record<WayEdgeData['tone'], string> = {
  yes: '#10b981',
  no: '#f43f5e',
  event: '#8b5cf6',
  timeout: '#f59e0b',
  plain: '#94a3b8',
};

export function WayEdge(props: EdgeProps<WayEdgeType>) {
  const { sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition, data, selected, markerEnd } = props;
  const [path, labelX, labelY] = getSmoothStepPath({
    sourceX,
    sourceY,
    targetX,
    targetY,
    sourcePosition,
    targetPosition,
    borderRadius: 10,
    offset: 24,
  });
  const tone = data?.tone ?? 'plain';
  const stroke = data?.problem ? '#dc2626' : selected ? '#4f46e5' : STROKE[tone];
  return (
    <>
      <BaseEdge
        path={path}
        markerEnd={markerEnd}
        style={{
          stroke,
          strokeWidth: selected || data?.problem ? 2.5 : 1.75,
          strokeDasharray: data?.problem ? '6 4' : data?.visited === false ? '4 4' : undefined,
          opacity: data?.visited === false ? 0.5 : 1,
        }}
      />
      {(data?.label || (selected && data?.onDelete)) && (
        <EdgeLabelRenderer>
          <div
            className="nodrag nopan absolute flex items-center gap-1"
            style={{ transform: `translate(-50%, -50%) translate(${labelX}px, ${labelY}px)`, pointerEvents: 'all' }}
          >
            {data?.label && (
              <span
                className={cx(
                  'rounded-full px-2 py-0.5 text-[11px] font-semibold ring-1 ring-inset',
                  data.problem ? 'bg-red-50 text-red-700 ring-red-400' : LABEL_TONE[tone],
                )}
              >
                {data.label}
              </span>
            )}
            {selected && data?.onDelete && (
              <button
                type="button"
                aria-label={data.deleteLabel}
                title={data.deleteLabel}
                onClick={data.onDelete}
                className="flex size-5 items-center justify-center rounded-full bg-white text-slate-600 shadow ring-1 ring-slate-300 hover:bg-red-50 hover:text-red-700"
              >
                <X className="size-3" aria-hidden />
              </button>
            )}
          </div>
        </EdgeLabelRenderer>
      )}
    </>
  );
}

export const nodeTypes = { step: StepNode };
export const edgeTypes = { way: WayEdge };
