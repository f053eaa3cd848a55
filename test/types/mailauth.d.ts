// The part of mailauth's (untyped) DKIM verifier the tests use.
declare module 'mailauth/lib/dkim/verify.js' {
  export interface DkimResult {
    signingDomain: string;
    selector: string;
    signingHeaders: { keys: string; headers: string[] };
    status: { result: 'pass' | 'fail' | 'neutral' | 'none' | 'policy' | 'temperror' | 'permerror'; comment?: string };
  }
  export function dkimVerify(
    input: Buffer | string,
    options: { resolver: (name: string, type: string) => Promise<string[][]> },
  ): Promise<{ results: DkimResult[] }>;
}
