/**
 * The HTML a person pastes into a static site to collect sign-ups: a plain form posting to the
 * project's hosted form address, with the configured fields, the topics offered and the hidden
 * honeypot, named as the hosted form names them (`email`, `data.<key>`, `topic.<id>`, `website`).
 * Every value put into it is escaped. Pure.
 */
import type { SignupFieldType } from './consent-draft.ts';

export interface SnippetInput {
  /** `<origin>/join/<projectId>`. */
  action: string;
  title: string;
  description: string;
  fields: Array<{ key: string; label: string; type: SignupFieldType; required: boolean }>;
  topics: Array<{ id: string; name: string }>;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text safe inside an element and inside a double- or single-quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** The URL of a project's hosted sign-up form on the server at `origin`. */
export function hostedFormUrl(origin: string, projectId: string): string {
  return `${origin.replace(/\/+$/, '')}/join/${encodeURIComponent(projectId)}`;
}

function fieldHtml(f: SnippetInput['fields'][number]): string[] {
  const name = escapeHtml(`data.${f.key}`);
  const label = escapeHtml(f.label || f.key);
  const required = f.required ? ' required' : '';
  if (f.type === 'boolean') {
    return [`  <p><label><input type="checkbox" name="${name}" value="true"${required}> ${label}</label></p>`];
  }
  const type = f.type === 'number' ? 'type="number" step="any"' : 'type="text"';
  return [`  <p><label>${label}<br><input ${type} name="${name}"${required}></label></p>`];
}

/** The form's HTML, indented two spaces a level, ending with a newline. */
export function signupSnippet(input: SnippetInput): string {
  const lines = [`<form method="post" action="${escapeHtml(input.action)}">`];
  if (input.title.trim()) lines.push(`  <h2>${escapeHtml(input.title.trim())}</h2>`);
  if (input.description.trim()) lines.push(`  <p>${escapeHtml(input.description.trim())}</p>`);
  lines.push('  <p><label>Email<br><input type="email" name="email" required autocomplete="email"></label></p>');
  for (const f of input.fields) lines.push(...fieldHtml(f));
  if (input.topics.length > 0) {
    lines.push('  <fieldset>', '    <legend>Topics</legend>');
    for (const t of input.topics) {
      lines.push(
        `    <label><input type="checkbox" name="${escapeHtml(`topic.${t.id}`)}" value="true"> ${escapeHtml(t.name)}</label><br>`,
      );
    }
    lines.push('  </fieldset>');
  }
  // The honeypot: people never see or fill it; a bot that fills it is answered as usual and ignored.
  lines.push(
    '  <div style="position:absolute;left:-10000px" aria-hidden="true">',
    '    <label>Website <input type="text" name="website" tabindex="-1" autocomplete="off"></label>',
    '  </div>',
    '  <button type="submit">Subscribe</button>',
    '</form>',
  );
  return `${lines.join('\n')}\n`;
}
