/** The block document's types, from the API's own schema (BlockDocument in /openapi.json). */
import type { components } from '../../../client/schema.d.ts';

type Schemas = components['schemas'];

export type BlockDocument = Schemas['BlockDocument'];
export type DocumentStyle = Schemas['DocumentStyle'];
export type Block = Schemas['Block'];
/** A block that may stand in a column: any but columns. */
export type LeafBlock = Schemas['LeafBlock'];
export type BlockType = Block['type'];
export type Align = NonNullable<Block['align']>;
export type SocialNetwork = Schemas['SocialBlock']['links'][number]['network'];
