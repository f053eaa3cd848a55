/**
 * The block document's types, as the API defines them (BlockDocument in /openapi.json).
 * Temporary: until the typed client carries BlockDocument, written out here from the contract.
 */
export type Align = 'left' | 'center' | 'right';

interface Common {
  /** The editor's own key for the block; the API keeps it as it is. */
  id?: string;
  align?: Align;
  /** CSS padding, e.g. "10px 25px". */
  padding?: string;
}

export type SocialNetwork = 'facebook' | 'x' | 'instagram' | 'linkedin' | 'youtube' | 'github' | 'web';

export type Block = Common &
  (
    | { type: 'heading'; text: string; level?: 1 | 2 | 3 }
    | { type: 'text'; html: string }
    | { type: 'button'; label: string; href: string; backgroundColor?: string; textColor?: string }
    | { type: 'image'; src: string; alt: string; href?: string; width?: number }
    | { type: 'divider' }
    | { type: 'spacer'; height: number }
    | { type: 'columns'; columns: Block[][] }
    | { type: 'social'; links: Array<{ network: SocialNetwork; href: string }> }
    | { type: 'html'; html: string }
  );

export type BlockType = Block['type'];

export interface DocumentStyle {
  backgroundColor?: string;
  contentBackgroundColor?: string;
  /** 480–800 px; 600 when not set. */
  contentWidth?: number;
  fontFamily?: string;
  textColor?: string;
  linkColor?: string;
}

export interface BlockDocument {
  version: 1;
  style?: DocumentStyle;
  blocks: Block[];
}
