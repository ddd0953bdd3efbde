/**
 * What both players do with answers: record each one as it is given (for the live class
 * view) and post the finished task's sbArr, reporting the outcome in one shape.
 */
import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay/hooks';
import { answerStatusOf, buildSbArr, type Answer } from './result';
import { isPreview } from './PreviewNote';
import { NetworkError } from '../../RelayEnvironment';
import type { useTaskResultAnswerMutation } from './__generated__/useTaskResultAnswerMutation.graphql';
import type { useTaskResultSubmitMutation } from './__generated__/useTaskResultSubmitMutation.graphql';

export type Outcome =
  /** `preview`: a teacher tried the task; nothing was sent. */
  | { saved: true; correct: number; total: number; nextTask: string | null; wrongSpellings: { word: string; typed: string }[]; preview?: true }
  | { saved: false; correct: number; total: number; error: string };

/** Waits before each new try of a result post that did not get through (about 15 s in all). */
const RESEND_AFTER_MS = [1000, 4000, 10_000];

export function useTaskResult(label: string) {
  const [commitAnswer] = useMutation<useTaskResultAnswerMutation>(graphql`
    mutation useTaskResultAnswerMutation($input: AnswerInput!) {
      recordAnswer(input: $input) {
        __typename
      }
    }
  `);
  const [commitResult] = useMutation<useTaskResultSubmitMutation>(graphql`
    mutation useTaskResultSubmitMutation($sbArr: JSON!) {
      submitResult(sbArr: $sbArr) {
        __typename
        ... on ResultPayload {
          score
          nextTask
          wrongSpellings {
            word
            typed
          }
        }
        ... on ValidationError {
          message
        }
        ... on NotFoundError {
          message
        }
        ... on ConflictError {
          message
        }
        ... on ForbiddenError {
          message
        }
      }
    }
  `);

  /** Records answer number `position` (from 1); a failure only costs the live view this answer. */
  const recordAnswer = useCallback(
    (position: number, answer: Answer) =>
      isPreview() ||
      commitAnswer({
        variables: { input: { taskId: label, position, word: answer.word, typed: answer.typed, ...answerStatusOf(answer.status) } },
        onError: () => {},
      }),
    [commitAnswer, label],
  );

  /**
   * Posts every answer as the spec's sbArr; `done` receives what happened. A post that does not
   * get through (the network, or the server restarting) is sent again a few times before the
   * student is told, one that gets no answer in time (REQUEST_TIMEOUT_MS) is told at once: the
   * server keeps one result per task, so a repeat is never counted twice.
   */
  const postResult = useCallback(
    (answers: Answer[], done: (outcome: Outcome) => void) => {
      const { sbArr, correct } = buildSbArr(label, answers);
      const total = answers.length;
      if (isPreview()) {
        // Results are a student's: a teacher's try ends here, with its wrong spellings shown all the same.
        const wrongSpellings = answers.filter((a) => a.status === 'x').map((a) => ({ word: a.word, typed: a.typed.trim() }));
        window.setTimeout(() => done({ saved: true, correct, total, nextTask: null, wrongSpellings, preview: true }));
        return { correct, total };
      }
      const attempt = (n: number) =>
        commitResult({
          variables: { sbArr },
          onCompleted: ({ submitResult: r }) => {
            if (r.__typename === 'ResultPayload') {
              done({
                saved: true,
                correct,
                total,
                nextTask: r.nextTask ?? null,
                wrongSpellings: r.wrongSpellings.map((w) => ({ word: w.word, typed: w.typed })),
              });
            } else {
              done({ saved: false, correct, total, error: r.__typename === '%other' ? 'unexpected reply' : r.message });
            }
          },
          onError: (error) => {
            // A post left unanswered for its whole time is not sent again by itself: after that
            // long the student is told at once, and Send again is theirs to press.
            const waitedOut = error instanceof NetworkError && error.timedOut;
            if (n < RESEND_AFTER_MS.length && !waitedOut) window.setTimeout(() => attempt(n + 1), RESEND_AFTER_MS[n]);
            else done({ saved: false, correct, total, error: error.message });
          },
        });
      attempt(0);
      return { correct, total };
    },
    [commitResult, label],
  );

  return { recordAnswer, postResult };
}
