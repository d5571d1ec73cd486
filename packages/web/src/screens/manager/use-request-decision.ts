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
import { useCanDecide } from '../../workflow/use-can-decide';
import { managerPaths, type RequestType } from './request-types';

/** The declared, writable fields of the row (joined fields and pictures stay behind), with id and version. */
export function decisionBody(type: RequestType, row: EntityRow, status: string, observation: string): EntityRow {
  const body: EntityRow = { id: row.id, version: row.version };
  for (const field of type.entity.fields) if (!field.readOnly && field.name in row) body[field.name] = row[field.name];
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
  const decide = useMutation(managerMutations(queryClient).decide(type.entity));
  const currentStatus = row ? String(row[type.workflow.status] ?? '') : '';

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
      await decide.mutateAsync(decisionBody(type, row, chosen, observation));
      await navigate(managerPaths(type).list);
    } catch (failure) {
      if (isHttpError(failure, 409)) {
        setConflict(true);
        await loaded.refetch();
      }
    }
  };

  return {
    row,
    isLoading: !row && !loaded.isError,
    loadFailed: loaded.isError,
    canDecide,
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
