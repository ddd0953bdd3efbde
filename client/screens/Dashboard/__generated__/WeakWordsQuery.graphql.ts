/**
 * @generated SignedSource<<f346d2bc5177fbbb71fab67b5c486695>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
export type WeakWordsPeriod = "TERM" | "WEEK" | "%future added value";
export type WeakWordsQuery$variables = {
  className: string;
  period: WeakWordsPeriod;
};
export type WeakWordsQuery$data = {
  readonly viewer: {
    readonly class: {
      readonly id: string;
      readonly name: string;
      readonly weakWords: {
        readonly sinceDay: string;
        readonly words: ReadonlyArray<{
          readonly card: {
            readonly audioUrl: string;
          } | null | undefined;
          readonly studentCount: number;
          readonly students: ReadonlyArray<{
            readonly displayName: string;
            readonly timesMissed: number;
          }>;
          readonly text: string;
          readonly timesMissed: number;
          readonly wrongSpellings: ReadonlyArray<{
            readonly count: number;
            readonly spelling: string;
          }>;
        }>;
      };
    } | null | undefined;
  } | null | undefined;
};
export type WeakWordsQuery = {
  response: WeakWordsQuery$data;
  variables: WeakWordsQuery$variables;
};

const node: ConcreteRequest = (function(){
var v0 = [
  {
    "defaultValue": null,
    "kind": "LocalArgument",
    "name": "className"
  },
  {
    "defaultValue": null,
    "kind": "LocalArgument",
    "name": "period"
  }
],
v1 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "id",
  "storageKey": null
},
v2 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "timesMissed",
  "storageKey": null
},
v3 = {
  "alias": null,
  "args": [
    {
      "kind": "Variable",
      "name": "name",
      "variableName": "className"
    }
  ],
  "concreteType": "Class",
  "kind": "LinkedField",
  "name": "class",
  "plural": false,
  "selections": [
    (v1/*:: as any*/),
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "name",
      "storageKey": null
    },
    {
      "alias": null,
      "args": [
        {
          "kind": "Variable",
          "name": "period",
          "variableName": "period"
        }
      ],
      "concreteType": "ClassWeakWords",
      "kind": "LinkedField",
      "name": "weakWords",
      "plural": false,
      "selections": [
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "sinceDay",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "concreteType": "WeakWord",
          "kind": "LinkedField",
          "name": "words",
          "plural": true,
          "selections": [
            {
              "alias": null,
              "args": null,
              "kind": "ScalarField",
              "name": "text",
              "storageKey": null
            },
            {
              "alias": null,
              "args": null,
              "kind": "ScalarField",
              "name": "studentCount",
              "storageKey": null
            },
            (v2/*:: as any*/),
            {
              "alias": null,
              "args": null,
              "concreteType": "CommonWrongSpelling",
              "kind": "LinkedField",
              "name": "wrongSpellings",
              "plural": true,
              "selections": [
                {
                  "alias": null,
                  "args": null,
                  "kind": "ScalarField",
                  "name": "spelling",
                  "storageKey": null
                },
                {
                  "alias": null,
                  "args": null,
                  "kind": "ScalarField",
                  "name": "count",
                  "storageKey": null
                }
              ],
              "storageKey": null
            },
            {
              "alias": null,
              "args": null,
              "concreteType": "WeakWordStudent",
              "kind": "LinkedField",
              "name": "students",
              "plural": true,
              "selections": [
                {
                  "alias": null,
                  "args": null,
                  "kind": "ScalarField",
                  "name": "displayName",
                  "storageKey": null
                },
                (v2/*:: as any*/)
              ],
              "storageKey": null
            },
            {
              "alias": null,
              "args": null,
              "concreteType": "WordCard",
              "kind": "LinkedField",
              "name": "card",
              "plural": false,
              "selections": [
                {
                  "alias": null,
                  "args": null,
                  "kind": "ScalarField",
                  "name": "audioUrl",
                  "storageKey": null
                }
              ],
              "storageKey": null
            }
          ],
          "storageKey": null
        }
      ],
      "storageKey": null
    }
  ],
  "storageKey": null
};
return {
  "fragment": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Fragment",
    "metadata": null,
    "name": "WeakWordsQuery",
    "selections": [
      {
        "alias": null,
        "args": null,
        "concreteType": "User",
        "kind": "LinkedField",
        "name": "viewer",
        "plural": false,
        "selections": [
          (v3/*:: as any*/)
        ],
        "storageKey": null
      }
    ],
    "type": "Query",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "WeakWordsQuery",
    "selections": [
      {
        "alias": null,
        "args": null,
        "concreteType": "User",
        "kind": "LinkedField",
        "name": "viewer",
        "plural": false,
        "selections": [
          (v3/*:: as any*/),
          (v1/*:: as any*/)
        ],
        "storageKey": null
      }
    ]
  },
  "params": {
    "cacheID": "b9d6d7eac3e95a1edfa01f2e3b1e1fc8",
    "id": null,
    "metadata": {},
    "name": "WeakWordsQuery",
    "operationKind": "query",
    "text": "query WeakWordsQuery(\n  $className: String!\n  $period: WeakWordsPeriod!\n) {\n  viewer {\n    class(name: $className) {\n      id\n      name\n      weakWords(period: $period) {\n        sinceDay\n        words {\n          text\n          studentCount\n          timesMissed\n          wrongSpellings {\n            spelling\n            count\n          }\n          students {\n            displayName\n            timesMissed\n          }\n          card {\n            audioUrl\n          }\n        }\n      }\n    }\n    id\n  }\n}\n"
  }
};
})();

(node as any).hash = "3e0b2af3f3021591498efd3d1497ba11";

export default node;
