/**
 * Marks a message written where no translator is at hand (a module-level list of labels, a table of
 * statuses), so extraction finds it; the screen translates it when it renders: `t(label)`.
 * Without a context it returns the message unchanged. A context tells apart one English word that
 * needs two translations (`msg('From', 'sender')`): it returns i18next's key for it (`From_sender`),
 * which `t` turns into the right words in every language, English included.
 */
export function msg<const T extends string>(message: T): T;
export function msg(message: string, context: string): string;
export function msg(message: string, context?: string): string {
  return context ? `${message}_${context}` : message;
}
