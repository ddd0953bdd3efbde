/**
 * @generated SignedSource<<eeb5ac9d82a46be9fcdff49f842ad05a>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type ScoreChart_dashboard$data = {
  readonly finishedTasks: {
    readonly edges: ReadonlyArray<{
      readonly node: {
        readonly averageScore: number;
        readonly currentScore: number;
        readonly maxScore: number;
        readonly minScore: number;
        readonly testId: string;
      };
    }>;
  };
  readonly " $fragmentType": "ScoreChart_dashboard";
};
export type ScoreChart_dashboard$key = {
  readonly " $data"?: ScoreChart_dashboard$data;
  readonly " $fragmentSpreads": FragmentRefs<"ScoreChart_dashboard">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "ScoreChart_dashboard",
  "selections": [
    {
      "alias": null,
      "args": [
        {
          "kind": "Literal",
          "name": "last",
          "value": 100
        }
      ],
      "concreteType": "DashboardFinishedTasksConnection",
      "kind": "LinkedField",
      "name": "finishedTasks",
      "plural": false,
      "selections": [
        {
          "alias": null,
          "args": null,
          "concreteType": "DashboardFinishedTasksConnectionEdge",
          "kind": "LinkedField",
          "name": "edges",
          "plural": true,
          "selections": [
            {
              "alias": null,
              "args": null,
              "concreteType": "DashboardRecord",
              "kind": "LinkedField",
              "name": "node",
              "plural": false,
              "selections": [
                {
                  "alias": null,
                  "args": null,
                  "kind": "ScalarField",
                  "name": "testId",
                  "storageKey": null
                },
                {
                  "alias": null,
                  "args": null,
                  "kind": "ScalarField",
                  "name": "currentScore",
                  "storageKey": null
                },
                {
                  "alias": null,
                  "args": null,
                  "kind": "ScalarField",
                  "name": "averageScore",
                  "storageKey": null
                },
                {
                  "alias": null,
                  "args": null,
                  "kind": "ScalarField",
                  "name": "maxScore",
                  "storageKey": null
                },
                {
                  "alias": null,
                  "args": null,
                  "kind": "ScalarField",
                  "name": "minScore",
                  "storageKey": null
                }
              ],
              "storageKey": null
            }
          ],
          "storageKey": null
        }
      ],
      "storageKey": "finishedTasks(last:100)"
    }
  ],
  "type": "Dashboard",
  "abstractKey": null
};

(node as any).hash = "14ca8356c2fdb090580bdc2d4c522605";

export default node;
