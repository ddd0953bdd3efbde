/**
 * A student's last finished task and the words it missed, on the Tasks page ('Last task: 9 of
 * 10 · missed: elephant'), until the next task is opened: the player's 4 s return loses nothing.
 * With a link to My mistakes (我的错题本). Owned by the practice area (screens/Mistakes).
 */
import { Suspense, useEffect, useState } from 'react';
import { graphql } from 'react-relay/hooks';
import { useRouteQuery } from '../../routeQueries';
import { Link } from 'wouter';
import { T } from '../../i18n';
import { taskOpenedSince } from '../../ui/player/taskId';
import type { LastTaskBannerQuery } from './__generated__/LastTaskBannerQuery.graphql';
import '../Mistakes/mistakes.css';

export function LastTaskBanner() {
  // Its own small query (started with the task list's by the /task route): the list never waits for it.
  return (
    <Suspense fallback={null}>
      <Banner />
    </Suspense>
  );
}

function Banner() {
  const data = useRouteQuery<LastTaskBannerQuery>(
    graphql`
      query LastTaskBannerQuery {
        myLastTask {
          taskId
          finishedAt
          correct
          total
          missed
        }
      }
    `,
    {},
    { fetchPolicy: 'network-only' },
  );
  const last = data.myLastTask;
  const [hidden, setHidden] = useState(false);
  useEffect(() => setHidden(Boolean(last && taskOpenedSince(new Date(String(last.finishedAt))))), [last]);
  return (
    <div className="last-task-banner" data-testid="last-task">
      {last && !hidden && (
        <p>
          <strong>
            <T k="mistakes.lastTask" values={{ correct: last.correct, total: last.total }} />
          </strong>
          {' · '}
          {last.missed.length > 0 ? <T k="mistakes.lastTaskMissed" values={{ words: last.missed.join(', ') }} /> : <T k="mistakes.lastTaskAllRight" />}
        </p>
      )}
      <p>
        <Link href="/mistakes">
          <T k="mistakes.link" />
        </Link>
      </p>
    </div>
  );
}
