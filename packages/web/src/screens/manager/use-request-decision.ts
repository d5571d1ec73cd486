// The staff decision controller: the request loaded afresh, the chosen status and a new observation
// (required where the workflow says so), the PUT of the full row with its version, the stale-version
// case (message and reload) and the way back to the staff list with a toast.
import { ENUMS, type EnumName } from '@bank/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { entityQueries, type EntityRow } from '../../api/entities';
import { isHttpError } from '../../api/http-error';
import { managerMutations } from '../../api/manager';
import { codecOf } from '../../fields/codecs';
import type { FormValue, FormValues } from '../../fields/types';
import { useCanDecide } from '../../workflow/use-can-decide';
import { managerPaths, type RequestType } from './request-types';

/**
 * What a decision sends: the id, the version it was made on, the status, the observation and the workflow's
 * decision fields as the form holds them. The server merges it over the request and changes nothing else.
 */
export function decisionBody(
  type: RequestType,
  row: EntityRow,
  status: string,
  observation: string,
  inputs: FormValues = {},
): EntityRow {
  const body: EntityRow = { id: row.id, version: row.version };
  for (const [name, value] of Object.entries(inputs)) {
    const field = type.entity.field(name)!;
    Object.assign(body, codecOf(field).write(field, value));
  }
  body[type.workflow.status] = status;
  if (type.workflow.comment) body[type.workflow.comment] = observation.trim();
  return body;
}

/** The statuses a decision may set: the workflow's targets, else the whole enum (the staff form offers all). */
export function decisionTargets(type: RequestType): readonly string[] {
  const field = type.entity.field(type.workflow.status)!;
  return type.workflow.targets ?? ENUMS[field.enum as EnumName].values;
}

export function useRequestDecision(type: RequestType, id: number) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canDecide = useCanDecide(type.entity.name);
  // Always fetched afresh: the version sent back must be the current one.
  const loaded = useQuery({ ...entityQueries(type.entity).get(id), refetchOnMount: 'always' });
  const row = loaded.isFetchedAfterMount ? loaded.data : undefined;
  const [status, setStatus] = useState<string | null>(null);
  const [observation, setObservation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  const [inputs, setInputs] = useState<FormValues | null>(null);
  const decide = useMutation(managerMutations(queryClient).decide(type.entity));
  const currentStatus = row ? String(row[type.workflow.status] ?? '') : '';
  // A finished request no longer changes (the server refuses it too): its form is read-only.
  const finished = type.workflow.finalStatuses?.includes(currentStatus) ?? false;
  const inputValues =
    inputs ??
    (row
      ? Object.fromEntries(
          (type.workflow.decisionFields ?? []).map((name) => {
            const field = type.entity.field(name)!;
            return [name, codecOf(field).read(field, row)];
          }),
        )
      : {});

  const submit = async (target?: string) => {
    if (!row) return;
    const chosen = target ?? status ?? currentStatus;
    if (type.workflow.commentRequired && observation.trim() === '') {
      setError(t('manager.form.observationRequired'));
      return;
    }
    setError(null);
    setConflict(false);
    try {
      await decide.mutateAsync(decisionBody(type, row, chosen, observation, inputValues));
      await navigate(managerPaths(type).list);
    } catch (failure) {
      // The same person giving both validations of a large amount: said under the observation.
      if (
        isHttpError(failure, 409) &&
        (failure.body as { message?: string } | null)?.message === 'error.sameApprover'
      ) {
        setError(t('error.sameApprover'));
      } else if (isHttpError(failure, 409)) {
        setConflict(true);
        await loaded.refetch();
      }
    }
  };

  return {
    row,
    isLoading: !row && !loaded.isError,
    loadFailed: loaded.isError,
    canDecide: canDecide && !finished,
    finished,
    inputs: inputValues,
    setInput: (name: string, value: FormValue) => setInputs({ ...inputValues, [name]: value }),
    status: status ?? currentStatus,
    setStatus,
    targets: decisionTargets(type),
    observation,
    setObservation: (text: string) => {
      setObservation(text);
      if (text.trim()) setError(null);
    },
    error,
    conflict,
    isSaving: decide.isPending,
    submit,
  };
}
