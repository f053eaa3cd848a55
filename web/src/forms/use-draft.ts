/**
 * One form state for every form that edits something: the draft over the saved values, bindings for
 * its inputs, whether it changed, the checks made before asking, the API's refusals under their
 * fields or above the form, Ctrl/⌘+S, and the question before leaving with unsaved changes.
 *
 * The draft follows the saved values until the person changes something, and again after a save or
 * a discard: a save's refresh, or another tab's change, shows up in an untouched form without an
 * effect copying props into state.
 */
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnsavedChanges } from '../components/LeaveGuard.tsx';
import { useSaveShortcut } from '../lib/use-save-shortcut.ts';
import { apiFieldError, formLevelError, sameValue, valueAt } from './draft-errors.ts';

type KeysOf<D, V> = { [K in keyof D]: D[K] extends V ? K : never }[keyof D] & string;

/**
 * The write a form saves with: a `useAction` result. Methods, so either of two writes with bodies of
 * their own (create or update) fits where the form's body fits both.
 */
export interface DraftSave<B> {
  mutate(body: B, options?: { onSuccess?: () => void }): void;
  mutateAsync(body: B): Promise<unknown>;
  reset(): void;
  isPending: boolean;
  error: Error | null;
}

export interface DraftOptions<D, B> {
  /** The request body the draft makes (an edit may send only what changed from the saved values). */
  toBody: (draft: D) => B;
  /** The write: `useAction(<resource>Mutations.save(…), { onSuccess, inline: true })`. */
  save: DraftSave<B>;
  /** Checks made before asking the API (a number typed as words): the message of each field that fails. */
  check?: (draft: D) => Partial<Record<string, string>>;
  /** Error codes that belong to a field though the API names none: `{ UNVERIFIED_DOMAIN: 'from' }`. */
  codeFields?: Record<string, string>;
  /** The question before leaving with unsaved changes. */
  leaveMessage?: string;
  /** Fields named by the API that the form shows besides the body's keys. */
  fields?: readonly string[];
  /**
   * The form sends something (a test email, a schedule) rather than editing a record: Ctrl/⌘+S does
   * not send it, leaving does not ask, and what was typed stays after a success for the next send.
   */
  sends?: boolean;
  /**
   * Whether the draft, once checked, changes nothing the API would see (an address saved as it was):
   * then nothing is asked, the draft follows the saved values again, and `onUnchanged` runs.
   */
  unchanged?: (draft: D) => boolean;
  onUnchanged?: () => void;
}

export interface Draft<D> {
  value: D;
  set: (patch: Partial<D>) => void;
  /** A text input's value, onChange and error; `field` when the API calls it otherwise. */
  text: <K extends KeysOf<D, string>>(
    key: K,
    field?: string,
  ) => { value: string; onChange: (e: { target: { value: string } }) => void; error?: string };
  /** A checkbox's checked and onChange. */
  checkbox: <K extends KeysOf<D, boolean>>(
    key: K,
  ) => { checked: boolean; onChange: (e: { target: { checked: boolean } }) => void };
  /**
   * The message under `field`: a failed check, or the API's, until draft `key` (the field's own by
   * default; a path such as `abTest.variants[1].subject` too) changes.
   */
  error: (field: string, key?: string) => string | undefined;
  /** The API's refusal that no field shows, for above the form. */
  formError: unknown;
  dirty: boolean;
  saving: boolean;
  /** Checks, then saves (a form's onSubmit). */
  submit: (e?: FormEvent) => void;
  /**
   * Saves pending changes first: 'saved' once nothing is left unsaved, 'checks' when a check failed
   * (the fields say why), 'refused' when the API refused or could not be asked (the form says why).
   */
  saveFirst: () => Promise<'saved' | 'checks' | 'refused'>;
  /** Back to the saved values, forgetting the last refusal. */
  reset: () => void;
}

interface State<D> {
  /** null while the form shows the saved values. */
  draft: D | null;
  /** The draft as last submitted: a field's refusal shows until that field changes. */
  submitted: D | null;
  checks: Partial<Record<string, string>>;
}

export function useDraft<D extends object, B>(saved: D, options: DraftOptions<D, B>): Draft<D> {
  const { t } = useTranslation();
  const { toBody, save, check, codeFields, fields = [] } = options;
  const [state, setState] = useState<State<D>>({ draft: null, submitted: null, checks: {} });
  const value = state.draft ?? saved;
  const dirty = state.draft !== null && !sameValue(state.draft, saved);
  const saving = save.isPending;
  useUnsavedChanges(
    dirty && !saving && !options.sends,
    options.leaveMessage ?? t('Your changes are not saved yet. Leave and lose them?'),
  );

  const set = (patch: Partial<D>) => setState((s) => ({ ...s, draft: { ...(s.draft ?? saved), ...patch } }));
  const followSaved = () => setState({ draft: null, submitted: null, checks: {} });
  /** Runs the checks on what is on screen; the body to send when they pass. */
  const checked = (): { body: B } | undefined => {
    const checks = Object.fromEntries(Object.entries(check?.(value) ?? {}).filter(([, m]) => m));
    setState((s) => ({ ...s, submitted: value, checks }));
    return Object.keys(checks).length > 0 ? undefined : { body: toBody(value) };
  };
  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (saving) return;
    const ok = checked();
    if (!ok) return;
    if (options.unchanged?.(value)) {
      followSaved();
      options.onUnchanged?.();
      return;
    }
    if (options.sends) save.mutate(ok.body);
    else save.mutate(ok.body, { onSuccess: followSaved });
  };
  useSaveShortcut(() => {
    if (dirty && !options.sends) submit();
  });

  /** Whether `key` of the draft (a path inside it too) changed since the last submit (its refusal no longer applies). */
  const changedSinceSubmit = (key: string) => {
    if (state.submitted === null) return false;
    const now = valueAt(value, key);
    return now.found && !sameValue(now.value, valueAt(state.submitted, key).value);
  };
  const error = (field: string, key = field) =>
    changedSinceSubmit(key) ? undefined : (state.checks[field] ?? apiFieldError(save.error, field, codeFields));
  const bodyFields = state.submitted ? Object.keys(toBody(state.submitted) as object) : [];

  return {
    value,
    set,
    text: (key, field = key) => ({
      value: value[key] as string,
      onChange: (e) => set({ [key]: e.target.value } as Partial<D>),
      error: error(field, key),
    }),
    checkbox: (key) => ({
      checked: value[key] as boolean,
      onChange: (e) => set({ [key]: e.target.checked } as Partial<D>),
    }),
    error,
    formError: formLevelError(save.error, [...bodyFields, ...fields], codeFields),
    dirty,
    saving,
    submit,
    saveFirst: async () => {
      if (!dirty) return 'saved';
      const ok = checked();
      if (!ok) return 'checks';
      try {
        await save.mutateAsync(ok.body);
        followSaved();
        return 'saved';
      } catch {
        return 'refused';
      }
    },
    reset: () => {
      followSaved();
      save.reset();
    },
  };
}

/** What a form's frame (DraftForm, FormDialog) needs of a draft, whatever its values. */
export type DraftControls = Pick<Draft<object>, 'submit' | 'formError' | 'saving' | 'dirty' | 'reset'>;
