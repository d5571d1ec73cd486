// The subscription request form's controller (spec part 2 §2.9, §4, §8; DESIGN.md §5): values per
// field through the field codecs, iban and phoneNumber required besides the declared rules, and on
// 'Valider' of a new request the customer check, then — only on its 200 — the save of the request
// and its client subscription, confirmed by a toast; a refused check keeps the server's message for the warning modal,
// a failed save its French message. An existing request is saved as itself (PUT with its version).
// The values and the pack are kept as a draft until saved.
import { entityByName, type Entity, type Field } from '@bank/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { entityMutations, entityQueries } from '../../api/entities';
import { isHttpError } from '../../api/http-error';
import { subscriptionMutations } from '../../api/subscriptions';
import type { FormValue, FormValues, Message } from '../../fields/types';
import { validateValue } from '../../fields/validate';
import { useDraft, useKeptDraft } from '../../engine/use-draft';
import { buildBody, initialValues, readValues } from '../../engine/use-entity-form';
import { useEntityAccess } from '../../engine/use-entity-access';

export const SUBS_REQUEST = entityByName('subsRequest');
/** The inputs of the form, in order; the pack has its own selector. */
export const FORM_FIELDS = ['login', 'fullName', 'email', 'iban', 'phoneNumber', 'clientType', 'serenityServices'];
/** Required here besides the declaration's own (spec part 2 §5: iban and phoneNumber in the custom form). */
const ALSO_REQUIRED = new Set(['phoneNumber']);
export const SUBS_REQUEST_LIST = '/entity/subs-request';
/**
 * Where a new request's save leads (issue 38): its own type's list, every status, newest first, so the
 * request just saved heads it. Spec part 2 §2.9 closes to the subscribers' list, where the clerk found
 * neither the request nor a word that it was saved (docs/security.md, departures).
 */
export const AFTER_SAVE = `${SUBS_REQUEST_LIST}?status=all`;

export type Mode = 'new' | 'edit' | 'view';
export type Phase = 'idle' | 'checking' | 'saving';

/** A field as this form requires it. */
export const formField = (field: Field): Field =>
  ALSO_REQUIRED.has(field.name) ? { ...field, required: true } : field;

/** Every message of the form; `pack` when a new request has none chosen. */
export function validateForm(entity: Entity, values: FormValues, packId: string | null, mode: Mode) {
  const errors: Record<string, Message> = {};
  for (const name of FORM_FIELDS) {
    const error = validateValue(formField(entity.field(name)!), values[name]!);
    if (error) errors[name] = error;
  }
  if (mode === 'new' && !packId) errors.packId = { key: 'entity.validation.required' };
  return errors;
}

/** What the form's draft keeps. */
interface SubsDraft {
  values: FormValues;
  packId: string | null;
}

export function useSubsRequestForm(id: number | null, mode: Mode) {
  const entity = SUBS_REQUEST;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const access = useEntityAccess(entity);
  const loaded = useQuery({ ...entityQueries(entity).get(id ?? 0), enabled: id !== null, refetchOnMount: 'always' });
  // Per mode: a request only viewed has no draft.
  const draft = useDraft<SubsDraft>(`subsRequest:${mode}`, id);
  const [values, setValues] = useState<FormValues | null>(() =>
    id === null ? (draft.restored?.values ?? initialValues(entity)) : null,
  );
  const [version, setVersion] = useState<number | undefined>();
  const [packId, setPackId] = useState<string | null>(draft.restored?.packId ?? null);
  useKeptDraft(draft, values && { values, packId });
  const [errors, setErrors] = useState<Record<string, Message>>({});
  const [phase, setPhase] = useState<Phase>('idle');
  /** The server's reason when the customer check refuses (the warning modal). */
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saveFailed, setSaveFailed] = useState(false);
  if (id !== null && values === null && loaded.data && loaded.isFetchedAfterMount) {
    setValues(draft.restored?.values ?? readValues(entity, loaded.data));
    setVersion(loaded.data.version);
    const pack = loaded.data.packId;
    setPackId(draft.restored ? draft.restored.packId : typeof pack === 'number' ? String(pack) : null);
  }
  const mutations = subscriptionMutations(queryClient);
  const check = useMutation(mutations.check);
  const save = useMutation(mutations.save);
  const update = useMutation(entityMutations(entity, queryClient).update);

  const create = async (body: ReturnType<typeof buildBody>) => {
    setPhase('checking');
    try {
      await check.mutateAsync({
        iban: String(body.iban ?? ''),
        login: String(body.login ?? ''),
        email: String(body.email ?? ''),
      });
    } catch (failure) {
      setPhase('idle');
      if (isHttpError(failure, 400)) setRefusal(problemText(failure.body));
      return;
    }
    setPhase('saving');
    try {
      await save.mutateAsync({ subsRequestDTO: body, packId: Number(packId) });
    } catch {
      setPhase('idle');
      setSaveFailed(true);
      return;
    }
    setPhase('idle');
    draft.clear();
    await navigate(AFTER_SAVE);
  };

  const submit = async () => {
    if (!values || phase !== 'idle') return;
    const found = validateForm(entity, values, packId, mode);
    setErrors(found);
    setSaveFailed(false);
    if (Object.keys(found).length > 0) return;
    const body = {
      ...buildBody(entity, values, id === null ? 'create' : 'update'),
      packId: packId === null ? null : Number(packId),
    };
    if (id === null) return create(body);
    setPhase('saving');
    try {
      await update.mutateAsync({ ...body, id, version });
      draft.clear();
      await navigate(SUBS_REQUEST_LIST);
    } catch {
      // The toast told why (stale version, refused value).
    } finally {
      setPhase('idle');
    }
  };

  return {
    entity,
    allowed: mode === 'view' ? access.read : id === null ? access.create : access.update,
    isLoading: id !== null && values === null && !loaded.isError,
    loadFailed: loaded.isError,
    values,
    setValue: (name: string, value: FormValue) => {
      draft.touch();
      setValues((previous) => (previous ? { ...previous, [name]: value } : previous));
      if (errors[name]) {
        const error = validateValue(formField(entity.field(name)!), value);
        setErrors((previous) => (error ? { ...previous, [name]: error } : without(previous, name)));
      }
    },
    packId,
    setPackId: (value: string | null) => {
      draft.touch();
      setPackId(value);
      if (value) setErrors((previous) => without(previous, 'packId'));
    },
    errors,
    draft: {
      restored: draft.restored,
      discard: () => {
        draft.discard();
        const row = loaded.data;
        setValues(row ? readValues(entity, row) : initialValues(entity));
        setPackId(typeof row?.packId === 'number' ? String(row.packId) : null);
        setErrors({});
      },
    },
    phase,
    busy: phase !== 'idle',
    refusal,
    closeRefusal: () => setRefusal(null),
    saveFailed,
    /** What the operator quotes in the e-mail when the save fails: the account. */
    reference: typeof values?.iban === 'string' ? values.iban.trim() : '',
    submit,
  };
}

/** The text of a refusal: the problem's detail (the French reason), else its title. */
function problemText(body: unknown): string {
  if (typeof body === 'string') return body;
  if (typeof body === 'object' && body !== null) {
    const { detail, title } = body as { detail?: unknown; title?: unknown };
    if (typeof detail === 'string' && detail) return detail;
    if (typeof title === 'string' && title) return title;
  }
  return '';
}

function without<T>(record: Record<string, T>, name: string): Record<string, T> {
  const next = { ...record };
  delete next[name];
  return next;
}
