/**
 * Finds the dashboard's messages in its source, with the TypeScript parser: the literal first
 * argument of `t(…)`, `i18n.t(…)` and `msg(…)`, and `i18nKey="…"`. One English word can need two
 * translations ("From" a sender, "From" a date): a context tells them apart, `t('From', { context:
 * 'sender' })` or `msg('From', 'sender')`, and makes the key `From_sender` (i18next's own form;
 * web/src/i18n/i18n.ts teaches i18next-icu to look it up). Each message belongs to the
 * catalog area of the file that writes it (a feature folder, the editor, the filters, the forms, or
 * `common` for the rest), so the people translating one part of the dashboard edit its files only.
 */
import ts from 'typescript';

export const LANGUAGES = ['en', 'de', 'fr', 'es'] as const;

/** The catalog area of a file under web/src (path relative to web/src, with forward slashes). */
export function areaOf(relativePath: string): string {
  const parts = relativePath.split('/');
  if (parts[0] === 'features' && parts[1]) return parts[1];
  if (parts[0] === 'editor' || parts[0] === 'filters' || parts[0] === 'forms') return parts[0];
  return 'common';
}

const TRANSLATORS = new Set(['t', 'msg']);

function literalText(node: ts.Node | undefined): string | undefined {
  if (!node) return undefined;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  return undefined;
}

function calleeName(call: ts.CallExpression): string | undefined {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return undefined;
}

/** A message as the catalogs hold it: its key (the message, or message_context) and its English. */
export interface Message {
  key: string;
  message: string;
}

/** The context of a translator call: `t('x', { context: 'y' })` or `msg('x', 'y')`. */
function contextOf(call: ts.CallExpression, name: string): string | undefined {
  const second = call.arguments[1];
  if (!second) return undefined;
  if (name === 'msg') return literalText(second);
  if (!ts.isObjectLiteralExpression(second)) return undefined;
  for (const prop of second.properties) {
    if (ts.isPropertyAssignment(prop) && prop.name.getText() === 'context') return literalText(prop.initializer);
  }
  return undefined;
}

export interface Found {
  messages: Message[];
  /** Translator calls whose message is built at run time from a template: extraction cannot see them. */
  built: Array<{ line: number; text: string }>;
}

/** The messages written in one file. */
export function messagesIn(fileName: string, source: string): Found {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: Found = { messages: [], built: [] };
  const visit = (node: ts.Node): void => {
    const name = ts.isCallExpression(node) ? calleeName(node) : undefined;
    if (ts.isCallExpression(node) && name && TRANSLATORS.has(name)) {
      const [first] = node.arguments;
      // t(msg('From', 'sender')): the inner msg holds the message (visited below).
      if (first && ts.isCallExpression(first) && calleeName(first) === 'msg') {
        ts.forEachChild(node, visit);
        return;
      }
      const text = literalText(first);
      const context = contextOf(node, name);
      if (text !== undefined) found.messages.push({ key: context ? `${text}_${context}` : text, message: text });
      else if (first && ts.isTemplateExpression(first)) {
        found.built.push({
          line: file.getLineAndCharacterOfPosition(first.getStart()).line + 1,
          text: first.getText(),
        });
      }
    }
    if (ts.isJsxAttribute(node) && node.name.getText() === 'i18nKey') {
      const text = node.initializer && ts.isStringLiteral(node.initializer) ? node.initializer.text : undefined;
      if (text !== undefined) found.messages.push({ key: text, message: text });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}
