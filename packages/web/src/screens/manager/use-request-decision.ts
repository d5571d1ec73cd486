// The staff decision controller: the request loaded afresh, the chosen status and a new observation
// (required where the workflow says so), the PUT of the full row with its version, the stale-version
// case (message and reload), a save by someone else heard live, and where the user goes next: back to
// the list view the form was opened from (its search string), or on to that view's next request, which
// opens with no decision chosen: every decision is chosen on its own request, never carried over. The
// status chosen, the observation and the decision fields are kept as a draft until the decision is saved.
import { ENUMS, type EnumName } from '@bank/domain';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type RefObject, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { approvalsQuery } from '../../api/approvals';
import { entityQueries, type EntityRow } from '../../api/entities';
import { describeFailure } from '../../api/error-catalogue';
import { savedQuery } from '../../api/events';
import { isHttpError, problemKey } from '../../api/http-error';
import { DECISION_REFUSALS, managerMutations, managerQueries } from '../../api/manager';
import { useSession } from '../../auth/use-session';
import { useDraft, useKeptDraft } from '../../engine/use-draft';
import { codecOf } from '../../fields/codecs';
import type { FormValue, FormValues } from '../../fields/types';
import { useCanDecide } from '../../workflow/use-can-decide';
import { findNextRequest } from './next-request';
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

/** What a decision's draft keeps: what the user chose and typed. */
interface DecisionDraft {
  status: string | null;
  observation: string;
  inputs: FormValues | null;
}

/** `choice`: the status select, or the first decision button: where a decision asked for takes the focus. */
export function useRequestDecision(type: RequestType, id: number, choice: RefObject<HTMLElement | null>) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  // The list view the form was opened from: where it returns, and the queue "… et suivant" walks.
  const { search } = useLocation();
  const login = useSession().account?.login ?? '';
  const queryClient = useQueryClient();
  const canDecide = useCanDecide(type.entity.name);
  // Always fetched afresh: the version sent back must be the current one.
  const loaded = useQuery({ ...entityQueries(type.entity).get(id), refetchOnMount: 'always' });
  const row = loaded.isFetchedAfterMount ? loaded.data : undefined;
  const lastSave = useQuery(savedQuery(type.entity.resource, id)).data;
  const draft = useDraft<DecisionDraft>(`decision:${type.entity.name}`, id);
  // No decision until the user makes one (or their own draft holds one): never chosen for them.
  const [status, setStatus] = useState<string | null>(draft.restored?.status ?? null);
  const [choiceMissing, setChoiceMissing] = useState(false);
  const [observation, setObservation] = useState(draft.restored?.observation ?? '');
  const [error, setError] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  const [inputs, setInputs] = useState<FormValues | null>(draft.restored?.inputs ?? null);
  useKeptDraft(draft, { status, observation, inputs });
  const decide = useMutation(managerMutations(queryClient).decide(type.entity));
  const currentStatus = row ? String(row[type.workflow.status] ?? '') : '';
  // A finished request no longer changes (the server refuses it too): its form is read-only.
  const finished = type.workflow.finalStatuses?.includes(currentStatus) ?? false;
  // Maker is not checker: whoever filed the request (null: the customer, online) does not decide it.
  const filer = Boolean(row?.filedBy) && row?.filedBy === login;
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
  // Once this form's own save is sent, the form is on its way elsewhere: nothing more to save or to hear.
  const sent = decide.isPending || decide.isSuccess;
  const savedElsewhere =
    lastSave && row && lastSave.version > (row.version ?? 0) && !sent ? { login: lastSave.login } : null;

  /** The row, its history and its approvals as they are now; what the user typed stays. */
  const reload = async () => {
    await Promise.all([
      loaded.refetch(),
      queryClient.invalidateQueries({ queryKey: managerQueries.story(type.history.logEntity, id).queryKey }),
      queryClient.invalidateQueries({ queryKey: approvalsQuery(type.entity, id).queryKey }),
    ]);
  };

  /** After a decision: the view's next request when asked and there is one, else the list view. */
  const leave = async (next: boolean) => {
    if (next) {
      // A failure to look (the network) falls back to the list, without claiming the queue is empty.
      const nextId = await findNextRequest(queryClient, type, search, id, login).catch(() => undefined);
      if (typeof nextId === 'number') return navigate(`${managerPaths(type).edit(nextId)}${search}`);
      if (nextId === null) notifications.show({ color: 'blue', message: t('manager.decisionFlow.queueEmpty') });
    }
    return navigate(`${managerPaths(type).list}${search}`);
  };

  /**
   * Saves the decision (`target`, else the status chosen), then leaves; `next`: on to the next request.
   * Without either, nothing is sent: the form asks for a decision and puts the focus on the choice.
   */
  const submit = async (target?: string, next = false) => {
    if (!row || sent) return;
    const chosen = target ?? status;
    if (!chosen) {
      setChoiceMissing(true);
      choice.current?.focus();
      return;
    }
    if (type.workflow.commentRequired && observation.trim() === '') {
      setError(t('manager.form.observationRequired'));
      return;
    }
    setError(null);
    setConflict(false);
    try {
      await decide.mutateAsync(decisionBody(type, row, chosen, observation, inputValues));
    } catch (failure) {
      // A rule the decision broke (the same person validating twice, the filer deciding): said under the observation.
      if (DECISION_REFUSALS.includes(problemKey(failure) ?? '')) {
        setError(describeFailure(failure, i18n)[0]!);
      } else if (isHttpError(failure, 409)) {
        setConflict(true);
        await reload();
      }
      return;
    }
    draft.clear();
    await leave(next);
  };

  return {
    row,
    isLoading: !row && !loaded.isError,
    loadFailed: loaded.isError,
    canDecide: canDecide && !finished && !filer,
    finished,
    /** The viewer filed this request: another staff member decides it. */
    filer,
    inputs: inputValues,
    setInput: (name: string, value: FormValue) => {
      draft.touch();
      setInputs({ ...inputValues, [name]: value });
    },
    /** The request's status as saved. */
    currentStatus,
    /** The status chosen for the decision; null until the user chooses one. */
    status,
    setStatus: (value: string) => {
      draft.touch();
      setStatus(value);
      setChoiceMissing(false);
    },
    /** A decision was asked for without one chosen: the form says so beside the choice. */
    choiceMissing,
    targets: decisionTargets(type),
    observation,
    setObservation: (text: string) => {
      draft.touch();
      setObservation(text);
      if (text.trim()) setError(null);
    },
    error,
    conflict,
    draft: {
      restored: draft.restored,
      discard: () => {
        draft.discard();
        setStatus(null);
        setObservation('');
        setInputs(null);
      },
    },
    /** Who saved the request since it was loaded here (heard on the event stream), or null. */
    savedElsewhere,
    reload,
    /** The list view the form was opened from. */
    listPath: `${managerPaths(type).list}${search}`,
    isSaving: sent,
    submit,
  };
}

export type RequestDecision = ReturnType<typeof useRequestDecision>;
