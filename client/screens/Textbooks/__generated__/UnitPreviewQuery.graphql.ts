/**
 * @generated SignedSource<<c1c06a59d4d474a96c6e8b648682c0b6>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
export type UnitPreviewQuery$variables = {
  bookId: string;
  unitId: string;
};
export type UnitPreviewQuery$data = {
  readonly node: {
    readonly unit?: {
      readonly title: string;
      readonly unitId: string;
      readonly words: ReadonlyArray<{
        readonly definition: string;
        readonly partOfSpeech: string;
        readonly phonetic: string;
        readonly pictureUrl: string | null | undefined;
        readonly text: string;
      }>;
    } | null | undefined;
  } | null | undefined;
};
export type UnitPreviewQuery = {
  response: UnitPreviewQuery$data;
  variables: UnitPreviewQuery$variables;
};

const node: ConcreteRequest = (function(){
var v0 = [
  {
    "defaultValue": null,
    "kind": "LocalArgument",
    "name": "bookId"
  },
  {
    "defaultValue": null,
    "kind": "LocalArgument",
    "name": "unitId"
  }
],
v1 = [
  {
    "kind": "Variable",
    "name": "id",
    "variableName": "bookId"
  }
],
v2 = {
  "kind": "InlineFragment",
  "selections": [
    {
      "alias": null,
      "args": [
        {
          "kind": "Variable",
          "name": "unitId",
          "variableName": "unitId"
        }
      ],
      "concreteType": "Unit",
      "kind": "LinkedField",
      "name": "unit",
      "plural": false,
      "selections": [
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "unitId",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "title",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "concreteType": "UnitWord",
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
              "name": "partOfSpeech",
              "storageKey": null
            },
            {
              "alias": null,
              "args": null,
              "kind": "ScalarField",
              "name": "phonetic",
              "storageKey": null
            },
            {
              "alias": null,
              "args": null,
              "kind": "ScalarField",
              "name": "definition",
              "storageKey": null
            },
            {
              "alias": null,
              "args": null,
              "kind": "ScalarField",
              "name": "pictureUrl",
              "storageKey": null
            }
          ],
          "storageKey": null
        }
      ],
      "storageKey": null
    }
  ],
  "type": "Book",
  "abstractKey": null
};
return {
  "fragment": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Fragment",
    "metadata": null,
    "name": "UnitPreviewQuery",
    "selections": [
      {
        "alias": null,
        "args": (v1/*:: as any*/),
        "concreteType": null,
        "kind": "LinkedField",
        "name": "node",
        "plural": false,
        "selections": [
          (v2/*:: as any*/)
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
    "name": "UnitPreviewQuery",
    "selections": [
      {
        "alias": null,
        "args": (v1/*:: as any*/),
        "concreteType": null,
        "kind": "LinkedField",
        "name": "node",
        "plural": false,
        "selections": [
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "__typename",
            "storageKey": null
          },
          (v2/*:: as any*/),
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "id",
            "storageKey": null
          }
        ],
        "storageKey": null
      }
    ]
  },
  "params": {
    "cacheID": "16731ecab113eb56c606075777f1131b",
    "id": null,
    "metadata": {},
    "name": "UnitPreviewQuery",
    "operationKind": "query",
    "text": "query UnitPreviewQuery(\n  $bookId: ID!\n  $unitId: String!\n) {\n  node(id: $bookId) {\n    __typename\n    ... on Book {\n      unit(unitId: $unitId) {\n        unitId\n        title\n        words {\n          text\n          partOfSpeech\n          phonetic\n          definition\n          pictureUrl\n        }\n      }\n    }\n    id\n  }\n}\n"
  }
};
})();

(node as any).hash = "f38f1293b4c3e9d82b5aaf3b4a5b450a";

export default node;
