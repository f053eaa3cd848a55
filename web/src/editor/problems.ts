/**
 * The API's refusals of a block document (`document.blocks[3].columns[1][0].href`) read against the
 * document: which block each names and the field, so the editor shows them on that block. Pure,
 * unit-tested.
 */
import type { Block, BlockDocument } from './document.ts';

export interface BlockProblem {
  /** The block named, when the path names one that is there. */
  blockId?: string;
  /** What of it: `href`, `style.textColor`, or '' for the block or document as a whole. */
  field: string;
  message: string;
}

const STEP = /^\.blocks\[(\d+)\]|^\.columns\[(\d+)\]\[(\d+)\]/;

/** The problems among `errors` that are the document's (their field starts with `prefix`). */
export function documentProblems(
  doc: BlockDocument,
  errors: ReadonlyArray<{ field?: string; message: string }>,
  prefix = 'document',
): BlockProblem[] {
  return errors
    .filter((e) => e.field === prefix || e.field?.startsWith(`${prefix}.`) || e.field?.startsWith(`${prefix}[`))
    .map((e) => {
      let rest = e.field!.slice(prefix.length);
      let list: Block[] | undefined = doc.blocks;
      let block: Block | undefined;
      for (let m = STEP.exec(rest); m; m = STEP.exec(rest)) {
        if (m[1] !== undefined) block = list?.[Number(m[1])];
        else block = block?.type === 'columns' ? block.columns[Number(m[2])]?.[Number(m[3])] : undefined;
        list = undefined;
        rest = rest.slice(m[0].length);
      }
      return { blockId: block?.id, field: rest.replace(/^\./, ''), message: e.message };
    });
}
