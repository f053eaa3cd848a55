/** What every step type's controls take, and where the API names their errors. */
import { fieldError } from '../../../api/client.ts';

export interface FieldsProps<D> {
  draft: D;
  onChange: (next: D) => void;
  error: unknown;
}

/** The API's message for one of the step's settings (`config.<field>`). */
export const configError = (error: unknown, field: string) => fieldError(error, `config.${field}`);
