/**
 * Finds text a person would read that does not go through the translator: words between JSX tags,
 * and words in a JSX attribute or object property that holds text (a label, a placeholder, a title).
 * Code, identifiers and class names are not text: an attribute is judged by its name, a value must
 * look like words. A line may opt out with a `// i18n-ignore` comment saying why.
 */
import ts from 'typescript';

/** Attributes and properties whose string is shown to people. */
const TEXT_NAMES = new Set([
  'label',
  'placeholder',
  'title',
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'alt',
  'description',
  'hint',
  'help',
  'heading',
  'subtitle',
  'message',
  'emptyText',
  'emptyTitle',
  'emptyMessage',
  'empty',
  'confirmLabel',
  'cancelLabel',
  'submitLabel',
  'actionLabel',
  'busyLabel',
  'pendingLabel',
  'doneLabel',
  'successMessage',
  'errorMessage',
  'tooltip',
  'caption',
  'legend',
  'summary',
  'detail',
  'noun',
  'text',
  'body',
  'explanation',
]);

/** Tags whose content is code or a machine value, not prose. */
const CODE_TAGS = new Set(['code', 'kbd', 'pre', 'samp', 'Trans', 'CodeBlock', 'style', 'script']);

const LETTERS = /[A-Za-zÀ-ÿ]{2,}/;
/** Colors and addresses are values, not words. */
const NOT_WORDS = /^\s*(#[0-9a-f]{3,8}|https?:\/\/\S*)\s*$/i;
const WORDS = { test: (s: string) => LETTERS.test(s) && !NOT_WORDS.test(s) };

export interface Literal {
  line: number;
  text: string;
}

function tagName(element: ts.JsxElement | ts.JsxSelfClosingElement): string {
  const tag = ts.isJsxElement(element) ? element.openingElement.tagName : element.tagName;
  return tag.getText();
}

function insideCode(node: ts.Node): boolean {
  for (let p = node.parent; p; p = p.parent) {
    if ((ts.isJsxElement(p) || ts.isJsxSelfClosingElement(p)) && CODE_TAGS.has(tagName(p))) return true;
  }
  return false;
}

function ignored(file: ts.SourceFile, node: ts.Node): boolean {
  const line = file.getLineAndCharacterOfPosition(node.getStart()).line;
  const lines = file.text.split('\n');
  return [lines[line], lines[line - 1]].some((l) => l?.includes('i18n-ignore'));
}

/** Whether `node` is the first argument of a translator call (`t`, `msg`). */
function translated(node: ts.Node): boolean {
  const call = node.parent;
  if (!call || !ts.isCallExpression(call)) return false;
  const callee = call.expression;
  const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : '';
  return name === 't' || name === 'msg';
}

/** The untranslated text in one file. */
export function literalsIn(fileName: string, source: string): Literal[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const out: Literal[] = [];
  const report = (node: ts.Node, text: string) => {
    if (ignored(file, node)) return;
    out.push({ line: file.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: text.trim().slice(0, 80) });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node) && WORDS.test(node.text) && !insideCode(node)) report(node, node.text);
    if (ts.isJsxAttribute(node) && TEXT_NAMES.has(node.name.getText()) && node.initializer) {
      const init = node.initializer;
      const value = ts.isStringLiteral(init)
        ? init
        : ts.isJsxExpression(init) && init.expression && ts.isStringLiteralLike(init.expression)
          ? init.expression
          : undefined;
      if (value && WORDS.test(value.text)) report(value, value.text);
    }
    if (ts.isPropertyAssignment(node) && TEXT_NAMES.has(node.name.getText().replace(/['"]/g, ''))) {
      const value = node.initializer;
      if (ts.isStringLiteralLike(value) && WORDS.test(value.text) && !translated(value)) report(value, value.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out;
}
