/**
 * Compiles MJML to the HTML that is sent, with mjml's strict validation: an error is a 422 naming the
 * field and the line. `mj-include` is never followed (a template cannot read files), and Liquid in the
 * source comes out whole (restoreLiquid), to run per recipient at send time.
 */
import mjml2html, { type MjmlError } from 'mjml';
import { type AppError, invalid, invalidFields } from '../errors.ts';
import { assertTemplateSyntax } from '../mail/render/liquid.ts';
import { restoreLiquid } from './liquid-text.ts';

const MAX_REPORTED = 10;

function compileErrors(field: string, errors: MjmlError[]): AppError {
  return invalidFields(
    errors.slice(0, MAX_REPORTED).map((e) => ({
      field,
      message: `line ${e.line}: ${e.message}`.slice(0, 300),
      code: 'INVALID_MJML',
    })),
  );
}

/** The HTML of `source` (Liquid kept); 422 naming `field` for MJML that does not validate or Liquid that does not parse. */
export async function compileMjml(field: string, source: string): Promise<string> {
  if (!/<mjml[\s>]/i.test(source))
    throw invalid(field, 'must be an MJML document: <mjml><mj-body>…</mj-body></mjml>', 'INVALID_MJML');
  let html: string;
  try {
    const out = await mjml2html(source, {
      validationLevel: 'strict',
      ignoreIncludes: true,
      keepComments: false,
      fonts: {},
    });
    html = out.html;
  } catch (err) {
    const errors = (err as { errors?: MjmlError[] }).errors;
    if (Array.isArray(errors) && errors.length > 0) throw compileErrors(field, errors);
    throw invalid(field, `is not valid MJML: ${String((err as Error).message ?? err).split('\n')[0]}`, 'INVALID_MJML');
  }
  const restored = restoreLiquid(html);
  assertTemplateSyntax(field, 'body', restored);
  return restored;
}
