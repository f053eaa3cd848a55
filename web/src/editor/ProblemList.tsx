/** The API's refusals of the document, each with a button that selects the block it is about. */
import { useTranslation } from 'react-i18next';
import { Callout } from '../components/Callout.tsx';
import { type BlockDocument, blockLabel, findBlock, locate } from './document.ts';
import type { BlockProblem } from './problems.ts';

export function ProblemList({
  problems,
  doc,
  onShow,
}: {
  problems: BlockProblem[];
  doc: BlockDocument;
  onShow: (id: string | null) => void;
}) {
  const { t } = useTranslation();
  if (problems.length === 0) return null;
  return (
    <Callout tone="danger" role="alert" title={t('The email was not saved: fix these first.')}>
      <ul className="list-disc space-y-1 pl-5">
        {problems.map((p) => {
          const block = p.blockId ? findBlock(doc, p.blockId) : undefined;
          const at = p.blockId ? locate(doc, p.blockId) : undefined;
          const where =
            block && at
              ? t('{block} block {number}', { block: blockLabel(block.type), number: at.index + 1 })
              : t('Email');
          return (
            <li key={`${p.blockId}-${p.field}-${p.message}`}>
              {block ? (
                <button type="button" className="font-medium underline" onClick={() => onShow(p.blockId!)}>
                  {where}
                </button>
              ) : (
                <span className="font-medium">{where}</span>
              )}
              {p.field ? ` (${p.field})` : ''}: {p.message}
            </li>
          );
        })}
      </ul>
    </Callout>
  );
}
