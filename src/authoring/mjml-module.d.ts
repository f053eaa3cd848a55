// The part of mjml's (untyped) API that mjml.ts uses.
declare module 'mjml' {
  export interface MjmlError {
    line: number;
    message: string;
    tagName: string;
  }
  export interface MjmlOptions {
    validationLevel?: 'strict' | 'soft' | 'skip';
    ignoreIncludes?: boolean;
    keepComments?: boolean;
    fonts?: Record<string, string>;
  }
  export default function mjml2html(
    input: string,
    options?: MjmlOptions,
  ): Promise<{ html: string; errors: MjmlError[] }>;
}
