// useEntityForm: the headless controller of every create and edit form — values per field kind, kept as a
// draft until saved (secrets excepted), client validation with the server's rules, server field errors,
// save and the way back to the list.
import { fieldWrite, type Entity, type Field, type FieldWrite } from '@bank/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { entityMutations, entityQueries, type EntityBody, type EntityRow } from '../api/entities';
import { figureValues } from '../api/error-catalogue';
import { isHttpError } from '../api/http-error';
import { useSession } from '../auth/use-session';
import { codecOf } from '../fields/codecs';
import type { FormValue, FormValues, Message } from '../fields/types';
import { mapServerErrors, validateValue, validateValues, type ServerFieldError } from '../fields/validate';
import { type Draft, useDraft, useKeptDraft } from './use-draft';
import { useEntityAccess } from './use-entity-access';
import { useEntityPaths } from './use-entity-route';

export type SubmitResult = 'saved' | 'invalid' | 'failed';

export interface EntityForm {
  entity: Entity;
  /** null on create. */
  id: number | null;
  allowed: boolean;
  /** The row is still coming (edit). */
  isLoading: boolean;
  loadFailed: boolean;
  values: FormValues | null;
  errors: Record<string, Message>;
  /** Server errors that name no field of the form. */
  formErrors: Message[];
  /** How this form's write treats a field for the signed-in user (open, set by the server, kept by other roles). */
  writeOf(field: Field): FieldWrite;
  /** Sets and checks a value; a missing required value is only reported from the first save on. */
  setValue(name: string, value: FormValue): void;
  submit(event?: FormEvent): Promise<SubmitResult>;
  isSaving: boolean;
  draft: Pick<Draft<FormValues>, 'restored' | 'discard'>;
}

const REQUIRED = 'entity.validation.required';

/** A new form: enum and bool defaults set; createdAt left empty for the server to stamp. */
export const initialValues = (entity: Entity): FormValues =>
  Object.fromEntries(entity.fields.map((field) => [field.name, codecOf(field).initial(field)]));

export const readValues = (entity: Entity, row: EntityRow): FormValues =>
  Object.fromEntries(entity.fields.map((field) => [field.name, codecOf(field).read(field, row)]));

/**
 * The body of a create or update: the fields that write may set for these authorities (the server sets or
 * refuses the others).
 */
export function buildBody(
  entity: Entity,
  values: FormValues,
  action: 'create' | 'update' = 'create',
  authorities?: readonly string[],
): EntityBody {
  const body: EntityBody = {};
  for (const field of entity.fields) {
    if (fieldWrite(entity, field, action, authorities) === 'open')
      Object.assign(body, codecOf(field).write(field, values[field.name]!));
  }
  return body;
}

/** What a draft keeps of the values: not the secrets (passwords never go to the browser's storage). */
const draftValues = (entity: Entity, values: FormValues | null): FormValues | null =>
  values && Object.fromEntries(Object.entries(values).filter(([name]) => entity.field(name)?.kind !== 'secret'));

function serverFieldErrors(error: unknown): ServerFieldError[] | null {
  if (!isHttpError(error, 400) || typeof error.body !== 'object' || error.body === null) return null;
  const fieldErrors = (error.body as { fieldErrors?: unknown }).fieldErrors;
  return Array.isArray(fieldErrors) ? (fieldErrors as ServerFieldError[]) : null;
}

/**
 * Create (id null) or edit (id) any entity of the registry.
 * @example const form = useEntityForm(branch, null); <form onSubmit={form.submit}>
 */
export function useEntityForm(entity: Entity, id: number | null): EntityForm {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const access = useEntityAccess(entity);
  const { account } = useSession();
  const action = id === null ? 'create' : 'update';
  const writeOf = (field: Field) => fieldWrite(entity, field, action, account?.authorities);
  const listPath = useEntityPaths(entity).list;
  const allowed = id === null ? access.create : access.update;
  // Always fetched afresh: the version sent back must be the current one (409 otherwise).
  const loaded = useQuery({
    ...entityQueries(entity).get(id ?? 0),
    enabled: id !== null && allowed,
    refetchOnMount: 'always',
  });
  const [row, setRow] = useState<EntityRow | null>(null);
  const [values, setValues] = useState<FormValues | null>(() => (id === null ? initialValues(entity) : null));
  const draft = useDraft<FormValues>(`entity:${entity.name}`, id);
  useKeptDraft(draft, draftValues(entity, values));
  // A draft restored over the new form, or over the row once loaded (below).
  const [restoredOnce, setRestoredOnce] = useState(false);
  if (!restoredOnce && draft.restored && values) {
    setRestoredOnce(true);
    setValues({ ...values, ...draft.restored });
  }
  const [errors, setErrors] = useState<Record<string, Message>>({});
  const [formErrors, setFormErrors] = useState<Message[]>([]);
  const [submitted, setSubmitted] = useState(false);
  // The form edits a copy of the row taken once: a later refetch does not undo what was typed.
  if (id !== null && row === null && loaded.data && loaded.isFetchedAfterMount) {
    setRow(loaded.data);
    setValues(readValues(entity, loaded.data));
  }
  const mutations = entityMutations(entity, queryClient);
  const create = useMutation(mutations.create);
  const update = useMutation(mutations.update);

  const check = (name: string, value: FormValue, strict: boolean) => {
    const field = entity.field(name);
    const error = field ? validateValue(field, value) : null;
    setErrors((previous) => {
      const next = { ...previous };
      if (error && (strict || error.key !== REQUIRED)) next[name] = error;
      else delete next[name];
      return next;
    });
  };

  const submit = async (event?: FormEvent): Promise<SubmitResult> => {
    event?.preventDefault();
    if (!values) return 'invalid';
    setSubmitted(true);
    setFormErrors([]);
    const found = validateValues(entity, values, (field) => writeOf(field) === 'open');
    setErrors(found);
    if (Object.keys(found).length > 0) return 'invalid';
    const body = buildBody(entity, values, action, account?.authorities);
    try {
      if (id === null) await create.mutateAsync(body);
      else await update.mutateAsync({ ...body, id, version: row?.version });
      draft.clear();
      await navigate(listPath);
      return 'saved';
    } catch (error) {
      const fieldErrors = serverFieldErrors(error);
      if (!fieldErrors) return 'failed';
      const mapped = mapServerErrors(entity, fieldErrors, figureValues(isHttpError(error) ? error.body : null));
      setErrors(mapped.errors);
      setFormErrors(mapped.unplaced);
      return 'invalid';
    }
  };

  return {
    entity,
    id,
    allowed,
    isLoading: id !== null && allowed && values === null && !loaded.isError,
    loadFailed: loaded.isError,
    values,
    errors,
    formErrors,
    writeOf,
    setValue: (name, value) => {
      draft.touch();
      setValues((previous) => (previous ? { ...previous, [name]: value } : previous));
      check(name, value, submitted);
    },
    submit,
    isSaving: create.isPending || update.isPending,
    draft: {
      restored: draft.restored,
      discard: () => {
        draft.discard();
        setValues(row ? readValues(entity, row) : initialValues(entity));
        setErrors({});
      },
    },
  };
}
