/**
 * After a teacher logs in, the class the server kept selected (the last one chosen, or their only
 * class) is selected again: the spec's session storage keys (selectedClassname, sc-tbTaskType, …)
 * are filled as SelectClass fills them, and every screen reading them follows.
 */
import { fetchQuery, graphql } from 'react-relay/hooks';
import { environment } from '../../RelayEnvironment';
import { storeSelectedClass } from './classStorage';
import type { restoreSelectionQuery } from './__generated__/restoreSelectionQuery.graphql';

export async function restoreSelectedClass(): Promise<void> {
  try {
    const data = await fetchQuery<restoreSelectionQuery>(
      environment,
      graphql`
        query restoreSelectionQuery {
          viewer {
            selectedClass {
              name
              schoolLevel
              pressId
              textbookTaskType
              spellingTimeoutSec
              taskDueDays
            }
          }
        }
      `,
      {},
      { fetchPolicy: 'network-only' },
    ).toPromise();
    const kept = data?.viewer?.selectedClass;
    // Not after a logout that came first (the answer would fill the cleared storage again).
    if (kept && sessionStorage.getItem('user') !== null && !sessionStorage.getItem('selectedClassname')) storeSelectedClass(kept);
  } catch {
    // Not fatal: the Classes screen selects it again, and SelectClass still works.
  }
}
