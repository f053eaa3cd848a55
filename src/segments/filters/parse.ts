/**
 * TEMPORARY stand-in (branch `segments` only) until the filter language lands on main; deleted before
 * merging it. Accepts the empty AND group in either form, nothing else.
 */
import { invalid } from '../../errors.ts';
import type { FilterGroup } from './tree.ts';

/** Parses either body form; `condition` wins. */
export function parseFilterInput(
  input: { filters?: unknown; condition?: unknown },
  at: { filters: string; condition: string } = { filters: 'filters', condition: 'condition' },
): FilterGroup | undefined {
  if (input.condition !== undefined) {
    const c = input.condition as { logic?: unknown; groups?: unknown };
    if (!c || typeof c !== 'object' || (c.logic !== 'AND' && c.logic !== 'OR') || !Array.isArray(c.groups))
      throw invalid(at.condition, 'must be { logic, groups }');
    return { logic: c.logic, conditions: [] };
  }
  if (input.filters !== undefined) {
    const f = input.filters as { operator?: unknown; conditions?: unknown };
    if (!f || typeof f !== 'object' || (f.operator !== 'AND' && f.operator !== 'OR') || !Array.isArray(f.conditions))
      throw invalid(at.filters, 'must be { operator, conditions }');
    if (f.conditions.length > 0) throw invalid(`${at.filters}.conditions.0`, 'not supported yet');
    return { logic: f.operator, conditions: [] };
  }
  return undefined;
}

/** The contract's form. */
export function toFiltersForm(tree: FilterGroup): { operator: 'AND' | 'OR'; conditions: unknown[] } | undefined {
  return { operator: tree.logic, conditions: tree.conditions };
}

/** The nested form. */
export function toConditionForm(tree: FilterGroup): { logic: 'AND' | 'OR'; groups: unknown[] } {
  return { logic: tree.logic, groups: [] };
}
