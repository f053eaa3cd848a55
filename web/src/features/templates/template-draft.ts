/** A template as the editor holds it while it is edited (every field a string, as the inputs give it). */
import type { TemplateType } from './queries.ts';

export interface Draft {
  name: string;
  description: string;
  type: TemplateType;
  subject: string;
  from: string;
  fromName: string;
  replyTo: string;
  body: string;
}
