/**
 * Prints the figures the run's tests reported (test/fixtures/figures.ts) as one table after the
 * test summary: the reliability suite's scenarios and the sweeps (malformed input, tenant
 * isolation, SSRF) side by side. Prints nothing when no test reported a figure.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Reporter } from 'vitest/reporters';
import type { Figure } from './fixtures/figures.ts';

export default class FiguresReporter implements Reporter {
  private readonly file: string;

  constructor() {
    // Set before the pool forks its workers, which inherit the environment.
    this.file = path.join(tmpdir(), `mailwright-figures-${process.pid}-${Date.now()}.jsonl`);
    process.env.MAILWRIGHT_FIGURES_FILE = this.file;
  }

  onTestRunEnd(): void {
    if (!existsSync(this.file)) return;
    const figures = readFileSync(this.file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Figure);
    rmSync(this.file, { force: true });
    if (figures.length > 0) console.log(`\n${figuresTable(figures)}\n`);
  }
}

/** A plain-text table, one row per figure, the scenario named once per group. */
export function figuresTable(figures: Figure[]): string {
  const rows = [['scenario', 'figure', 'value', 'goal']];
  let last = '';
  for (const f of figures) {
    rows.push([f.scenario === last ? '' : f.scenario, f.figure, String(f.value), f.goal ?? '']);
    last = f.scenario;
  }
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  const line = (r: string[]) => `| ${r.map((cell, c) => cell.padEnd(widths[c]!)).join(' | ')} |`;
  const rule = `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`;
  return ['Figures', line(rows[0]!), rule, ...rows.slice(1).map(line)].join('\n');
}
